import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Attempt, Lesson as LessonT, Person, REFLECTION_MOODS } from '@sabaq/platform';
import { api } from '../../app/services';
import { useAppState } from '../../session/store';
import { KtpLessonLink } from '../ktp/KtpLessonLink';
import { displayDate, displayDateTime, failure, path, urlLang, useLoad } from './api';
import { teachingText } from './texts';
import { useLessonSync } from './useLessonSync';
import './teaching.css';

interface LessonData {
  lesson: LessonT;
  canManage: boolean;
  homework: { id: number; text: string; deadline: string; answerId: number | null }[];
}
type Mood = (typeof REFLECTION_MOODS)[number];
const MOODS: Mood[] = ['understood', 'partly', 'not_understood'];
const TABS = ['content', 'homework', 'attendance', 'progress'] as const;

/** schedule/lesson/{scheduleId}/{tab?}: the lesson with its tabs. */
export default function Lesson() {
  const t = teachingText();
  const { scheduleId, tab } = useParams();
  const id = Number(scheduleId);
  const lang = urlLang();
  const user = useAppState((s) => s.user);
  const loaded = useLoad<LessonData>(
    Number.isInteger(id) && id > 0 ? path('schedule.lesson', { scheduleId: id }) : null,
  );
  const d = loaded.data;
  const staff = d?.canManage ?? false;
  const tabs = TABS.filter((x) => staff || x === 'content' || x === 'homework');
  const current = tabs.includes(tab as (typeof TABS)[number])
    ? (tab as (typeof TABS)[number])
    : 'content';
  const labels = {
    content: t('tabContent'),
    homework: t('tabHomework'),
    attendance: t('tabAttendance'),
    progress: t('tabProgress'),
  };
  if (loaded.error) return <p role="alert">{loaded.error}</p>;
  if (!d) return <p>{t('loading')}</p>;
  const l = d.lesson;
  return (
    <section className="tch-page" aria-labelledby="lesson-h">
      <h1 id="lesson-h">
        {l.subject.name} · {l.group.name}
      </h1>
      <p className="tch-muted">
        {displayDate(l.date)}, {l.number}-{t('lesson').toLowerCase()} {l.startsAt}–{l.endsAt} ·{' '}
        {l.teacher?.fullname ?? t('noTeacher')}
        {l.theme ? ` · ${t('theme')}: ${l.theme}` : ''}
      </p>
      <KtpLessonLink scheduleId={l.id} staff={staff} />
      <nav className="tch-tabs" aria-label={t('lesson')}>
        {tabs.map((x) => (
          <Link
            key={x}
            to={`/${lang}/schedule/lesson/${l.id}/${x}`}
            aria-current={x === current ? 'page' : undefined}
          >
            {labels[x]}
          </Link>
        ))}
      </nav>
      {current === 'content' && (
        <ContentTab d={d} userId={user?.userId ?? 0} onChanged={loaded.reload} />
      )}
      {current === 'homework' && <HomeworkTab d={d} />}
      {current === 'attendance' && staff && <AttendanceTab lessonId={l.id} />}
      {current === 'progress' && staff && <ProgressTab lesson={l} />}
    </section>
  );
}

