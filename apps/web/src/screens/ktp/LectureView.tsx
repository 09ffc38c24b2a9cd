import { Button } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { translator, Preview } from '@sabaq/editor';
import type { Draft } from '@sabaq/engine';
import type { CalendarPlanLessonData } from '@sabaq/platform';
import { api, currentUiLang } from '../../app/services';
import { displayDate, displayDateTime, failure, path, useLoad } from '../shared/api';
import {
  ColumnHeads,
  InlineConfirm,
  LessonHeader,
  LoadState,
  ScrollTable,
  ktpPaths,
} from './common';
import type { T } from './common';
import { ktpText } from './texts';
import { subgroupName } from '../shared/subgroups';

/**
 * schedule/lecture/control/view/{calendarPlanLessonUUID} (staff): the plan lesson, its lecture
 * as a student sees it, actions (edit, unlink, show, put on the dated lessons) and the pupils'
 * answers in the dated lessons.
 */
export default function LectureView() {
  const t = ktpText();
  const uuid = useParams().calendarPlanLessonUUID ?? '';
  const loaded = useLoad<CalendarPlanLessonData>(
    uuid ? path('calendarPlans.lesson', { calendarPlanLessonUUID: uuid }) : null,
  );
  return (
    <section className="ktp-page" aria-labelledby="ktp-view-h">
      <LoadState loaded={loaded} t={t}>
        {(d) => <View d={d} uuid={uuid} t={t} onChange={loaded.set} />}
      </LoadState>
    </section>
  );
}

function View({
  d,
  uuid,
  t,
  onChange,
}: {
  d: CalendarPlanLessonData;
  uuid: string;
  t: T;
  onChange: (d: CalendarPlanLessonData) => void;
}) {
  const lecture = d.lesson.content.find((c) => c.kind === 'lecture');
  const doc = d.documents.find((x) => x.kind === 'lecture')?.draft as unknown as Draft | undefined;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const manage = d.plan.canManage;

  const link = async (draftId: string | null) => {
    setBusy(true);
    setError(null);
    const r = await api.put<{ data: CalendarPlanLessonData }>(
      path('calendarPlans.lessonContent', { calendarPlanLessonUUID: uuid }),
      { kind: 'lecture', draftId },
      { handle: 'silent' },
    );
    setBusy(false);
    setConfirming(false);
    if (r.error) setError(failure(r));
    else {
      onChange(r.data.data);
      setNotice(draftId === null ? t('unlinked') : t('saved'));
    }
  };

  const notCarried =
    lecture?.status === 'published' && d.lesson.lessons.some((l) => l.contentDraftId === null);

  return (
    <>
      <LessonHeader
        plan={d.plan}
        lesson={d.lesson}
        title={t('lecture')}
        t={t}
        headingId="ktp-view-h"
      />
      {notice && <p role="status">{notice}</p>}
      {error && <p role="alert">{error}</p>}
      {!lecture ? (
        <>
          <p>{t('noLecture')}</p>
          {manage && (
            <div className="ktp-actions">
              <Link to={ktpPaths.create(uuid)}>{t('createLecture')}</Link>
            </div>
          )}
        </>
      ) : (
        <>
          <div className="ktp-actions" role="group" aria-label={t('actions')}>
            {manage && <Link to={ktpPaths.edit(lecture.draftId)}>{t('editLecture')}</Link>}
            <Link to={ktpPaths.show(uuid)}>{t('showLecture')}</Link>
            {manage && notCarried && (
              <Button
                variant="default"
                type="button"
                disabled={busy}
                onClick={() => void link(lecture.draftId)}
              >
                {t('attachToLessons')}
              </Button>
            )}
            {manage && !confirming && (
              <Button
                variant="default"
                type="button"
                disabled={busy}
                onClick={() => setConfirming(true)}
              >
                {t('unlink')}
              </Button>
            )}
          </div>
          {confirming && (
            <InlineConfirm
              action={t('unlink')}
              message={t('unlinkConfirm')}
              busy={busy}
              onConfirm={() => void link(null)}
              onCancel={() => setConfirming(false)}
              t={t}
            />
          )}
          {lecture.status !== 'published' && (
            <p className="ktp-warning">{t('lectureNotPublished')}</p>
          )}
          {doc && (
            <section aria-label={t('preview')} className="ktp-preview">
              <Preview draft={doc} t={translator(currentUiLang())} />
            </section>
          )}
        </>
      )}
      <h2>{t('datedLessons')}</h2>
      {d.lesson.lessons.length === 0 ? (
        <p>{t('noDatedLessons')}</p>
      ) : (
        <ul>
          {d.lesson.lessons.map((l) => {
            const carried = d.lesson.content.find((c) => c.draftId === l.contentDraftId);
            return (
              <li key={l.scheduleId}>
                <Link to={ktpPaths.lesson(l.scheduleId)}>
                  {displayDate(l.date)}
                  {l.subgroup ? ` · ${subgroupName(l.subgroup.name, currentUiLang())}` : ''}
                </Link>{' '}
                <span className="ktp-muted">
                  {l.contentDraftId === null
                    ? t('carriesNothing')
                    : t('carries', { title: carried?.title ?? l.contentDraftId })}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {manage && lecture && (
        <>
          <h2 id="ktp-answers-h">{t('answers')}</h2>
          {d.answers.length === 0 ? (
            <p>{t('noAnswers')}</p>
          ) : (
            <ScrollTable minWidth={560}>
              <table className="ktp-table" aria-labelledby="ktp-answers-h">
                <ColumnHeads names={[t('student'), t('date'), t('score'), t('finishedAt')]} />
                <tbody>
                  {d.answers.map((a) => (
                    <tr key={a.answerId}>
                      <th scope="row">
                        <Link to={ktpPaths.answer(a.scheduleId, a.answerId)}>
                          {a.student.fullname}
                        </Link>
                      </th>
                      <td>{displayDate(a.date)}</td>
                      <td>
                        {a.score} / {a.maxScore} ({a.percent}%)
                        {a.pending ? ` · ${t('pendingCheck')}` : ''}
                      </td>
                      <td>{a.finishedAt ? displayDateTime(a.finishedAt) : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollTable>
          )}
        </>
      )}
    </>
  );
}
