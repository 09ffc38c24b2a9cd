import { Link, useParams } from 'react-router-dom';
import type { CalendarPlanSummary } from '@sabaq/platform';
import { path, useLoad } from '../schedule/api';
import { LoadState, ktpPaths } from './common';
import { ktpText } from './texts';

interface PlansData {
  group: { id: number; name: string };
  plans: CalendarPlanSummary[];
}

/** backoffice/ktp/{groupId}: the group's calendar plans, one per subject and school year. */
export default function Plans() {
  const t = ktpText();
  const groupId = Number(useParams().groupId);
  const valid = Number.isInteger(groupId) && groupId > 0;
  const loaded = useLoad<PlansData>(valid ? path('calendarPlans.list') : null, { groupId });
  return (
    <section className="ktp-page" aria-labelledby="ktp-plans-h">
      <p className="ktp-crumbs">
        <Link to={ktpPaths.groups()}>← {t('ktp')}</Link>
      </p>
      {!valid ? (
        <p role="alert">{t('noPlans')}</p>
      ) : (
        <LoadState loaded={loaded} t={t}>
          {(d) => (
            <>
              <h1 id="ktp-plans-h">
                {t('plans')}: {d.group.name}
              </h1>
              {d.plans.length === 0 ? (
                <p>{t('noPlans')}</p>
              ) : (
                <table className="ktp-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('subject')}</th>
                      <th scope="col">{t('teacher')}</th>
                      <th scope="col">{t('schoolYear')}</th>
                      <th scope="col">{t('lessonsCount')}</th>
                      <th scope="col">{t('hours')}</th>
                      <th scope="col">{t('linkedCount')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.plans.map((p) => (
                      <tr key={p.id}>
                        <th scope="row">
                          <Link to={ktpPaths.plan(d.group.id, p.id)}>{p.subject.name}</Link>
                        </th>
                        <td>{p.teacher?.fullname ?? t('noTeacher')}</td>
                        <td>{p.schoolYear}</td>
                        <td>{p.lessonCount}</td>
                        <td>{p.hours}</td>
                        <td>{p.linked}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </>
          )}
        </LoadState>
      )}
    </section>
  );
}