function ContentTab({
  d,
  userId,
  onChanged,
}: {
  d: LessonData;
  userId: number;
  onChanged: () => Promise<void>;
}) {
  const t = teachingText();
  const lang = urlLang();
  const l = d.lesson;
  const c = l.content;
  const published = useLoad<{ id: string; type: string; title: string; version: number }[]>(
    d.canManage ? path('schedule.publishedContent') : null,
  );
  const [choice, setChoice] = useState('');
  const [theme, setTheme] = useState(l.theme);
  const [error, setError] = useState<string | null>(null);
  const update = async (body: object) => {
    const r = await api.put(path('schedule.lessonUpdate', { scheduleId: l.id }), body, {
      handle: 'form',
    });
    if (r.error) setError(failure(r));
    else {
      setError(null);
      await onChanged();
    }
  };
  const exam = c && (c.type === 'sor' || c.type === 'soch');
  return (
    <div className="tch-page">
      {c ? (
        <p>
          <strong>{c.title}</strong>{' '}
          <span className="tch-muted">
            ({c.type}, {t('version')} {c.version})
          </span>{' '}
          {!d.canManage && exam && (
            <Link
              className="button"
              to={`/${lang}/schedule/exam/platform/${l.id}/${userId}/${c.type}/${encodeURIComponent(c.draftId)}`}
            >
              {t('takeExam')}
            </Link>
          )}
          {(!exam || d.canManage) && (
            <Link
              to={`/${lang}/schedule/content/platform/${c.type}/${encodeURIComponent(c.draftId)}`}
            >
              {t('openContent')}
            </Link>
          )}{' '}
          {d.canManage && (
            <button onClick={() => void update({ draftId: null })}>{t('detach')}</button>
          )}
        </p>
      ) : (
        <p className="tch-muted">{t('noContent')}</p>
      )}
      {d.canManage && (
        <form
          className="tch-bar"
          onSubmit={(e) => {
            e.preventDefault();
            void update({ theme, ...(choice ? { draftId: choice } : {}) });
          }}
        >
          <label>
            {t('theme')}{' '}
            <input value={theme} maxLength={300} onChange={(e) => setTheme(e.target.value)} />
          </label>
          <label>
            {t('attach')}{' '}
            <select
              value={choice}
              onChange={(e) => setChoice(e.target.value)}
              aria-describedby="attach-hint"
            >
              <option value="">—</option>
              {(published.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title} ({p.type})
                </option>
              ))}
            </select>
          </label>
          <span id="attach-hint" className="tch-muted">
            {t('attachHint')}
          </span>
          <button type="submit">{t('save')}</button>
        </form>
      )}
      {error && <p role="alert">{error}</p>}
      {d.canManage ? <LivePanel lessonId={l.id} /> : <ReflectForm lessonId={l.id} />}
    </div>
  );
}

