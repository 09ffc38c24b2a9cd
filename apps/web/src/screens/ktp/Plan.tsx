import { Button } from '@mantine/core';
import { featureBlockOn } from '../../app/feature-blocks';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { CalendarPlanData, CalendarPlanLesson } from '@sabaq/platform';
import { displayDate, download, path, useLoad } from '../shared/api';
import { ColumnHeads, LoadState, ScrollTable, ktpPaths } from './common';
import type { T } from './common';
import { PlanEditor } from './PlanEdit';
import { ktpText } from './texts';

/** backoffice/ktp/{groupId}/{calendarPlanId}: the plan's lessons with links to their screens. */
export default function Plan() {
  const t = ktpText();
  const params = useParams();
  const planId = Number(params.calendarPlanId);
  const valid = Number.isInteger(planId) && planId > 0;
  const loaded = useLoad<CalendarPlanData>(
    valid ? path('calendarPlans.plan', { calendarPlanId: planId }) : null,
  );
  const [editing, setEditing] = useState<boolean | null>(null);
  // An empty plan its manager opens starts (and stays) in edit mode.
  const first = loaded.data;
  useEffect(() => {
    if (first && editing === null) setEditing(first.plan.canManage && first.lessons.length === 0);
  }, [first, editing]);
  return (
    <section className="ktp-page" aria-labelledby="ktp-plan-h">
      <p className="ktp-crumbs">
        <Link to={ktpPaths.group(Number(params.groupId))}>← {t('plans')}</Link>
      </p>
      {!valid ? (
        <p role="alert">{t('noPlans')}</p>
      ) : (
        <LoadState loaded={loaded} t={t}>
          {(d) => (
            <>
              <h1 id="ktp-plan-h">
                {t('ktpShort')}: {d.plan.subject.name} · {d.plan.group.name}
              </h1>
              <p className="ktp-muted">
                {d.plan.schoolYear} · {d.plan.teacher?.fullname ?? t('noTeacher')} · {t('hours')}:{' '}
                {d.plan.hours}
              </p>
              {!d.plan.canManage && <p className="ktp-warning">{t('readOnly')}</p>}
              {(() => {
                const edit = d.plan.canManage && (editing ?? d.lessons.length === 0);
                const name = `KTP ${d.plan.group.name} ${d.plan.subject.name} ${d.plan.schoolYear}.xlsx`;
                return (
                  <>
                    <div className="ktp-actions" role="group" aria-label={t('actions')}>
                      {d.plan.canManage && (
                        <Button
                          variant="default"
                          type="button"
                          aria-pressed={edit}
                          onClick={() => setEditing(!edit)}
                        >
                          {edit ? t('finishEdit') : t('editPlan')}
                        </Button>
                      )}
                      {featureBlockOn('export') && (
                        <Button
                          variant="default"
                          type="button"
                          onClick={() =>
                            void download(
                              path('calendarPlans.export', { calendarPlanId: d.plan.id }),
                              name,
                            )
                          }
                        >
                          {t('exportXlsx')}
                        </Button>
                      )}
                    </div>
                    {edit ? (
                      <PlanEditor data={d} onChange={loaded.set} t={t} />
                    ) : d.lessons.length === 0 ? (
                      <p>{t('noLessons')}</p>
                    ) : (
                      <ScrollTable minWidth={900}>
                        <table className="ktp-table" aria-labelledby="ktp-plan-h">
                          <ColumnHeads
                            names={[
                              t('number'),
                              t('topic'),
                              t('hours'),
                              t('quarter'),
                              t('date'),
                              t('content'),
                              t('actions'),
                            ]}
                          />
                          <tbody>
                            {d.lessons.map((l) => (
                              <Row key={l.uuid} l={l} canManage={d.plan.canManage} t={t} />
                            ))}
                          </tbody>
                        </table>
                      </ScrollTable>
                    )}
                  </>
                );
              })()}
            </>
          )}
        </LoadState>
      )}
    </section>
  );
}

function Row({ l, canManage, t }: { l: CalendarPlanLesson; canManage: boolean; t: T }) {
  const lecture = l.content.find((c) => c.kind === 'lecture');
  const n = `№${l.number}`;
  return (
    <tr>
      <td>{l.number}</td>
      <th scope="row">{l.topic}</th>
      <td>{l.hours}</td>
      <td>{l.quarter}</td>
      <td>{l.date ? displayDate(l.date) : '—'}</td>
      <td>
        {l.content.length === 0 ? (
          '—'
        ) : (
          <ul>
            {l.content.map((c) => (
              <li key={c.kind}>
                <Link to={ktpPaths.product(c.kind, l.uuid)}>
                  {t(`product_${c.kind}`)}: {c.title}
                </Link>{' '}
                <span className="ktp-muted">({t(`status_${c.status}`)})</span>
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>
        <span className="ktp-actions">
          {lecture ? (
            <>
              <Link to={ktpPaths.view(l.uuid)} aria-label={`${t('viewLecture')}: ${n}`}>
                {t('viewLecture')}
              </Link>
              <Link to={ktpPaths.show(l.uuid)} aria-label={`${t('showLecture')}: ${n}`}>
                {t('showLecture')}
              </Link>
            </>
          ) : canManage ? (
            <Link to={ktpPaths.create(l.uuid)} aria-label={`${t('createLecture')}: ${n}`}>
              {t('createLecture')}
            </Link>
          ) : null}
          <Link to={ktpPaths.product('lesson', l.uuid)} aria-label={`${t('materials')}: ${n}`}>
            {t('materials')}
          </Link>
        </span>
      </td>
    </tr>
  );
}
