import { Button, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { inGroup } from '@sabaq/platform';
import { api } from '../../app/services';
import { useAppState } from '../../session/store';
import { displayDate, path, urlLang, useLoad } from '../shared/api';
import { teachingText } from '../shared/teaching-texts';
import '../shared/teaching.css';

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
      <Title order={1} id="journal-h">
        {t('journal')}
      </Title>
      {groups.error && <p role="alert">{groups.error}</p>}
      <nav aria-label={t('groups')}>
        <ul className="tch-bar" style={{ listStyle: 'none', padding: 0 }}>
          {(groups.data ?? []).map((g) => (
            <li key={g.id}>
              <Button
                component={Link}
                variant="light"
                to={`/${lang}/control/journal/groups/${g.id}`}
              >
                {g.name}
              </Button>{' '}
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
                <Button
                  variant="default"
                  size="compact-md"
                  mih={40}
                  onClick={async () => {
                    const r = await api.put<{ data: Period[] }>(
                      path('journal.periodCurrent', { periodId: p.id }),
                    );
                    if (!r.error) periods.set(r.data.data);
                  }}
                >
                  {t('makeCurrent')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