function LivePanel({ lessonId }: { lessonId: number }) {
  const t = teachingText();
  const { users, reflections } = useLessonSync(lessonId);
  return (
    <div className="tch-week">
      <section className="tch-day" aria-labelledby="in-lesson">
        <h2 id="in-lesson">
          {t('inLesson')}: {users.length}
        </h2>
        {users.length === 0 ? (
          <p className="tch-muted">{t('nobodyOnline')}</p>
        ) : (
          <ul aria-live="polite">
            {users.map((u) => (
              <li key={u.id}>{u.fullname}</li>
            ))}
          </ul>
        )}
      </section>
      <section className="tch-day" aria-labelledby="reflections-h">
        <h2 id="reflections-h">{t('reflections')}</h2>
        {!reflections || reflections.length === 0 ? (
          <p className="tch-muted">{t('noReflections')}</p>
        ) : (
          <ul aria-live="polite">
            {reflections.map((r) => (
              <li key={r.student.id}>
                <strong>{r.student.fullname}</strong>: {t(`mood_${r.mood}`)}
                {r.text ? ` — ${r.text}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ReflectForm({ lessonId }: { lessonId: number }) {
  const t = teachingText();
  // Joining the lesson socket puts the student on the teacher's ping list.
  useLessonSync(lessonId);
  const [mood, setMood] = useState<Mood | null>(null);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  return (
    <form
      onSubmit={async (e) => {
        e.preventDefault();
        if (!mood) return;
        const r = await api.post(
          path('schedule.reflect', { scheduleId: lessonId }),
          { mood, text },
          { handle: 'form' },
        );
        setStatus(r.error ? failure(r) : t('reflectionSent'));
      }}
    >
      <fieldset>
        <legend>{t('reflect')}</legend>
        {MOODS.map((m) => (
          <label key={m} className="tch-option">
            <input type="radio" name="mood" checked={mood === m} onChange={() => setMood(m)} />{' '}
            {t(`mood_${m}`)}
          </label>
        ))}
        <label>
          {t('comment')}{' '}
          <input value={text} maxLength={1000} onChange={(e) => setText(e.target.value)} />
        </label>{' '}
        <button type="submit" disabled={!mood}>
          {t('send')}
        </button>
        {status && <p role="status">{status}</p>}
      </fieldset>
    </form>
  );
}

function HomeworkTab({ d }: { d: LessonData }) {
  const t = teachingText();
  const lang = urlLang();
  return (
    <div className="tch-page">
      {d.canManage && (
        <p>
          <Link className="button" to={`/${lang}/homework/control/${d.lesson.id}/create`}>
            {t('setHomework')}
          </Link>
        </p>
      )}
      {d.homework.length === 0 && <p className="tch-muted">{t('noHomework')}</p>}
      <ul>
        {d.homework.map((h) => (
          <li key={h.id}>
            <Link
              to={
                d.canManage
                  ? `/${lang}/homework/control/${h.id}`
                  : h.answerId
                    ? `/${lang}/homework/list/assigned/${h.answerId}`
                    : `/${lang}/homework/control/${h.id}/preview`
              }
            >
              {h.text.slice(0, 120)}
            </Link>{' '}
            <span className="tch-muted">
              {t('deadline')}: {displayDateTime(h.deadline)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function AttendanceTab({ lessonId }: { lessonId: number }) {
  const t = teachingText();
  const list = useLoad<{ student: Person; status: 'present' | 'absent'; online: boolean }[]>(
    path('schedule.attendance', { scheduleId: lessonId }),
  );
  const { users } = useLessonSync(lessonId);
  const online = new Set(users.map((u) => u.id));
  const set = async (userId: number, status: 'present' | 'absent') => {
    const r = await api.put<{
      data: { student: Person; status: 'present' | 'absent'; online: boolean }[];
    }>(path('schedule.attendanceSet', { scheduleId: lessonId }), { userId, status });
    if (!r.error) list.set(r.data.data);
  };
  if (!list.data) return <p>{list.error ?? t('loading')}</p>;
  return (
    <table className="tch-table">
      <thead>
        <tr>
          <th scope="col">{t('student')}</th>
          <th scope="col">{t('tabAttendance')}</th>
          <th scope="col">{t('online')}</th>
        </tr>
      </thead>
      <tbody>
        {list.data.map((r) => (
          <tr key={r.student.id}>
            <td>{r.student.fullname}</td>
            <td>
              <label>
                <input
                  type="checkbox"
                  checked={r.status === 'present'}
                  onChange={(e) => void set(r.student.id, e.target.checked ? 'present' : 'absent')}
                />{' '}
                {r.status === 'present' ? t('present') : t('absent')}
              </label>
            </td>
            <td>{online.has(r.student.id) || r.online ? '●' : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ProgressTab({ lesson }: { lesson: LessonT }) {
  const t = teachingText();
  const lang = urlLang();
  const p = useLoad<{
    content: LessonT['content'];
    maxScore: number;
    rows: { student: Person; attempt: Attempt | null }[];
  }>(path('schedule.progress', { scheduleId: lesson.id }));
  if (!p.data) return <p>{p.error ?? t('loading')}</p>;
  const c = p.data.content;
  if (!c) return <p className="tch-muted">{t('noContent')}</p>;
  return (
    <table className="tch-table">
      <caption>
        {c.title} — {t('maxPoints')}: {p.data.maxScore}
      </caption>
      <thead>
        <tr>
          <th scope="col">{t('student')}</th>
          <th scope="col">{t('score')}</th>
          <th scope="col">%</th>
        </tr>
      </thead>
      <tbody>
        {p.data.rows.map((r) => (
          <tr key={r.student.id}>
            <td>
              <Link
                to={`/${lang}/schedule/control/lesson/progress/${c.type}/${lesson.id}/${encodeURIComponent(c.draftId)}/${r.student.id}`}
              >
                {r.student.fullname}
              </Link>
            </td>
            <td>
              {r.attempt
                ? `${r.attempt.score} / ${r.attempt.maxScore}${r.attempt.pending ? ` (${t('pendingCheck')})` : ''}`
                : t('notTaken')}
            </td>
            <td>{r.attempt ? r.attempt.percent : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
