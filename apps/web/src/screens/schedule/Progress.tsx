import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ExamAttempt } from '@sabaq/platform';
import { api } from '../../app/services';
import { failure, path, useLoad } from '../shared/api';
import { DraftRunner } from '../shared/DraftRunner';
import type { ExamData } from './Exam';
import { teachingText } from '../shared/teaching-texts';
import { ResultOverride } from './ResultOverride';
import '../shared/teaching.css';
import { pathTo } from '../shared/named';

/** schedule/control/lesson/progress/{lessonType}/{scheduleId}/{lessonId}/{userId} (staff). */
export default function Progress() {
  const t = teachingText();
  const p = useParams();
  const params = {
    lessonType: p.lessonType ?? '',
    scheduleId: Number(p.scheduleId),
    lessonId: p.lessonId ?? '',
    userId: Number(p.userId),
  };
  const url = path('schedule.studentProgress', params);
  const d = useLoad<ExamData>(url);
  const [error, setError] = useState<string | null>(null);
  if (d.error) return <p role="alert">{d.error}</p>;
  if (!d.data) return <p>{t('loading')}</p>;
  const a = d.data.attempt;
  const grade = async (moduleId: string, points: number) => {
    const r = await api.put<{ data: ExamAttempt }>(url, { moduleId, points }, { handle: 'form' });
    if (r.error) setError(failure(r));
    else if (d.data) d.set({ ...d.data, attempt: r.data.data });
  };
  return (
    <section className="tch-page" aria-labelledby="progress-h">
      <h1 id="progress-h">
        {d.data.student.fullname} — {d.data.draft.title}
      </h1>
      <p>
        <Link to={pathTo('VLessonPage', { scheduleId: params.scheduleId, tab: 'progress' })}>
          ← {t('tabProgress')}
        </Link>
      </p>
      {a ? (
        <p role="status">
          <strong>
            {t('result')}: {a.score} / {a.maxScore} ({a.percent}%)
          </strong>
          {a.pending ? ` · ${t('pendingCheck')}` : ''}
        </p>
      ) : (
        <p className="tch-muted">{t('notTaken')}</p>
      )}
      {error && <p role="alert">{error}</p>}
      {a && (
        <ResultOverride
          attempt={a}
          url={`${url}/override`}
          onSaved={(attempt) => d.data && d.set({ ...d.data, attempt })}
        />
      )}
      <DraftRunner
        draft={d.data.draft}
        answers={a?.answers ?? {}}
        results={a?.results ?? null}
        onGrade={a ? grade : undefined}
        answersOf="pupil"
      />
    </section>
  );
}
