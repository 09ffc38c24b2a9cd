import { breadcrumbs, orgKindOf, type UiLang, type UrlLang } from '@sabaq/platform';
import { useTranslation } from 'react-i18next';
import { Link, useMatches, useParams } from 'react-router-dom';
import type { RouteHandle } from '../app/router';
import { useAppState } from '../session/store';
import { useCrumbLabelsNow } from './crumb-labels';

/** Spec §2 breadcrumbs: Home, then the matched route's trail with params filled. */
export function Breadcrumbs() {
  const matches = useMatches();
  const params = useParams();
  const { t, i18n } = useTranslation();
  const labels = useCrumbLabelsNow();
  const user = useAppState((s) => s.user);
  const leaf = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.route);
  const route = (leaf?.handle as RouteHandle | undefined)?.route;
  if (!route) return null;
  const crumbs = breadcrumbs(
    route.id,
    params,
    params.lang as UrlLang,
    i18n.language as UiLang,
    labels,
    orgKindOf(user),
  );
  if (crumbs.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label={t('shell.breadcrumbs')}>
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={`${index}-${crumb.label}`}>
            {crumb.to ? (
              <Link to={crumb.to}>{crumb.label}</Link>
            ) : (
              <span aria-current={index === crumbs.length - 1 ? 'page' : undefined}>
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
