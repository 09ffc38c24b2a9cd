import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Group, Select, TextInput, Textarea } from '@mantine/core';
import type { FileUse } from '@sabaq/platform';
import { RichTextField, translator } from '@sabaq/editor';
import '@sabaq/editor/editor.css';
import { fieldErrors } from '../../../api/client';
import type { ApiResult } from '../../../api/client';
import { currentUiLang } from '../../../app/services';
import { failure } from '../api';
import { AttachedFiles, type AttachedFile } from '../../files';
import { editedFrom } from './fields';
import type { EditableDocument, EditedDocument } from './fields';
import type { DocumentTexts } from './texts';
import './documents.css';

const LANGS = ['kz', 'ru'] as const;
const STATUSES = ['draft', 'published'] as const;

/** The area's own fields, drawn between the summaries and the bodies. */
export interface DocumentFields<I> {
  input: I;
  update: (change: (input: I) => I) => void;
  errors: Record<string, string>;
  /** The status select, to be placed among the area's fields. */
  status: ReactNode;
}

/**
 * The methodist's form of a document: kz/ru titles and summaries, the area's fields, the
 * builder's rich text in both languages, the files (sent at once to the file service with the
 * area's `use`); saving shows the server's field errors beside their fields.
 */
export function DocumentEditorForm<I extends EditedDocument>({
  t,
  label,
  use,
  document,
  initial,
  summaryRows = 3,
  save,
  onSaved,
  onCancel,
  fields,
}: {
  t: DocumentTexts;
  /** The form's name: a new document or the one edited. */
  label: string;
  use: FileUse;
  /** The document edited, or null for a new one. */
  document: (EditableDocument & { files: readonly AttachedFile[] }) | null;
  /** The area's own fields as the form opens. */
  initial: () => Omit<I, keyof EditedDocument>;
  summaryRows?: number;
  save: (input: I) => Promise<ApiResult<{ data: { id: number } }>>;
  onSaved: (id: number) => void;
  onCancel: () => void;
  fields: (form: DocumentFields<I>) => ReactNode;
}) {
  const editorT = translator(currentUiLang());
  const [input, setInput] = useState<I>(() => ({ ...editedFrom(document), ...initial() }) as I);
  const [files, setFiles] = useState<AttachedFile[]>([...(document?.files ?? [])]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const setText = (key: 'title' | 'summary', l: 'kz' | 'ru', value: string) =>
    setInput((s) => ({ ...s, [key]: { ...s[key], [l]: value } }));

  const submit = async () => {
    setBusy(true);
    const r = await save({ ...input, fileIds: files.map((f) => f.id) });
    setBusy(false);
    if (!r.error) return onSaved(r.data.data.id);
    setErrors(fieldErrors(r));
    setMessage(failure(r));
  };

  const status = (
    <Select
      label={t('status')}
      allowDeselect={false}
      data={STATUSES.map((value) => ({ value, label: t(value) }))}
      value={input.status}
      onChange={(value) => value && setInput((s) => ({ ...s, status: value as I['status'] }))}
    />
  );

  return (
    <form
      className="doc-editor"
      aria-label={label}
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
          onChange={(e) => setText('title', l, e.currentTarget.value)}
        />
      ))}
      {LANGS.map((l) => (
        <Textarea
          key={`summary-${l}`}
          rows={summaryRows}
          label={t('summaryField', { lang: t(l) })}
          value={input.summary[l]}
          error={errors[`summary.${l}`]}
          onChange={(e) => setText('summary', l, e.currentTarget.value)}
        />
      ))}
      {fields({ input, update: setInput, errors, status })}
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
            <p className="doc-error" role="alert">
              {errors[`body.${l}`]}
            </p>
          )}
        </div>
      ))}
      <AttachedFiles use={use} files={files} onChange={setFiles} error={errors.fileIds} />
      {message && (
        <p role="alert" className="doc-error">
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
