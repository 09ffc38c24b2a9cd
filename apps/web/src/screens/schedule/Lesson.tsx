import { useState } from 'react';
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Table,
  Tabs,
  TextInput,
  Title,
} from '@mantine/core';
import { IconLink, IconLinkOff, IconPlus, IconWifi } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type {
  Attempt,
  ExamWindow,
  Lesson as LessonT,
  Person,
  REFLECTION_MOODS,
} from '@sabaq/platform';
import { contentTypeLabel } from '@sabaq/platform';
import { api, currentUiLang } from '../../app/services';
import { useAppState } from '../../session/store';
import { KtpLessonLink } from '../ktp';
import { featureBlockOn } from '../../app/feature-blocks';
import {
  displayDate,
  displayDateTime,
  failure,
  path,
  schoolDateTime,
  urlLang,
  useLoad,
} from '../shared/api';
import { teachingText } from '../shared/teaching-texts';
import { ConferenceBlock } from './Conference';
import { LessonChat } from './LessonChat';
import { ExamMonitor } from './ExamMonitor';
import { ExamWindowForm } from './ExamWindow';
import { useLessonSync } from './useLessonSync';
import '../shared/teaching.css';
import { pathTo } from '../shared/named';
import { OFFLINE_TEXTS } from '../../offline/offline-texts';
import { useOutbox } from '../../offline/useOutbox';

