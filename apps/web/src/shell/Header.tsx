import { inGroup, type UiLang } from '@sabaq/platform';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { logout, switchLanguage } from '../app/services';
import { store, useAppState } from '../session/store';

const LANGS: readonly { lang: UiLang; code: string; name: string }[] = [
  { lang: 'kz', code: 'KK', name: 'Қазақша' },
  { lang: 'ru', code: 'RU', name: 'Русский' },
];

export function Header({
  onAiChat,
  setConfirmLogout,
}: {
  onAiChat: () => void;
  setConfirmLogout: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const { lang = 'kk' } = useParams();
  const user = useAppState((s) => s.user);
  const flags = useAppState((s) => s.flags);
  const conference = useAppState((s) => s.conferenceActive);
  const current = i18n.language as UiLang;
  const consultation = t('consultation.link');
  const fullName = user
    ? `${user.surname} ${user.firstname}${inGroup(user.role, 'employees') && user.position ? `, ${user.position}` : ''}`
    : '';

  const onLogout = () => {
    // Spec §4: during a video conference logout asks first.
    if (conference) setConfirmLogout(true);
    else void logout();
  };

  return (
    <header className="header">
      <Link to={`/${lang}`} className="header__logo" title={t('header.home')}>
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <span>{t('app.name')}</span>
      </Link>
      <div className="header__actions">
        {flags.has('landing-feature') && (
          <Link className="button button--ghost" to={`/${lang}/tariffs`}>
            {t('header.tariffs')}
          </Link>
        )}
        {user && flags.has('gpt-feature') && (
          <button type="button" className="button button--ghost" onClick={onAiChat}>
            {t('header.aiChat')}
          </button>
        )}
        {user && user.role !== 'student' && /^https?:\/\//.test(consultation) && (
          <a
            className="button button--ghost"
            href={consultation}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('consultation.title')}
          </a>
        )}
        <div className="lang-switch" role="group" aria-label={t('header.language')}>
          {LANGS.map((l) => (
            <button
              key={l.lang}
              type="button"
              lang={l.lang === 'kz' ? 'kk' : 'ru'}
              aria-pressed={current === l.lang}
              aria-label={`${l.code} — ${l.name}`}
              onClick={() => current !== l.lang && switchLanguage(l.lang)}
            >
              {l.code}
            </button>
          ))}
        </div>
        {user ? (
          <div className="header__user">
            <span className="header__name" title={fullName}>
              {fullName}
            </span>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => store.set({ passwordModal: 'open' })}
            >
              {t('password.title')}
            </button>
            <button type="button" className="button" onClick={onLogout}>
              {t('header.logout')}
            </button>
          </div>
        ) : (
          <Link className="button" to={`/${lang}/login`}>
            {t('header.login')}
          </Link>
        )}
      </div>
    </header>
  );
}
