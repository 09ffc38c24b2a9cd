import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { contentTypeLabel } from '@sabaq/platform';
import type { FileRef, Homework, Lesson } from '@sabaq/platform';
import { api, currentUiLang } from '../../app/services';
import {
  displayDate,
  failure,
  parseSchoolDateTime,
  path,
  schoolDateTime,
  urlLang,
  useLoad,
} from '../shared/api';
import { teachingText } from '../shared/teaching-texts';
import { FilePicker } from '../shared/files';
import { DateField } from '../shared/DateField';
import '../shared/teaching.css';

/** Two days from now at 20:00, school time, as the field shows it (DD.MM.YYYY HH:MM). */
function defaultDeadline(): string {
  return `${schoolDateTime(new Date(Date.now() + 2 * 86_400_000).toISOString()).slice(0, 10)} 20:00`;
}

/** homework/control/{scheduleId}/create: text, files, optional builder exercise, deadline. */
export default function Create() {
  const t = teachingText();
  const lang = urlLang();
  const uiLang = currentUiLang();
  const navigate = useNavigate();
  const id = Number(useParams().scheduleId);
  const lesson = useLoad<{ lesson: Lesson }>(path('schedule.lesson', { scheduleId: id }));
  const published = useLoad<{ id: string; type: string; title: string }[]>(
    path('schedule.publishedContent'),
  );
  const [text, setText] = useState('');
  const [files, setFiles] = useState<FileRef[]>([]);
  const [draftId, setDraftId] = useState('');
  const [deadline, setDeadline] = useState(defaultDeadline());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const at = parseSchoolDateTime(deadline);
    if (!at) {
      setErrors({ deadline: t('examBadTime') });
      return;
    }
    setBusy(true);
    const r = await api.post<{ data: Homework }>(
      path('homework.create', { scheduleId: id }),
      {
        text,
        files: files.map((f) => f.id),
        draftId: draftId || null,
        deadline: new Date(at).toISOString(),
      },
      { handle: 'form' },
    );
    setBusy(false);
    if (r.error) {
      const e: Record<string, string> = {};
      for (const [k, v] of Object.entries(r.data?.errors ?? {})) e[k] = v[0] ?? '';
      if (Object.keys(e).length === 0) e.form = failure(r);
      setErrors(e);
      return;
    }
    navigate(`/${lang}/homework/control/${r.data.data.id}`);
  };
  const l = lesson.data?.lesson;
  const otherError = errors.files ?? errors.form;
  return (
    <section className="tch-page tch-form" aria-labelledby="hw-create-h">
      <Title order={1} id="hw-create-h">
        {t('setHomework')}
      </Title>
      {lesson.error && <p role="alert">{lesson.error}</p>}
      {l && (
        <Text c="var(--sabaq-muted)" size="sm">
          {l.subject.name} · {l.group.name} · {displayDate(l.date)}
        </Text>
      )}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Textarea
            label={t('text')}
            autosize
            minRows={5}
            value={text}
            required
            error={errors.text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setErrors({});
            }}
          />
          <FilePicker files={files} onChange={setFiles} />
          <Select
            label={t('exercise')}
            data={[
              { value: '', label: t('noExercise') },
              ...(published.data ?? []).map((p) => ({
                value: p.id,
                label: `${p.title} (${contentTypeLabel(p.type, uiLang)})`,
              })),
            ]}
            value={draftId}
            onChange={(v) => setDraftId(v ?? '')}
            allowDeselect={false}
            searchable={(published.data?.length ?? 0) > 10}
            error={errors.draftId}
            comboboxProps={{ withinPortal: true }}
          />
          <DateField
            withTime
            label={t('deadline')}
            description={t('examWindowFormat')}
            placeholder="18.11.2026 20:00"
            defaultTime="20:00"
            value={deadline}
            error={errors.deadline}
            onChange={(text) => {
              setDeadline(text);
              setErrors({});
            }}
          />
          {otherError && (
            <Alert color="red" role="alert">
              {otherError}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={busy} w={{ base: '100%', sm: 'auto' }}>
              {t('setHomework')}
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