interface LessonData {
  lesson: LessonT;
  canManage: boolean;
  /** The window of the lesson's SOR/SOCh; null without one. */
  examWindow: ExamWindow | null;
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
  const navigate = useNavigate();
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
      <Title order={1} id="lesson-h">
        {l.subject.name} · {l.group.name}
      </Title>
      <p className="tch-muted">
        {displayDate(l.date)}, {l.number}-{t('lesson').toLowerCase()} {l.startsAt}–{l.endsAt} ·{' '}
        {l.teacher?.fullname ?? t('noTeacher')}
        {l.theme ? ` · ${t('theme')}: ${l.theme}` : ''}
      </p>
      {featureBlockOn('timetable-plan') && <KtpLessonLink scheduleId={l.id} staff={staff} />}
      {/* Above the tabs: the call goes on while the teacher moves between them. */}
      <ConferenceBlock lessonId={l.id} />
      {/* Spec §4 `lesson-chat`: the lesson's participants talk on every tab. */}
      <LessonChat lessonId={l.id} />
      <Tabs
        value={current}
        onChange={(x) => x && navigate(pathTo('VLessonPage', { scheduleId: l.id, tab: x }))}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('lesson')} className="tch-tab-list">
          {tabs.map((x) => (
            <Tabs.Tab key={x} value={x}>
              {labels[x]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((x) => (
          <Tabs.Panel key={x} value={x} pt="md">
            {x === current && x === 'content' && (
              <ContentTab d={d} userId={user?.userId ?? 0} onChanged={loaded.reload} />
            )}
            {x === current && x === 'homework' && <HomeworkTab d={d} />}
            {x === current && x === 'attendance' && staff && <AttendanceTab lessonId={l.id} />}
            {x === current && x === 'progress' && staff && <ProgressTab lesson={l} />}
          </Tabs.Panel>
        ))}
      </Tabs>
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
            ({contentTypeLabel(c.type, currentUiLang())}, {t('version')} {c.version})
          </span>{' '}
        </p>
      ) : (
        <p className="tch-muted">{t('noContent')}</p>
      )}
      {c && (
        <Group gap="sm" wrap="wrap">
          {!d.canManage && (
            // A pupil takes every kind of content where the answers are handed in (a lesson's
            // or a lecture's tasks reach the teacher like a SOR's); material without tasks reads
            // the same there, with nothing to hand in.
            <Button
              component={Link}
              to={`/${lang}/schedule/exam/platform/${l.id}/${userId}/${c.type}/${encodeURIComponent(c.draftId)}`}
            >
              {exam ? t('takeExam') : t('openContent')}
            </Button>
          )}
          {d.canManage && (
            <Button
              component={Link}
              variant={d.canManage ? 'light' : 'filled'}
              to={`/${lang}/schedule/content/platform/${c.type}/${encodeURIComponent(c.draftId)}`}
            >
              {t('openContent')}
            </Button>
          )}
          {d.canManage && (
            <Button
              variant="default"
              leftSection={<IconLinkOff size={18} stroke={1.75} aria-hidden />}
              onClick={() => void update({ draftId: null })}
            >
              {t('detach')}
            </Button>
          )}
        </Group>
      )}
      {exam && d.examWindow && !d.canManage && (
        <p className="tch-muted">
          {t('examWindow')}: {schoolDateTime(d.examWindow.opensAt)} –{' '}
          {schoolDateTime(d.examWindow.closesAt)}, {t(`examState_${d.examWindow.state}`)}
        </p>
      )}
      {exam && d.examWindow && d.canManage && (
        <ExamWindowForm key={`${l.id}-${c.draftId}`} lessonId={l.id} window={d.examWindow} />
      )}
      {d.canManage && (
        <form
          className="tch-form"
          onSubmit={(e) => {
            e.preventDefault();
            void update({ theme, ...(choice ? { draftId: choice } : {}) });
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t('theme')}
              value={theme}
              maxLength={300}
              onChange={(e) => setTheme(e.currentTarget.value)}
            />
            <NativeSelect
              label={t('attach')}
              description={t('attachHint')}
              value={choice}
              onChange={(e) => setChoice(e.currentTarget.value)}
              leftSection={<IconLink size={16} stroke={1.75} aria-hidden />}
              data={[
                { value: '', label: '—' },
                ...(published.data ?? []).map((p) => ({
                  value: p.id,
                  label: `${p.title} (${contentTypeLabel(p.type, currentUiLang())})`,
                })),
              ]}
            />
            <Group>
              <Button type="submit">{t('save')}</Button>
            </Group>
          </Stack>
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
  const o = OFFLINE_TEXTS[currentUiLang()];
  // Joining the lesson socket puts the student on the teacher's ping list.
  useLessonSync(lessonId);
  const [mood, setMood] = useState<Mood | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  // Issue 31: a reflection sent without the network waits in the outbox (shown here, across
  // reloads) and is sent when the link is back.
  const scope = `reflection:${lessonId}`;
  const waiting =
    useOutbox(scope, {
      onSent: () => setStatus(t('reflectionSent')),
      // Refused once the link was back: the reason, with what was written kept in the form.
      onRefused: (w) => {
        const b = w.body as { mood: Mood; text: string };
        setStatus(w.refused ?? null);
        setMood((now) => now ?? b.mood);
        setText((now) => now ?? b.text);
      },
    })[0] ?? null;
  const kept = waiting?.body as { mood: Mood; text: string } | undefined;
  const curMood = mood ?? kept?.mood ?? null;
  const curText = text ?? kept?.text ?? '';
  return (
    <form
      onSubmit={async (e) => {
        e.preventDefault();
        if (!curMood) return;
        const url = path('schedule.reflect', { scheduleId: lessonId });
        const body = { mood: curMood, text: curText };
        const outbox = await import('../../offline/outbox');
        // One id for it, whether it goes now or from the outbox later: applied once.
        const opId = outbox.newOpId();
        const r = await api.post(url, body, {
          handle: 'form',
          headers: { 'X-Client-Op': opId },
        });
        if (r.error && r.errorType === 'network') {
          try {
            // A waiting reflection sent again is replaced: the latest goes.
            if (waiting) await outbox.discard(waiting.seq!);
            await outbox.enqueue({ opId, method: 'POST', path: url, body, scope });
            setStatus(o.reflectionQueued);
          } catch {
            setStatus(o.offline);
          }
          return;
        }
        setStatus(r.error ? failure(r) : t('reflectionSent'));
      }}
    >
      <Stack gap="sm" className="tch-form">
        <Radio.Group
          label={t('reflect')}
          value={curMood ?? ''}
          onChange={(v) => setMood(MOODS.find((m) => m === v) ?? null)}
          name="mood"
        >
          <Stack gap="sm" mt="xs">
            {MOODS.map((m) => (
              <Radio key={m} value={m} label={t(`mood_${m}`)} size="md" />
            ))}
          </Stack>
        </Radio.Group>
        <TextInput
          label={t('comment')}
          value={curText}
          maxLength={1000}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Group>
          <Button type="submit" disabled={!curMood}>
            {t('send')}
          </Button>
        </Group>
        {waiting && !status && <p role="status">{o.reflectionWaiting}</p>}
        {status && <p role="status">{status}</p>}
      </Stack>
    </form>
  );
}

function HomeworkTab({ d }: { d: LessonData }) {
  const t = teachingText();
  const lang = urlLang();
  return (
    <div className="tch-page">
      {d.canManage && (
        <Group>
          <Button
            component={Link}
            to={`/${lang}/homework/control/${d.lesson.id}/create`}
            leftSection={<IconPlus size={18} stroke={1.75} aria-hidden />}
          >
            {t('setHomework')}
          </Button>
        </Group>
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
    <Table.ScrollContainer minWidth={320} type="native">
      <Table withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('student')}</Table.Th>
            <Table.Th scope="col">{t('tabAttendance')}</Table.Th>
            <Table.Th scope="col">{t('online')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.map((r) => (
            <Table.Tr key={r.student.id}>
              <Table.Td>{r.student.fullname}</Table.Td>
              <Table.Td>
                <Checkbox
                  size="md"
                  checked={r.status === 'present'}
                  label={r.status === 'present' ? t('present') : t('absent')}
                  aria-label={`${r.student.fullname}: ${r.status === 'present' ? t('present') : t('absent')}`}
                  onChange={(e) =>
                    void set(r.student.id, e.currentTarget.checked ? 'present' : 'absent')
                  }
                />
              </Table.Td>
              <Table.Td>
                {online.has(r.student.id) || r.online ? (
                  <IconWifi size={18} stroke={1.75} aria-label={t('online')} role="img" />
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
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
    <>
      {(c.type === 'sor' || c.type === 'soch') && <ExamMonitor scheduleId={lesson.id} />}
      <Table.ScrollContainer minWidth={360} type="native">
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
      </Table.ScrollContainer>
    </>
  );
}
