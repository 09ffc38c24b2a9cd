import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Draft } from '@sabaq/engine';
import type { Answer, Homework } from '@sabaq/platform';
import { api } from '../../app/services';
import { failure, path, urlLang, useLoad } from '../schedule/api';
import { DraftRunner } from '../schedule/DraftRunner';
import { teachingText } from '../schedule/texts';
import { FileList, HomeworkCard } from './shared';
import '../schedule/teaching.css';

type Data = { homework: Homework; answer: Answer; exercise: Draft | null };

/** homework/control/assigned/{answerId}: check, grade, comment, or return for rework. */
export default function ControlAnswer() {
  const t = teachingText();
  const lang = urlLang();
  const id = Number(useParams().answerId);
  const url = path('homework.check', { answerId: id });
  const d = useLoad<Data>(path('homework.controlAnswer', { answerId: id }));
  const [grade, setGrade] = useState('');
  const [comment, setComment] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  if (d.error) return <p role="alert">{d.error}</p>;
  if (!d.data) return <p>{t('loading')}</p>;
  const a = d.data.answer;
  const act = async (body: object) => {
    const r = await api.put<{ data: Data }>(url, body, { handle: 'form' });
    if (r.error) setMessage(failure(r));
    else {
      setMessage(t('saved'));
      d.set(r.data.data);
    }
  };
  return (
    <section className="tch-page" aria-labelledby="check-h">
      <h1 id="check-h">
        {a.student.fullname} — {t(`hw_${a.status}`)}
      </h1>
      <p>
        <Link to={`/${lang}/homework/control/${a.homeworkId}`}>← {t('answers')}</Link>
      </p>
      <HomeworkCard h={d.data.homework} />
      <article className="tch-day">
        <h2>{t('answer')}</h2>
        <p style={{ whiteSpace: 'pre-wrap' }}>{a.text}</p>
        <FileList files={a.files} />
        {d.data.exercise && a.exerciseAnswers && (
          <>
            <p>
              {t('exercise')}: {a.exerciseScore} / {a.exerciseMax}
            </p>
            <DraftRunner
              draft={d.data.exercise}
              answers={a.exerciseAnswers}
              results={a.exerciseResults}
            />
          </>
        )}
        {a.grade !== null && (
          <p>
            {t('yourGrade')}: <strong>{a.grade}</strong>
          </p>
        )}
        {a.comment && (
          <p>
            {t('teacherComment')}: {a.comment}
          </p>
        )}
      </article>
      {(a.status === 'sent' || a.status === 'checked') && (
        <form
          className="tch-page"
          onSubmit={(e) => {
            e.preventDefault();
            void act({ action: 'check', grade: Number(grade), comment });
          }}
        >
          <label>
            {t('gradeLabel')}{' '}
            <input
              type="number"
              min={1}
              max={10}
              required
              value={grade}
              onChange={(e) => setGrade(e.target.value)}
            />
          </label>
          <label>
            {t('teacherComment')}
            <textarea rows={3} value={comment} onChange={(e) => setComment(e.target.value)} />
          </label>
          <div className="tch-bar">
            <button type="submit">{t('check')}</button>
            {a.status === 'sent' && (
              <button type="button" onClick={() => void act({ action: 'return', comment })}>
                {t('returnRework')}
              </button>
            )}
          </div>
        </form>
      )}
      {message && <p role="status">{message}</p>}
    </section>
  );
}
