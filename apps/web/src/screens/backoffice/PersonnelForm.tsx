import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { STAFF_KINDS, digitsOnly } from '@sabaq/platform';
import type { StaffMember, StaffSaved } from '@sabaq/platform';
import { fieldErrors } from '../../api/client';
import { currentUiLang } from '../../app/services';
import { failure } from '../shared/api';
import { hireStaff, updateStaff } from './personnel-api';
import { personnelText } from './personnel-texts';

/** The kinds a caller may give: a zavuch only teacher kinds, a director also deputies. */
export function kindOptions(isDirector: boolean, lang: 'kz' | 'ru') {
  return STAFF_KINDS.filter((k) => k.role !== 'director')
    .filter((k) => isDirector || (k.role === 'teacher' && k.subrole !== 'ZVCH'))
    .map((k) => ({ value: `${k.role}:${k.subrole ?? ''}`, label: k[lang] as string }));
}

interface Props {
  /** null: hire a new employee; otherwise edit this one. */
  member: StaffMember | null;
  subjects: { id: number; name: string }[];
  isDirector: boolean;
  onClose: () => void;
  onSaved: (saved: StaffSaved) => void;
}

/** Hire (by IIN) or edit an employee; server field errors show under their fields. */
export function PersonnelForm({ member, subjects, isDirector, onClose, onSaved }: Props) {
  const t = personnelText();
  const lang = currentUiLang();
  const [form, setForm] = useState({
    iin: member?.iin ?? '',
    surname: member?.surname ?? '',
    firstname: member?.firstname ?? '',
    lastname: member?.lastname ?? '',
    kind: member ? `${member.role}:${member.subrole ?? ''}` : 'teacher:',
    position: member?.position ?? '',
    phone: member?.phone ?? '',
    email: member?.email ?? '',
    subjectIds: member?.subjects.map((s) => String(s.id)) ?? [],
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof form, value: string | string[]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field === 'kind' ? 'role' : field]: '' }));
  };
  const options = kindOptions(isDirector, lang);
  // Someone whose present kind the caller may not give still sees it.
  if (!options.some((o) => o.value === form.kind) && member) {
    const k = STAFF_KINDS.find((x) => `${x.role}:${x.subrole ?? ''}` === form.kind);
    if (k) options.push({ value: form.kind, label: k[lang] as string });
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    const [role, subrole] = form.kind.split(':');
    const body = {
      surname: form.surname.trim(),
      firstname: form.firstname.trim(),
      lastname: form.lastname.trim(),
      role: role === 'zavuch' ? ('zavuch' as const) : ('teacher' as const),
      subrole: subrole === 'DCR' || subrole === 'ZVCH' ? (subrole as 'DCR' | 'ZVCH') : null,
      position: form.position.trim(),
      phone: form.phone,
      email: form.email.trim(),
      subjectIds: form.subjectIds.map(Number),
    };
    const r = member
      ? await updateStaff(member.id, body)
      : await hireStaff({ ...body, iin: digitsOnly(form.iin) });
    setBusy(false);
    if (r.error) {
      setErrors(fieldErrors(r));
      setMessage(failure(r));
      return;
    }
    onSaved(r.data.data);
  };

  return (
    <Modal opened onClose={onClose} title={t(member ? 'editTitle' : 'hireTitle')} size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          {!member && (
            <TextInput
              label={t('iin')}
              description={t('iinHint')}
              required
              inputMode="numeric"
              maxLength={12}
              value={form.iin}
              onChange={(e) => set('iin', digitsOnly(e.currentTarget.value))}
              error={errors.iin || undefined}
            />
          )}
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <TextInput
              label={t('surname')}
              required
              value={form.surname}
              onChange={(e) => set('surname', e.currentTarget.value)}
              error={errors.surname || undefined}
            />
            <TextInput
              label={t('firstname')}
              required
              value={form.firstname}
              onChange={(e) => set('firstname', e.currentTarget.value)}
              error={errors.firstname || undefined}
            />
            <TextInput
              label={t('lastname')}
              value={form.lastname}
              onChange={(e) => set('lastname', e.currentTarget.value)}
              error={errors.lastname || undefined}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Select
              label={t('role')}
              data={options}
              value={form.kind}
              allowDeselect={false}
              onChange={(v) => v && set('kind', v)}
              error={errors.role || errors.subrole || undefined}
              description={isDirector ? undefined : t('kindZavuchOnly')}
            />
            <TextInput
              label={t('position')}
              value={form.position}
              onChange={(e) => set('position', e.currentTarget.value)}
              error={errors.position || undefined}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TextInput
              label={t('phone')}
              inputMode="tel"
              value={form.phone}
              onChange={(e) => set('phone', digitsOnly(e.currentTarget.value))}
              error={errors.phone || undefined}
            />
            <TextInput
              label={t('email')}
              type="email"
              value={form.email}
              onChange={(e) => set('email', e.currentTarget.value)}
              error={errors.email || undefined}
            />
          </SimpleGrid>
          <MultiSelect
            label={t('subjects')}
            data={subjects.map((s) => ({ value: String(s.id), label: s.name }))}
            value={form.subjectIds}
            onChange={(v) => set('subjectIds', v)}
            searchable
            error={errors.subjectIds || undefined}
          />
          {message && Object.values(errors).every((v) => !v) && (
            <div role="alert" style={{ color: 'var(--sabaq-danger)' }}>
              {message}
            </div>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {member ? t('save') : t('hire')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
