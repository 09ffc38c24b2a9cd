import { useEffect, useState } from 'react';
import { Button, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { TIMETABLE_ROOM_MAX } from '@sabaq/platform';
import { fieldErrors } from '../../api/client';
import { notify } from '../../app/services';
import { failure } from '../shared/api';
import { createSlot, deleteSlot, updateSlot } from './timetable-api';
import type { TimetableGroup, TimetableSlot } from './timetable-api';
import { weekdayLabel } from './timetable-texts';
import type { TimetableT } from './timetable-texts';
import './backoffice.css';

/** Where the modal puts a lesson, and the lesson being changed (none for a new one). */
export interface SlotTarget {
  weekday: number;
  lessonNo: number;
  slot: TimetableSlot | null;
}

interface Form {
  subject: string | null;
  subgroup: string;
  teacher: string | null;
  room: string;
}

const WHOLE = 'whole';

function initial(slot: TimetableSlot | null): Form {
  return {
    subject: slot ? String(slot.subject.id) : null,
    subgroup: slot?.subgroup ? String(slot.subgroup.id) : WHOLE,
    teacher: slot?.teacher ? String(slot.teacher.id) : null,
    room: slot?.room ?? '',
  };
}

/**
 * A lesson of the week: subject, subgroup (for a split subject), teacher and room. A clash (a
 * teacher or room elsewhere, the class or a subgroup busy) comes back from the server naming
 * what clashes and is shown here; nothing is saved then.
 */
export function SlotModal({
  data,
  target,
  shift,
  onClose,
  onSaved,
  t,
}: {
  data: TimetableGroup;
  target: SlotTarget | null;
  shift: 1 | 2;
  onClose: () => void;
  onSaved: () => void;
  t: TimetableT;
}) {
  const [form, setForm] = useState<Form>(initial(null));
  const [server, setServer] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [allStaff, setAllStaff] = useState(false);

  useEffect(() => {
    setForm(initial(target?.slot ?? null));
    setServer({});
    setError(null);
    setAllStaff(false);
  }, [target]);

  if (target === null) return null;
  const day = weekdayLabel(t, target.weekday);
  const subject = data.subjects.find((s) => String(s.id) === form.subject);
  const subjectId = subject?.id ?? null;
  // Issue 30: the teachers of the subject; the rest of the staff only behind «show all staff»
  // (and when nobody teaches the subject). The chosen teacher always stays in the list.
  const teachesIt = (p: TimetableGroup['teachers'][number]) =>
    subjectId !== null && p.subjectIds.includes(subjectId);
  const ofSubject = data.teachers.filter(teachesIt);
  const showAll = allStaff || subjectId === null || ofSubject.length === 0;
  const teachers = showAll
    ? [...ofSubject, ...data.teachers.filter((p) => !teachesIt(p))]
    : data.teachers.filter((p) => teachesIt(p) || String(p.id) === form.teacher);
  const change = (patch: Partial<Form>, field: string) => {
    setForm((f) => ({ ...f, ...patch }));
    setServer(({ [field]: _dropped, ...rest }) => rest);
    setError(null);
  };

  async function submit() {
    if (target === null || form.subject === null) return;
    setBusy(true);
    const body = {
      weekday: target.weekday,
      lessonNo: target.lessonNo,
      shift,
      subjectId: Number(form.subject),
      subgroupId: form.subgroup === WHOLE ? null : Number(form.subgroup),
      teacherId: form.teacher === null ? null : Number(form.teacher),
      room: form.room.trim(),
    };
    const result = target.slot
      ? await updateSlot(target.slot.id, body)
      : await createSlot(data.group.id, { ...body, periodId: data.periodId });
    setBusy(false);
    if (result.error) return show(result);
    notify({ kind: 'success', message: t('saved') });
    onSaved();
  }

  function show(result: Parameters<typeof failure>[0]) {
    const fields = fieldErrors(result);
    setServer(fields);
    const known = ['subjectId', 'subgroupId', 'teacherId', 'room'];
    if (Object.keys(fields).every((field) => !known.includes(field))) setError(failure(result));
  }

  async function remove() {
    if (!target?.slot) return;
    setBusy(true);
    const result = await deleteSlot(target.slot.id);
    setBusy(false);
    if (result.error) return setError(failure(result));
    notify({ kind: 'success', message: t('deleted') });
    onSaved();
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(target.slot ? 'editLesson' : 'newLesson', { day, n: target.lessonNo })}
      closeButtonProps={{ 'aria-label': t('close') }}
      className="bo-modal"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          {error ? (
            <p role="alert" className="bo-error">
              {error}
            </p>
          ) : null}
          <Select
            label={t('subject')}
            required
            searchable
            data={data.subjects.map((s) => ({ value: String(s.id), label: s.name }))}
            value={form.subject}
            onChange={(value) => change({ subject: value, subgroup: WHOLE }, 'subjectId')}
            error={server.subjectId}
            comboboxProps={{ withinPortal: false }}
          />
          {subject && subject.subgroups.length > 0 ? (
            <Select
              label={t('subgroup')}
              data={[
                { value: WHOLE, label: t('wholeClass') },
                ...subject.subgroups.map((sg) => ({ value: String(sg.id), label: sg.name })),
              ]}
              value={form.subgroup}
              onChange={(value) => change({ subgroup: value ?? WHOLE }, 'subgroupId')}
              allowDeselect={false}
              error={server.subgroupId}
              comboboxProps={{ withinPortal: false }}
            />
          ) : null}
          <Select
            label={t('teacher')}
            searchable
            clearable
            placeholder={t('noTeacher')}
            data={teachers.map((p) => ({ value: String(p.id), label: p.fullname }))}
            value={form.teacher}
            onChange={(value) => change({ teacher: value }, 'teacherId')}
            error={server.teacherId}
            comboboxProps={{ withinPortal: false }}
          />
          {subjectId !== null && ofSubject.length > 0 ? (
            <Switch
              label={t('allStaff')}
              checked={allStaff}
              onChange={(event) => setAllStaff(event.currentTarget.checked)}
            />
          ) : null}
          <TextInput
            label={t('room')}
            maxLength={TIMETABLE_ROOM_MAX}
            value={form.room}
            onChange={(event) => change({ room: event.currentTarget.value }, 'room')}
            error={server.room}
          />
          <Group justify="space-between" gap="sm">
            {target.slot ? (
              <Button color="red" variant="outline" onClick={() => void remove()} disabled={busy}>
                {t('delete')}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={busy} disabled={form.subject === null}>
                {t('save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
