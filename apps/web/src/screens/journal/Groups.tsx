import { Link } from 'react-router-dom';
import { inGroup } from '@sabaq/platform';
import { api } from '../../app/services';
import { useAppState } from '../../session/store';
import { displayDate, path, urlLang, useLoad } from '../schedule/api';
import { teachingText } from '../schedule/texts';
import '../schedule/teaching.css';

interface Period {
  id: number;
  name: string;
  quarter: number;
  startDate: string;
  endDate: string;
  is_current: boolean;
}

/** control/journal/groups: the groups the employee keeps a journal for, and the periods. */
export default function Groups() {
  const t = teachingText();
  const lang = urlLang();
  const role = useAppState((s) => s.user?.role);
  const groups = useLoad<{ id: number; name: string; students: number }[]>(path('journal.groups'));
  const periods = useLoad<Period[]>(path('journal.periods'));
  const manage = role !== undefined && inGroup(role, 'management');
  return (
    <section className="tch-page" aria-labelledby="journal-h">
      <h1 id="journal-h">{t('journal')}</h1>
      {groups.error && <p role="alert">{groups.error}</p>}
      <nav aria-label={t('groups')}>
        <ul className="tch-bar" style={{ listStyle: 'none', padding: 0 }}>
          {(groups.data ?? []).map((g) => (
            <li key={g.id}>
              <Link className="button" to={`/${lang}/control/journal/groups/${g.id}`}>
                {g.name}
              </Link>{' '}
              <span className="tch-muted">
                {g.students} {t('students')}
              </span>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="periods-h">
        <h2 id="periods-h">{t('period')}</h2>
        <ul>
          {(periods.data ?? []).map((p, i) => (
            <li key={p.id}>
              {p.name}: {displayDate(p.startDate)}–{displayDate(p.endDate)}{' '}
              {p.is_current && <strong>({t('current')})</strong>}{' '}
              {manage && !p.is_current && i === 0 && (
                <button
                  onClick={async () => {
                    const r = await api.put<{ data: Period[] }>(
                      path('journal.periodCurrent', { periodId: p.id }),
                    );
                    if (!r.error) periods.set(r.data.data);
                  }}
                >
                  {t('makeCurrent')}
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
