import { Button, Group, NativeSelect, TextInput, Textarea } from '@mantine/core';
import { useId, useState } from 'react';
import { COURSE_AUDIENCES } from '@sabaq/platform';
import type { CourseAudience, CourseDraft, CourseInput } from '@sabaq/platform';
import { failure } from '../shared/api';
import { fieldErrors } from './api';
import type { ApiResult } from '../../api/client';
import { audienceKey, type EditorTexts } from './editor-texts';

const EMPTY: CourseInput = {
  title: { kz: '', ru: '' },
  description: { kz: '', ru: '' },
  subject: null,
  audience: 'all',
  hours: 16,
  passMark: 70,
  minMinutes: 0,
};

export function inputOf(course: CourseDraft | null): CourseInput {
  if (!course) return EMPTY;
  const { title, description, subject, audience, hours, passMark, minMinutes } = course;
  return { title, description, subject, audience, hours, passMark, minMinutes };
}

/**
 * A course's own fields in both languages (create and change): the server's field errors show
 * at their fields, in the reader's language.
 */
export function CourseForm({
  initial,
  subjects,
  submitLabel,
  onSubmit,
  onDone,
  onCancel,
  t,
}: {
  initial: CourseInput;
  subjects: readonly { code: string; name: string }[];
  submitLabel: string;
  onSubmit: (input: CourseInput) => Promise<ApiResult<{ data: CourseDraft }>>;
  onDone: (course: CourseDraft) => void;
  onCancel?: () => void;
  t: EditorTexts;
}) {
  const ids = useId();
  const [input, setInput] = useState<CourseInput>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<CourseInput>) => setInput((current) => ({ ...current, ...patch }));
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

  const submit = async () => {
    setBusy(true);
    const result = await onSubmit(input);
    setBusy(false);
    if (result.error) {
      setErrors(fieldErrors(result));
      setMessage('');
      setError(result.data?.message ?? failure(result));
      return;
    }
    setErrors({});
    setError('');
    setMessage(t('saved'));
    onDone(result.data.data);
  };

  return (
    <form
      className="course-form"
      aria-labelledby={`${ids}-h`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id={`${ids}-h`}>{t('details')}</h2>
      <Group grow align="flex-start" className="course-form-row">
        <TextInput
          label={t('titleKz')}
          value={input.title.kz}
          maxLength={200}
          error={errors['title.kz']}
          onChange={(e) => set({ title: { ...input.title, kz: e.currentTarget.value } })}
        />
        <TextInput
          label={t('titleRu')}
          value={input.title.ru}
          maxLength={200}
          error={errors['title.ru']}
          onChange={(e) => set({ title: { ...input.title, ru: e.currentTarget.value } })}
        />
      </Group>
      <Group grow align="flex-start" className="course-form-row">
        <Textarea
          rows={3}
          label={t('descriptionKz')}
          value={input.description.kz}
          maxLength={2000}
          error={errors['description.kz']}
          onChange={(e) =>
            set({ description: { ...input.description, kz: e.currentTarget.value } })
          }
        />
        <Textarea
          rows={3}
          label={t('descriptionRu')}
          value={input.description.ru}
          maxLength={2000}
          error={errors['description.ru']}
          onChange={(e) =>
            set({ description: { ...input.description, ru: e.currentTarget.value } })
          }
        />
      </Group>
      <Group grow align="flex-start" className="course-form-row">
        <NativeSelect
          label={t('subject')}
          value={input.subject ?? ''}
          error={errors.subject}
          data={[
            { value: '', label: t('anySubject') },
            ...subjects.map((s) => ({ value: s.code, label: s.name })),
          ]}
          onChange={(e) => set({ subject: e.currentTarget.value || null })}
        />
        <NativeSelect
          label={t('audience')}
          value={input.audience}
          error={errors.audience}
          data={COURSE_AUDIENCES.map((value) => ({ value, label: t(audienceKey(value)) }))}
          onChange={(e) => set({ audience: e.currentTarget.value as CourseAudience })}
        />
      </Group>
      <Group grow align="flex-start" className="course-form-row">
        <TextInput
          type="number"
          inputMode="numeric"
          min={1}
          max={500}
          label={t('hours')}
          value={Number.isNaN(input.hours) ? '' : String(input.hours)}
          error={errors.hours}
          onChange={(e) => set({ hours: number(e.currentTarget.value) })}
        />
        <TextInput
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          label={t('passMark')}
          value={Number.isNaN(input.passMark) ? '' : String(input.passMark)}
          error={errors.passMark}
          onChange={(e) => set({ passMark: number(e.currentTarget.value) })}
        />
        <TextInput
          type="number"
          inputMode="numeric"
          min={0}
          max={6000}
          label={t('minMinutes')}
          description={t('minMinutesHint')}
          value={Number.isNaN(input.minMinutes ?? 0) ? '' : String(input.minMinutes ?? 0)}
          error={errors.minMinutes}
          onChange={(e) => set({ minMinutes: number(e.currentTarget.value) })}
        />
      </Group>
      <Group mt="md">
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
        )}
      </Group>
      <p role="status" aria-live="polite">
        {message}
      </p>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}
