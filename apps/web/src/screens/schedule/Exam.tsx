import { Button, Group, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { Draft } from '@sabaq/engine';
import type {
  Answers,
  ExamAttempt,
  ExamSitting,
  ExamWindow,
  Lesson,
  Person,
} from '@sabaq/platform';
import { api } from '../../app/services';
import { failure, path, schoolDateTime, urlLang, useLoad } from '../shared/api';
import { DraftRunner } from '../shared/DraftRunner';
import { teachingText } from '../shared/teaching-texts';
import { useAppState } from '../../session/store';
import { TimedExam } from './TimedExam';
import { useConfirm } from '../shared/use-confirm';
import { OverrideComment } from './ResultOverride';
import '../shared/teaching.css';
import { pathTo } from '../shared/named';

export interface ExamData {
  lesson: Lesson;
  student: Person;
  draft: Draft;
  version: number;
  maxScore: number;
  /** The student's attempt: for a pupil, no more of the result than the window allows. */
  attempt: ExamAttempt | null;
  window: ExamWindow;
  /** A pupil's timed SOR/SOCh sitting; null before the start (then `draft.pages` is empty). */
  sitting: ExamSitting | null;
}

/**
 * schedule/exam/platform/{scheduleId}/{userId}/{lessonType}/{lessonId}/{finished?}: a student
 * takes a SOR/SOCh, or the tasks of a lesson, lecture or custom lesson (their answers reach the
 * teacher's progress and answer screens the same way); select, choice and connection are graded
 * on hand-in, open answers wait for the teacher. A
 * SOR/SOCh answers only that it was handed in until the window is over for the class (then the
 * total; per task when the teacher shows the answers).
 */
export default function Exam() {
  const t = teachingText();
  const p = useParams();
  const navigate = useNavigate();
  const lang = urlLang();
  const params = {
    scheduleId: Number(p.scheduleId),
    userId: Number(p.userId),
    lessonType: p.lessonType ?? '',
    lessonId: p.lessonId ?? '',
  };
  const exam = useLoad<ExamData>(path('schedule.exam', params));
  const finishedPath = `/${lang}/schedule/exam/platform/${params.scheduleId}/${params.userId}/${params.lessonType}/${encodeURIComponent(params.lessonId)}/finished`;
  // Staff open a pupil's sheet here too: they read it, they do not take it.
  const isPupil = useAppState((state) => state.user?.role === 'student');
  const [answers, setAnswers] = useState<Answers>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [ask, confirmModal] = useConfirm();
  if (exam.error) return <p role="alert">{exam.error}</p>;
  const d = exam.data;
  if (!d) return <p>{t('loading')}</p>;
  const submit = async () => {
    const ok = await ask({
      title: t('examSubmit'),
      message: t('examConfirm'),
      action: t('examSubmit'),
    });
    if (!ok) return;
    setBusy(true);
    const r = await api.post<{ data: ExamAttempt }>(
      path('schedule.examSubmit', {
        scheduleId: params.scheduleId,
        lessonType: params.lessonType,
        lessonId: params.lessonId,
      }),
      { answers },
      { handle: 'form' },
    );
    setBusy(false);
    if (r.error) {
      setError(failure(r));
      return;
    }
    navigate(finishedPath, { replace: true });
    await exam.reload();
  };
  const a = d.attempt;
  // Material without tasks (a lecture's text) is read here too: nothing to hand in.
  const answerable = d.draft.pages.some((page) => page.modules.some((m) => m.type === 'task'));
  // SOR/SOCh run under exam conditions: a timed sitting (TimedExam); other work any time.
  const timed = d.draft.type === 'sor' || d.draft.type === 'soch';
  return (
    <section className="tch-page" aria-labelledby="exam-h">
      <Title order={1} id="exam-h">
        {d.draft.title}
      </Title>
      <p className="tch-muted">
        <Link to={pathTo('VLessonPage', { scheduleId: d.lesson.id })}>
          {d.lesson.subject.name} · {d.lesson.group.name}
        </Link>{' '}
        · {d.student.fullname}
        {answerable ? ` · ${t('maxPoints')}: ${d.maxScore}` : ''}
      </p>
      {a && <AttemptResult attempt={a} />}
      {timed && !a && isPupil ? (
        <TimedExam
          exam={params}
          draft={d.draft}
          sitting={d.sitting}
          onChanged={async (handedIn) => {
            if (handedIn) navigate(finishedPath, { replace: true });
            await exam.reload();
          }}
        />
      ) : (
        <>
          <DraftRunner
            draft={d.draft}
            answers={a ? a.answers : answers}
            onChange={a || !answerable || !isPupil ? undefined : setAnswers}
            results={a?.results ?? null}
          />
          {error && <p role="alert">{error}</p>}
          {!a && answerable && isPupil && (
            <Group>
              <Button onClick={() => void submit()} loading={busy} w={{ base: '100%', sm: 'auto' }}>
                {t('examSubmit')}
              </Button>
            </Group>
          )}
          {confirmModal}
        </>
      )}
    </section>
  );
}

/** What the pupil may know of their result (the server decides; see `ExamAttempt.shown`). */
export function AttemptResult({ attempt: a }: { attempt: ExamAttempt }) {
  const t = teachingText();
  if (a.shown === 'handedIn' || a.score === null)
    return (
      <p role="status" className="tch-result">
        {t('examHandedIn', { time: a.finishedAt ? schoolDateTime(a.finishedAt).slice(11) : '' })}
      </p>
    );
  return (
    <>
      <p role="status" className="tch-result">
        <strong>
          {t('result')}: {a.score} / {a.maxScore} ({a.percent}%)
        </strong>
        {a.pending ? ` · ${t('pendingCheck')}` : ''}
        {a.shown === 'total' ? ` · ${t('examTotalOnly')}` : ''}
      </p>
      {a.override?.comment ? <OverrideComment comment={a.override.comment} /> : null}
    </>
  );
}
