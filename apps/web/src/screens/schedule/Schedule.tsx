import { Link, useNavigate, useParams } from 'react-router-dom';
import type { WeekResponse } from '@sabaq/platform';
import { useState } from 'react';
import { displayDate, path, urlLang, useLoad } from './api';
import { teachingText } from './texts';
import './teaching.css';

type Week = WeekResponse['data'];

/** schedule/{date?}: the week of the selected date, prev/next week, lessons per day. */
export default function Schedule() {
  const t = teachingText();
  const { date } = useParams();
  const navigate = useNavigate();
  const lang = urlLang();
  const [groupId, setGroupId] = useState<number | undefined>(undefined);
  const today = new Date().toISOString().slice(0, 10);
  // Without a date in the address the week of today is shown: the X-Quarter header the client
  // sends is the session's quarter, which is not a choice made on this page.
  const valid = date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : today;
  const week = useLoad<Week>(path('schedule.week'), { date: valid, groupId });
  const periods = useLoad<
    { id: number; name: string; quarter: number; startDate: string; endDate: string }[]
  >(path('dict.periods'));
  const go = (d: string) => navigate(`/${lang}/schedule/${d}`);
  const days = t('weekdays').split(',');
  const w = week.data;
  return (
    <section className="tch-page" aria-labelledby="schedule-h">
      <h1 id="schedule-h">
        {t('schedule')}
        {w?.period ? ` — ${w.period.name}` : w ? ` — ${w.quarter} ${t('quarter')}` : ''}
      </h1>
      {week.error && (
        <p role="alert">
          {week.error} <button onClick={() => void week.reload()}>{t('retry')}</button>
        </p>
      )}
      {w && (
        <>
          <div className="tch-bar">
            <button onClick={() => go(w.weeks.prev.start)}>
              ← {t('prevWeek')} ({displayDate(w.weeks.prev.start)}–{displayDate(w.weeks.prev.end)})
            </button>
            <strong aria-live="polite">
              {displayDate(w.weeks.current.start)}–{displayDate(w.weeks.current.end)}
            </strong>
            <button onClick={() => go(w.weeks.next.start)}>
              {t('nextWeek')} ({displayDate(w.weeks.next.start)}–{displayDate(w.weeks.next.end)}) →
            </button>
            <button onClick={() => go(today)}>{t('today')}</button>
            {periods.data && (
              <label>
                {t('period')}{' '}
                <select
                  value={w.period?.id ?? ''}
                  onChange={(e) => {
                    const p = periods.data?.find((x) => x.id === Number(e.target.value));
                    if (p) go(today >= p.startDate && today <= p.endDate ? today : p.startDate);
                  }}
                >
                  {!w.period && <option value="">—</option>}
                  {periods.data.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <label>
              {t('date')}{' '}
              <input
                type="date"
                value={w.selectedDate}
                onChange={(e) => e.target.value && go(e.target.value)}
              />
            </label>
            {w.groups.length > 0 && (
              <label>
                {t('group')}{' '}
                <select
                  value={w.groupId ?? ''}
                  onChange={(e) => setGroupId(e.target.value ? Number(e.target.value) : undefined)}
                >
                  <option value="">{t('myLessons')}</option>
                  {w.groups.map((g) => (
                    <option key={g.id} value={g.id}>
                      {g.name}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>
          {!w.period && <p className="tch-muted">{t('holidays')}</p>}
          <div className="tch-week">
            {w.days.map((d) => (
              <section
                key={d.date}
                className="tch-day"
                aria-current={d.date === w.selectedDate ? 'date' : undefined}
                aria-label={`${days[d.weekday - 1]} ${displayDate(d.date)}`}
              >
                <h2>
                  {days[d.weekday - 1]}, {displayDate(d.date)}
                </h2>
                {d.lessons.length === 0 && <p className="tch-muted">{t('noLessons')}</p>}
                {d.lessons.map((l) => (
                  <Link key={l.id} className="tch-lesson" to={`/${lang}/schedule/lesson/${l.id}`}>
                    <span className="tch-muted">
                      {l.number}. {l.startsAt}–{l.endsAt}
                    </span>{' '}
                    <strong>{l.subject.name}</strong> · {l.group.name}
                    {l.subgroup ? ` (${l.subgroup.name})` : ''}
                    <br />
                    <span className="tch-muted">{l.teacher?.fullname ?? t('noTeacher')}</span>
                    {l.content && <span className="tch-muted"> · {l.content.title}</span>}
                    {l.homeworkCount > 0 && (
                      <span className="tch-muted"> · 📝 {l.homeworkCount}</span>
                    )}
                  </Link>
                ))}
              </section>
            ))}
          </div>
        </>
      )}
      {!w && !week.error && <p>{t('loading')}</p>}
    </section>
  );
}
