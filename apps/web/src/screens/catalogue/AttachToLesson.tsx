import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Group, Modal, NativeSelect, SegmentedControl, Text } from '@mantine/core';
import type { CatalogueAttach, WeekResponse } from '@sabaq/platform';
import { api } from '../../app/services';
import { teachingText } from '../shared/teaching-texts';
import { displayDate, failure, path, useLoad } from '../shared/api';
import { catalogueText as t } from './texts';
import { pathTo } from '../shared/named';

type Week = WeekResponse['data'];
type Lesson = Week['days'][number]['lessons'][number];

/** «Сейсенбі, 24.11.2026 · 2-сабақ · 7 А · Алгебра». */
function lessonLabel(lesson: Lesson, weekday: number): string {
  const days = teachingText()('weekdays').split(',');
  const group = lesson.subgroup
    ? `${lesson.group.name} (${lesson.subgroup.name})`
    : lesson.group.name;
  return [
    `${days[weekday - 1]}, ${displayDate(lesson.date)}`,
    t('lessonNo', { n: lesson.number }),
    group,
    lesson.subject.name,
  ].join(' · ');
}

/**
 * Puts a catalogue item on one of the teacher's lessons of this or next week (issue 17): the
 * server makes the teacher's own copy, publishes it and attaches it, so the lesson carries the
 * school's content like anything built there.
 */
export function AttachToLesson({ draftId, title }: { draftId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const [week, setWeek] = useState<'this' | 'next'>('this');
  const [nextStart, setNextStart] = useState<string | undefined>(undefined);
  const [picked, setPicked] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ attach: CatalogueAttach; label: string } | null>(null);
  const loaded = useLoad<Week>(
    open ? path('schedule.week') : null,
    week === 'next' && nextStart ? { date: nextStart } : {},
  );
  const data = loaded.data;
  if (data && !nextStart) setNextStart(data.weeks.next.start);
  const lessons = (data?.days ?? []).flatMap((day) =>
    day.lessons.map((lesson) => ({ lesson, label: lessonLabel(lesson, day.weekday) })),
  );
  const chosen = lessons.find((l) => String(l.lesson.id) === picked) ?? lessons[0];

  const attach = async () => {
    if (!chosen) return;
    setBusy(true);
    setError(null);
    const r = await api.post<{ data: CatalogueAttach }>(
      path('catalogue.attach', { draftId: encodeURIComponent(draftId) }),
      { scheduleId: chosen.lesson.id },
      { handle: 'silent' },
    );
    setBusy(false);
    if (r.error) setError(failure(r));
    else {
      setDone({ attach: r.data.data, label: chosen.label });
      setOpen(false);
    }
  };

  return (
    <>
      <Button size="compact-sm" variant="light" onClick={() => setOpen(true)}>
        {t('attach')}
      </Button>
      {done ? (
        <Alert color="teal" role="status" w="100%">
          {t('attached', { lesson: done.label })}{' '}
          <Link to={pathTo('VLessonPage', { scheduleId: done.attach.scheduleId })}>
            {t('openLesson')}
          </Link>
        </Alert>
      ) : null}
      <Modal opened={open} onClose={() => setOpen(false)} title={t('attachTitle', { title })}>
        <SegmentedControl
          fullWidth
          mb="sm"
          aria-label={t('attachWeek')}
          value={week}
          onChange={(value) => {
            setWeek(value as 'this' | 'next');
            setPicked('');
          }}
          data={[
            { value: 'this', label: t('thisWeek') },
            { value: 'next', label: t('nextWeek') },
          ]}
        />
        {loaded.error ? <Alert color="red">{loaded.error}</Alert> : null}
        {!data && !loaded.error ? <Text>{t('loading')}</Text> : null}
        {data && lessons.length === 0 ? <Text>{t('attachNone')}</Text> : null}
        {lessons.length > 0 ? (
          <NativeSelect
            label={t('attachLesson')}
            value={chosen ? String(chosen.lesson.id) : ''}
            onChange={(event) => setPicked(event.currentTarget.value)}
            data={lessons.map((l) => ({ value: String(l.lesson.id), label: l.label }))}
          />
        ) : null}
        {chosen?.lesson.content ? (
          <Text size="sm" mt="xs">
            {t('attachReplaces', { title: chosen.lesson.content.title })}
          </Text>
        ) : null}
        {error ? (
          <Alert color="red" role="alert" mt="sm">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setOpen(false)}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void attach()} loading={busy} disabled={!chosen}>
            {t('attachDo')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
