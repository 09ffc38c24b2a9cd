import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, NativeSelect } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { CalendarPlanData, CalendarPlanSummary } from '@sabaq/platform';
import { api } from '../../app/services';
import { failure, path, useLoad } from '../shared/api';
import { ColumnHeads, LoadState, ScrollTable, ktpPaths } from './common';
import type { T } from './common';
import { ktpText } from './texts';

interface PlansData {
  group: { id: number; name: string };
  plans: CalendarPlanSummary[];
  schoolYear: string | null;
  available: { id: number; name: string }[];
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
              {d.schoolYear && d.available.length > 0 && (
                <CreatePlan groupId={d.group.id} year={d.schoolYear} subjects={d.available} t={t} />
              )}
              {d.plans.length === 0 ? (
                <p>{t('noPlans')}</p>
              ) : (
                <ScrollTable minWidth={640}>
                  <table className="ktp-table">
                    <ColumnHeads
                      names={[
                        t('subject'),
                        t('teacher'),
                        t('schoolYear'),
                        t('lessonsCount'),
                        t('hours'),
                        t('linkedCount'),
                      ]}
                    />
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
                </ScrollTable>
              )}
            </>
          )}
        </LoadState>
      )}
    </section>
  );
}

/** A new (empty) plan for one of the group's subjects without a plan; opens it when made. */
function CreatePlan({
  groupId,
  year,
  subjects,
  t,
}: {
  groupId: number;
  year: string;
  subjects: { id: number; name: string }[];
  t: T;
}) {
  const navigate = useNavigate();
  const [subjectId, setSubjectId] = useState(String(subjects[0]?.id ?? ''));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const r = await api.post<{ data: CalendarPlanData }>(
      path('calendarPlans.create'),
      { groupId, subjectId: Number(subjectId), schoolYear: year },
      { handle: 'silent' },
    );
    setBusy(false);
    if (r.error) setError(failure(r));
    else navigate(ktpPaths.plan(groupId, r.data.data.plan.id));
  };
  return (
    <form
      className="ktp-create ktp-actions"
      aria-labelledby="ktp-create-h"
      onSubmit={(e) => void submit(e)}
    >
      <h2 id="ktp-create-h">{t('createPlanFor', { year })}</h2>
      <NativeSelect
        label={t('chooseSubject')}
        value={subjectId}
        onChange={(e) => setSubjectId(e.currentTarget.value)}
        aria-describedby={error ? 'ktp-create-err' : undefined}
        error={Boolean(error)}
        data={subjects.map((s) => ({ value: String(s.id), label: s.name }))}
        w={{ base: '100%', sm: 280 }}
      />
      <Button type="submit" disabled={busy || !subjectId} className="ktp-end">
        {t('createPlan')}
      </Button>
      {error && (
        <span id="ktp-create-err" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}
