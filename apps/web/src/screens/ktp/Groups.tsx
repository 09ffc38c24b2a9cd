import { Link } from 'react-router-dom';
import type { CalendarPlanGroups } from '@sabaq/platform';
import { path, useLoad } from '../shared/api';
import { LoadState, ktpPaths } from './common';
import { ktpText } from './texts';

/** backoffice/ktp: the groups whose calendar plans the user may open. */
export default function Groups() {
  const t = ktpText();
  const loaded = useLoad<CalendarPlanGroups>(path('calendarPlans.groups'));
  return (
    <section className="ktp-page" aria-labelledby="ktp-groups-h">
      <h1 id="ktp-groups-h">{t('ktp')}</h1>
      <LoadState loaded={loaded} t={t}>
        {(groups) =>
          groups.length === 0 ? (
            <p>{t('noGroups')}</p>
          ) : (
            <ul className="ktp-list" aria-label={t('groups')}>
              {groups.map((g) => (
                <li key={g.id}>
                  <Link to={ktpPaths.group(g.id)}>
                    <strong>{g.name}</strong>
                    <br />
                    <span className="ktp-muted">{t('plansCount', { n: g.plans })}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </LoadState>
    </section>
  );
}
