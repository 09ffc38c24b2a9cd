import { hrefFor, type UrlLang } from '@sabaq/platform';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { RefusedState } from '../app/RouteGate';
import { useAppState } from '../session/store';

/**
 * A subscription that ended (issue 30): the session still names it (`subscription`) but none is
 * live. A B2B user who never subscribed has no `subscription` and is not "locked".
 */
export function subscriptionEnded(
  user: { subscription: unknown; hasSubscription: boolean } | null,
): boolean {
  return !!user && !!user.subscription && !user.hasSubscription;
}

/**
 * Notices at the head of every screen (issue 30): why a refused route sent the user here and
 * where to go (kz/ru), and, for a user whose subscription ended, that it ended and how to renew,
 * on the page they land on.
 */
/** `home`: the signed-in user's own start page (the shell computes it; null when signed out). */
export function Notices({ home }: { home: string | null }) {
  const { t } = useTranslation();
  const { lang = 'kk' } = useParams();
  const location = useLocation();
  const user = useAppState((s) => s.user);
  const locked = useAppState((s) => s.subscriptionLocked) || subscriptionEnded(user);
  const refused = (location.state as Partial<RefusedState> | null)?.refused;
  const urlLang = lang as UrlLang;
  const tariffs = hrefFor(urlLang, 'tariffs');
  const here = location.pathname.replace(/\/$/, '');
  // The locked page says it all itself, with its own way to the tariffs: no second banner there.
  const explained = here === hrefFor(urlLang, 'subscribe-locked');
  return (
    <>
      {refused && (
        <div className="shell-notice" role="alert" data-testid="refused-notice">
          <p>
            {t(refused.reason === 'role' ? 'shell.refusedRole' : 'shell.refusedSubscription', {
              page: refused.page,
            })}
          </p>
          {refused.reason === 'role' && home && home !== here && (
            <Link to={home}>{t('shell.refusedHome')}</Link>
          )}
          {refused.reason === 'subscription' && tariffs !== here && (
            <Link to={tariffs}>{t('shell.refusedTariffs')}</Link>
          )}
        </div>
      )}
      {locked && user && !explained && (
        <div
          className="shell-notice shell-notice--warning"
          role="alert"
          data-testid="locked-notice"
        >
          <p>
            <strong>{t('shell.lockedTitle')}</strong> {t('shell.lockedText')}
          </p>
          {tariffs !== here && <Link to={tariffs}>{t('shell.lockedRenew')}</Link>}
        </div>
      )}
    </>
  );
}
