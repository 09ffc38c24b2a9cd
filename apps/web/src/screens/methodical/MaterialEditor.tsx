import { useState } from 'react';
import { Button, Group, Select, TextInput, Textarea } from '@mantine/core';
import { METHODICAL_KINDS, METHODICAL_KIND_LABELS, METHODICAL_STATUSES } from '@sabaq/platform';
import type {
  MethodicalDetail,
  MethodicalFile,
  MethodicalInput,
  MethodicalKind,
  MethodicalStatus,
} from '@sabaq/platform';
import type { RichText } from '@sabaq/engine';
import { RichTextField, translator } from '@sabaq/editor';
import '@sabaq/editor/editor.css';
import { currentUiLang } from '../../app/services';
import { failure } from '../shared/api';
import { AttachedFiles } from '../files';
import { fieldErrors, saveMaterial } from './api';
import { mcText as t } from './texts';

const LANGS = ['kz', 'ru'] as const;
const EMPTY: RichText = { type: 'doc', content: [] };
const PARALLELS = Array.from({ length: 11 }, (_, i) => ({
  value: String(i + 1),
  label: String(i + 1),
}));

/**
 * The methodist's form of a material: kz/ru texts, the builder's rich text, subject, class range
 * (empty: every class), kind, status and files (sent at once to the file service, use
 * `methodical`). Loaded lazily: the rich-text editor stays out of the list's chunk.
 */
export default function MaterialEditor({
  material,
  subjects,
  onSaved,
  onCancel,
}: {
  material: MethodicalDetail | null;
  subjects: readonly { id: number; name: string }[];
  onSaved: (id: number) => void;
  onCancel: () => void;
}) {
  const lang = currentUiLang();
  const editorT = translator(lang);
  const [input, setInput] = useState<MethodicalInput>(() => ({
    title: material?.titles ?? { kz: '', ru: '' },
    summary: material?.summaries ?? { kz: '', ru: '' },
    body: material?.bodies ?? { kz: EMPTY, ru: EMPTY },
    subjectId: material?.subject.id ?? subjects[0]?.id ?? 1,
    parallelFrom: material?.parallelFrom ?? null,
    parallelTo: material?.parallelTo ?? null,
    kind: material?.kind ?? 'recommendation',
    status: material?.status ?? 'draft',
    fileIds: material?.files.map((f) => f.id) ?? [],
  }));
  const [files, setFiles] = useState<MethodicalFile[]>(material?.files ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof MethodicalInput>(key: K, value: MethodicalInput[K]) =>
    setInput((s) => ({ ...s, [key]: value }));

  const submit = async () => {
    setBusy(true);
    const r = await saveMaterial(
      { ...input, fileIds: files.map((f) => f.id) },
      material?.id ?? null,
    );
    setBusy(false);
    if (!r.error) return onSaved(r.data.data.id);
    setErrors(fieldErrors(r));
    setMessage(failure(r));
  };

  return (
    <form
      className="mc-editor"
      aria-label={material ? t('editMaterial') : t('newMaterial')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {LANGS.map((l) => (
        <TextInput
          key={`title-${l}`}
          label={t('titleField', { lang: t(l) })}
          value={input.title[l]}
          error={errors[`title.${l}`]}
          onChange={(e) => set('title', { ...input.title, [l]: e.currentTarget.value })}
        />
      ))}
      {LANGS.map((l) => (
        <Textarea
          key={`summary-${l}`}
          rows={2}
          label={t('summaryField', { lang: t(l) })}
          value={input.summary[l]}
          error={errors[`summary.${l}`]}
          onChange={(e) => set('summary', { ...input.summary, [l]: e.currentTarget.value })}
        />
      ))}
      <Group grow align="flex-start">
        <Select
          label={t('subject')}
          searchable
          allowDeselect={false}
          data={subjects.map((s) => ({ value: String(s.id), label: s.name }))}
          value={String(input.subjectId)}
          error={errors.subjectId}
          onChange={(value) => value && set('subjectId', Number(value))}
        />
        <Select
          label={t('kind')}
          allowDeselect={false}
          data={METHODICAL_KINDS.map((value) => ({
            value,
            label: METHODICAL_KIND_LABELS[value][lang],
          }))}
          value={input.kind}
          onChange={(value) => value && set('kind', value as MethodicalKind)}
        />
        <Select
          label={t('status')}
          allowDeselect={false}
          data={METHODICAL_STATUSES.map((value) => ({ value, label: t(value) }))}
          value={input.status}
          onChange={(value) => value && set('status', value as MethodicalStatus)}
        />
      </Group>
      <Group grow align="flex-start">
        <Select
          label={t('from')}
          placeholder={t('allParallels')}
          clearable
          data={PARALLELS}
          value={input.parallelFrom === null ? null : String(input.parallelFrom)}
          onChange={(value) => {
            const from = value ? Number(value) : null;
            setInput((s) => ({
              ...s,
              parallelFrom: from,
              parallelTo: from === null ? null : Math.max(from, s.parallelTo ?? from),
            }));
          }}
        />
        <Select
          label={t('to')}
          placeholder={t('allParallels')}
          clearable
          data={PARALLELS}
          value={input.parallelTo === null ? null : String(input.parallelTo)}
          error={errors.parallelTo}
          onChange={(value) => {
            const to = value ? Number(value) : null;
            setInput((s) => ({
              ...s,
              parallelTo: to,
              parallelFrom: to === null ? null : Math.min(to, s.parallelFrom ?? to),
            }));
          }}
        />
      </Group>
      {LANGS.map((l) => (
        <div key={`body-${l}`}>
          <RichTextField
            label={t('bodyField', { lang: t(l) })}
            value={input.body[l]}
            onCommit={(doc) => setInput((s) => ({ ...s, body: { ...s.body, [l]: doc } }))}
            t={editorT}
            path={`body.${l}`}
          />
          {errors[`body.${l}`] && (
            <p className="mc-error" role="alert">
              {errors[`body.${l}`]}
            </p>
          )}
        </div>
      ))}
      <AttachedFiles use="methodical" files={files} onChange={setFiles} error={errors.fileIds} />
      {message && (
        <p role="alert" className="mc-error">
          {message}
        </p>
      )}
      <Group>
        <Button type="submit" loading={busy}>
          {t('save')}
        </Button>
        <Button variant="default" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </Group>
    </form>
  );
}
