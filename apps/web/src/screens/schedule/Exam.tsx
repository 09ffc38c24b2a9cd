import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { Draft } from '@sabaq/engine';
import type { Answers, Attempt, Lesson, Person } from '@sabaq/platform';
import { api } from '../../app/services';
import { failure, path, urlLang, useLoad } from './api';
import { DraftRunner } from './DraftRunner';
import { teachingText } from './texts';
import './teaching.css';

export interface ExamData {
  lesson: Lesson;
  student: Person;
  draft: Draft;
  version: number;
  maxScore: number;
  attempt: Attempt | null;
}

/**
 * schedule/exam/platform/{scheduleId}/{userId}/{lessonType}/{lessonId}/{finished?}: a student
 * takes a SOR/SOCh (or lesson tasks); select, choice and connection are graded on hand-in.
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
  const [answers, setAnswers] = useState<Answers>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (exam.error) return <p role="alert">{exam.error}</p>;
  const d = exam.data;
  if (!d) return <p>{t('loading')}</p>;
  const submit = async () => {
    if (!window.confirm(t('examConfirm'))) return;
    setBusy(true);
    const r = await api.post<{ data: Attempt }>(
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
    navigate(
      `/${lang}/schedule/exam/platform/${params.scheduleId}/${params.userId}/${params.lessonType}/${encodeURIComponent(params.lessonId)}/finished`,
      {
        replace: true,
      },
    );
    await exam.reload();
  };
  const a = d.attempt;
  return (
    <section className="tch-page" aria-labelledby="exam-h">
      <h1 id="exam-h">{d.draft.title}</h1>
      <p className="tch-muted">
        <Link to={`/${lang}/schedule/lesson/${d.lesson.id}`}>
          {d.lesson.subject.name} · {d.lesson.group.name}
        </Link>{' '}
        · {d.student.fullname} · {t('maxPoints')}: {d.maxScore}
      </p>
      {a && (
        <p role="status" className="tch-result">
          <strong>
            {t('result')}: {a.score} / {a.maxScore} ({a.percent}%)
          </strong>
          {a.pending ? ` · ${t('pendingCheck')}` : ''}
        </p>
      )}
      <DraftRunner
        draft={d.draft}
        answers={a ? a.answers : answers}
        onChange={a ? undefined : setAnswers}
        results={a?.results ?? null}
      />
      {error && <p role="alert">{error}</p>}
      {!a && (
        <p>
          <button onClick={() => void submit()} disabled={busy}>
            {t('examSubmit')}
          </button>
        </p>
      )}
    </section>
  );
}
