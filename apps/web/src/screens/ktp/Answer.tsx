import { Button, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Draft } from '@sabaq/engine';
import type { CalendarPlanAnswerData } from '@sabaq/platform';
import { api } from '../../app/services';
import { displayDate, displayDateTime, failure, path, useLoad } from '../shared/api';
import { DraftRunner } from '../shared/DraftRunner';
import '../shared/teaching.css';
import { LoadState, ktpPaths } from './common';
import type { T } from './common';
import { ktpText } from './texts';

/**
 * schedule/lecture/control/answer/{scheduleId}/{answerId} (staff): one pupil's answers to the
 * lecture's tasks in a lesson — automatic points beside each task, the open answers graded here,
 * and a comment.
 */
export default function Answer() {
  const t = ktpText();
  const p = useParams();
  const scheduleId = Number(p.scheduleId);
  const answerId = Number(p.answerId);
  const valid = [scheduleId, answerId].every((x) => Number.isInteger(x) && x > 0);
  const url = valid ? path('calendarPlans.answer', { scheduleId, answerId }) : null;
  const loaded = useLoad<CalendarPlanAnswerData>(url);
  return (
    <section className="ktp-page" aria-labelledby="ktp-answer-h">
      {!valid || !url ? (
        <p role="alert">404</p>
      ) : (
        <LoadState loaded={loaded} t={t}>
          {(d) => <AnswerView d={d} url={url} t={t} onSaved={loaded.set} />}
        </LoadState>
      )}
    </section>
  );
}

function AnswerView({
  d,
  url,
  t,
  onSaved,
}: {
  d: CalendarPlanAnswerData;
  url: string;
  t: T;
  onSaved: (d: CalendarPlanAnswerData) => void;
}) {
  const a = d.attempt;
  const draft = d.draft as unknown as Draft;
  const open = a.results.filter((r) => r.kind === 'open');
  const [points, setPoints] = useState<Record<string, string>>(() =>
    Object.fromEntries(open.map((r) => [r.moduleId, r.points === null ? '' : String(r.points)])),
  );
  const [comment, setComment] = useState(d.comment);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const grades: { moduleId: string; points: number }[] = [];
    for (const r of open) {
      const raw = (points[r.moduleId] ?? '').trim();
      if (raw === '') continue;
      const v = Number(raw.replace(',', '.'));
      if (!Number.isFinite(v) || v < 0 || v > r.max) {
        setError(t('badPoints', { max: r.max }));
        return;
      }
      grades.push({ moduleId: r.moduleId, points: v });
    }
    setBusy(true);
    setError(null);
    const res = await api.put<{ data: CalendarPlanAnswerData }>(
      url,
      { grades, comment },
      { handle: 'silent' },
    );
    setBusy(false);
    if (res.error) setError(failure(res));
    else {
      onSaved(res.data.data);
      setSaved(true);
    }
  };

  return (
    <>
      <p className="ktp-crumbs">
        {d.ktpLesson ? (
          <Link to={ktpPaths.view(d.ktpLesson.uuid)}>
            ← {t('ktpLesson')}: №{d.ktpLesson.number}. {d.ktpLesson.topic}
          </Link>
        ) : (
          <Link to={ktpPaths.lesson(d.lesson.id)}>← {t('back')}</Link>
        )}
      </p>
      <h1 id="ktp-answer-h">
        {t('answerTitle')}: {d.student.fullname}
      </h1>
      <p className="ktp-muted">
        {draft.title} · {d.lesson.subject.name} · {d.lesson.group.name} ·{' '}
        {displayDate(d.lesson.date)}
        {a.finishedAt ? ` · ${t('finishedAt')}: ${displayDateTime(a.finishedAt)}` : ''}
      </p>
      <p role="status">
        <strong>
          {t('result')}: {a.score} / {a.maxScore} ({a.percent}%)
        </strong>
        {a.pending ? ` · ${t('pendingCheck')}` : ''}
      </p>
      <DraftRunner draft={draft} answers={a.answers} results={a.results} answersOf="pupil" />
      <form
        className="ktp-grade"
        noValidate
        onSubmit={(e) => void submit(e)}
        aria-label={t('saveAnswer')}
      >
        {open.map((r) => (
          <TextInput
            key={r.moduleId}
            label={t('pointsFor', { task: r.title || r.moduleId, max: r.max })}
            type="number"
            min={0}
            max={r.max}
            step={0.5}
            inputMode="decimal"
            value={points[r.moduleId] ?? ''}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setPoints((s) => ({ ...s, [r.moduleId]: v }));
            }}
            w={{ base: '100%', sm: 200 }}
          />
        ))}
        <Textarea
          label={t('comment')}
          rows={3}
          maxLength={2000}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
        />
        <div className="ktp-actions">
          <Button type="submit" disabled={busy}>
            {t('saveAnswer')}
          </Button>
          {saved && <span role="status">{t('saved')}</span>}
        </div>
        {error && <p role="alert">{error}</p>}
      </form>
    </>
  );
}
