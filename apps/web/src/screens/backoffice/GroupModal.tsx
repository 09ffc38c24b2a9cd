import { useEffect, useState } from 'react';
import { Button, Group, Modal, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { GROUP_MAX_PERSONNEL } from '@sabaq/platform';
import type { GroupDictionariesResponse } from '@sabaq/platform';
import { fieldErrors } from '../../api/client';
import { notify } from '../../app/services';
import { failure } from '../shared/api';
import { loadDictionaries, loadGroupDetail, saveGroup } from './api';
import type { T } from './texts';
import './backoffice.css';

const LETTER = /^[A-Za-zА-Яа-яЁёӘәҒғҚқҢңӨөҰұҮүҺһІі]{1,3}$/u;

interface Form {
  parallel: string | null;
  letter: string;
  lang: string | null;
  teachers: string[];
}

const EMPTY: Form = { parallel: null, letter: '', lang: null, teachers: [] };

/** What keeps the form from being saved, per field (spec §5 group save rule). */
export function formProblems(form: Form, t: T): Partial<Record<keyof Form, string>> {
  const problems: Partial<Record<keyof Form, string>> = {};
  if (form.teachers.length > GROUP_MAX_PERSONNEL) problems.teachers = t('maxPersonnel');
  if (form.letter.trim() !== '' && !LETTER.test(form.letter.trim()))
    problems.letter = t('letterInvalid');
  return problems;
}

export function canSave(form: Form, t: T): boolean {
  return (
    form.parallel !== null &&
    form.letter.trim() !== '' &&
    form.lang !== null &&
    Object.keys(formProblems(form, t)).length === 0
  );
}

/**
 * The group create/edit modal (spec §4): create without a group id, edit with one; saves only
 * with letter, parallel and language and at most 2 teachers (a third shows the max-personnel
 * message); on success it closes and the caller refreshes the list.
 */
export function GroupModal({
  groupId,
  opened,
  onClose,
  onSaved,
  t,
}: {
  groupId: number | null;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
  t: T;
}) {
  const [dict, setDict] = useState<GroupDictionariesResponse | null>(null);
  const [form, setForm] = useState<Form>(EMPTY);
  const [server, setServer] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setForm(EMPTY);
    setServer({});
    setError(null);
    void (async () => {
      const lists = await loadDictionaries();
      if (lists.error) return setError(failure(lists));
      setDict(lists.data);
      if (groupId === null) return;
      const detail = await loadGroupDetail(groupId);
      if (detail.error) return setError(failure(detail));
      const g = detail.data.group;
      setForm({
        parallel: String(g.bl_name.id),
        letter: g.letter,
        lang: String(g.edu_lang),
        teachers: g.personnel_id.map(String),
      });
    })();
  }, [opened, groupId]);

  const problems = formProblems(form, t);
  const change = (patch: Partial<Form>, field: string) => {
    setForm((f) => ({ ...f, ...patch }));
    setServer(({ [field]: _dropped, ...rest }) => rest);
  };

  async function submit() {
    if (!canSave(form, t)) return;
    setBusy(true);
    const result = await saveGroup(groupId, {
      name: Number(form.parallel),
      letter: form.letter.trim(),
      edu_lang: Number(form.lang),
      personnel_id: form.teachers.map(Number),
    });
    setBusy(false);
    if (result.error) {
      setServer(fieldErrors(result));
      if (!result.data?.errors) setError(failure(result));
      return;
    }
    notify({ kind: 'success', message: t('groupSaved') });
    onSaved();
    onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={groupId === null ? t('createGroup') : t('editGroup')}
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
            label={t('parallel')}
            required
            data={(dict?.groups ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
            value={form.parallel}
            onChange={(value) => change({ parallel: value }, 'name')}
            error={server.name}
            comboboxProps={{ withinPortal: false }}
          />
          <TextInput
            label={t('letter')}
            required
            maxLength={3}
            value={form.letter}
            onChange={(event) => change({ letter: event.currentTarget.value }, 'letter')}
            error={problems.letter ?? server.letter}
          />
          <Select
            label={t('studyLang')}
            required
            data={(dict?.langs ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
            value={form.lang}
            onChange={(value) => change({ lang: value }, 'edu_lang')}
            error={server.edu_lang}
            comboboxProps={{ withinPortal: false }}
          />
          <MultiSelect
            label={t('classTeachers')}
            description={t('classTeachersHint')}
            searchable
            data={(dict?.personnels ?? []).map((p) => ({ value: String(p.id), label: p.fullname }))}
            value={form.teachers}
            onChange={(value) => change({ teachers: value }, 'personnel_id')}
            error={problems.teachers ?? server.personnel_id}
            comboboxProps={{ withinPortal: false }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!canSave(form, t)}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
