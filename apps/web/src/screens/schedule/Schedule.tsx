import { Button, Group, NativeSelect, Text, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconChevronLeft,
  IconChevronRight,
  IconNotebook,
} from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { WeekResponse } from '@sabaq/platform';
import { useState } from 'react';
import { displayDate, parseSchoolDateTime, path, schoolToday, useLoad } from '../shared/api';
import { DateField } from '../shared/DateField';
import { teachingText } from '../shared/teaching-texts';
import '../shared/teaching.css';
import { subgroupName } from '../shared/subgroups';
import { currentUiLang } from '../../app/services';
import { pathTo } from '../shared/named';

type Week = WeekResponse['data'];

/** schedule/{date?}: the week of the selected date, prev/next week, lessons per day. */
export default function Schedule() {
  const t = teachingText();
  const { date } = useParams();
  const navigate = useNavigate();
  const [groupId, setGroupId] = useState<number | undefined>(undefined);
  const today = schoolToday();
  // Without a date in the address the week of today is shown: the X-Quarter header the client
  // sends is the session's quarter, which is not a choice made on this page.
  const valid = date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : today;
  const week = useLoad<Week>(path('schedule.week'), { date: valid, groupId });
  const periods = useLoad<
    { id: number; name: string; quarter: number; startDate: string; endDate: string }[]
  >(path('dict.periods'));
  const go = (d: string) => navigate(pathTo('VSchedulePage', { date: d }));
  const days = t('weekdays').split(',');
  const w = week.data;
  const range = (r: { start: string; end: string }) =>
    `${displayDate(r.start)}–${displayDate(r.end)}`;
  const full = { base: '100%', sm: 'auto' } as const;
  return (
    <section className="tch-page" aria-labelledby="schedule-h">
      <Title order={1} id="schedule-h">
        {t('schedule')}
        {w?.period ? ` — ${w.period.name}` : w ? ` — ${w.quarter} ${t('quarter')}` : ''}
      </Title>
      {week.error && (
        <Group role="alert" gap="sm">
          <Text>{week.error}</Text>
          <Button variant="default" onClick={() => void week.reload()}>
            {t('retry')}
          </Button>
        </Group>
      )}
      {w && (
        <>
          <Group gap="sm" wrap="wrap" align="center">
            <Button
              variant="default"
              aria-label={`${t('prevWeek')} (${range(w.weeks.prev)})`}
              title={range(w.weeks.prev)}
              leftSection={<IconChevronLeft size={18} stroke={1.75} aria-hidden />}
              onClick={() => go(w.weeks.prev.start)}
            >
              {t('prevWeek')}
            </Button>
            <Text fw={700} aria-live="polite">
              {range(w.weeks.current)}
            </Text>
            <Button
              variant="default"
              aria-label={`${t('nextWeek')} (${range(w.weeks.next)})`}
              title={range(w.weeks.next)}
              rightSection={<IconChevronRight size={18} stroke={1.75} aria-hidden />}
              onClick={() => go(w.weeks.next.start)}
            >
              {t('nextWeek')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconCalendarEvent size={18} stroke={1.75} aria-hidden />}
              onClick={() => go(today)}
            >
              {t('today')}
            </Button>
          </Group>
          <Group gap="sm" wrap="wrap" align="flex-end">
            {periods.data && (
              <NativeSelect
                label={t('period')}
                value={w.period ? String(w.period.id) : ''}
                onChange={(e) => {
                  const p = periods.data?.find((x) => x.id === Number(e.currentTarget.value));
                  if (p) go(today >= p.startDate && today <= p.endDate ? today : p.startDate);
                }}
                data={[
                  ...(w.period ? [] : [{ value: '', label: '—' }]),
                  ...periods.data.map((p) => ({ value: String(p.id), label: p.name })),
                ]}
                w={full}
              />
            )}
            <DayField
              key={w.selectedDate}
              value={w.selectedDate}
              onPick={go}
              label={t('date')}
              hint={t('dateFormat')}
              bad={t('badDate')}
            />
            {w.groups.length > 0 && (
              <NativeSelect
                label={t('group')}
                value={w.groupId ? String(w.groupId) : ''}
                onChange={(e) =>
                  setGroupId(e.currentTarget.value ? Number(e.currentTarget.value) : undefined)
                }
                data={[
                  { value: '', label: t('myLessons') },
                  ...w.groups.map((g) => ({ value: String(g.id), label: g.name })),
                ]}
                w={full}
              />
            )}
          </Group>
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
                  <Link
                    key={l.id}
                    className="tch-lesson"
                    to={pathTo('VLessonPage', { scheduleId: l.id })}
                  >
                    <span className="tch-muted">
                      {l.number}. {l.startsAt}–{l.endsAt}
                    </span>{' '}
                    <strong>{l.subject.name}</strong> · {l.group.name}
                    {l.subgroup ? ` (${subgroupName(l.subgroup.name, currentUiLang())})` : ''}
                    <br />
                    <span className="tch-muted">{l.teacher?.fullname ?? t('noTeacher')}</span>
                    {l.content && <span className="tch-muted"> · {l.content.title}</span>}
                    {l.homeworkCount > 0 && (
                      <span className="tch-muted tch-icon-text">
                        {' · '}
                        <IconNotebook size={16} stroke={1.75} aria-hidden />
                        <span className="tch-sr">{t('homework')}:</span> {l.homeworkCount}
                      </span>
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

/**
 * The day to show, typed as DD.MM.YYYY (the one date format in both languages; a browser's date
 * input would show its own locale's order) or picked in the calendar. Enter, leaving the field
 * or a day picked opens that day's week.
 */
function DayField({
  value,
  onPick,
  label,
  hint,
  bad,
}: {
  value: string;
  onPick: (iso: string) => void;
  label: string;
  hint: string;
  bad: string;
}) {
  const [text, setText] = useState(displayDate(value));
  const [error, setError] = useState<string | undefined>(undefined);
  const pick = (typed = text) => {
    if (typed.trim() === displayDate(value)) return;
    const at = parseSchoolDateTime(`${typed.trim()} 12:00`);
    if (!at) {
      setError(bad);
      return;
    }
    setError(undefined);
    onPick(at.slice(0, 10));
  };
  return (
    <DateField
      label={label}
      description={hint}
      value={text}
      error={error}
      onChange={setText}
      onPicked={pick}
      onBlur={() => pick()}
      onKeyDown={(e) => {
        if (e.key === 'Enter') pick();
      }}
      w={{ base: '100%', sm: 180 }}
    />
  );
}
