import { useState } from 'react';
import { Button, Group, Select, TextInput, Textarea } from '@mantine/core';
import {
  DOCUMENT_STATUSES,
  EDUCATIONAL_AREAS,
  EDUCATIONAL_AREA_LABELS,
  PRESCHOOL_AGE_GROUPS,
  PRESCHOOL_AGE_GROUP_LABELS,
} from '@sabaq/platform';
import type {
  DocumentDetail,
  DocumentInput,
  DocumentSection,
  DocumentStatus,
  EducationalArea,
  PreschoolAgeGroup,
} from '@sabaq/platform';
import type { RichText } from '@sabaq/engine';
import { RichTextField, translator } from '@sabaq/editor';
import '@sabaq/editor/editor.css';
import { currentUiLang } from '../../app/services';
import { failure } from '../shared/api';
import { AttachedFiles, type AttachedFile } from '../files';
import { fieldErrors, saveDocument } from './api';
import { kgText as t } from './texts';

const LANGS = ['kz', 'ru'] as const;
const EMPTY: RichText = { type: 'doc', content: [] };

/** The methodist's form of a document: kz/ru texts, the builder's rich text, age, area, status. */
export function DocumentEditor({
  section,
  document,
  onSaved,
  onCancel,
}: {
  section: DocumentSection;
  document: DocumentDetail | null;
  onSaved: (id: number) => void;
  onCancel: () => void;
}) {
  const lang = currentUiLang();
  const editorT = translator(lang);
  const [input, setInput] = useState<DocumentInput>(() => ({
    title: document?.titles ?? { kz: '', ru: '' },
    summary: document?.summaries ?? { kz: '', ru: '' },
    body: document?.bodies ?? { kz: EMPTY, ru: EMPTY },
    ageGroup: document?.ageGroup ?? 'senior',
    area: document?.area ?? null,
    status: document?.status ?? 'draft',
    fileIds: document?.files.map((f) => f.id) ?? [],
  }));
  const [files, setFiles] = useState<AttachedFile[]>(document?.files ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    const r = await saveDocument(
      section,
      { ...input, fileIds: files.map((f) => f.id) },
      document?.id ?? null,
    );
    setBusy(false);
    if (!r.error) return onSaved(r.data.data.id);
    setErrors(fieldErrors(r));
    setMessage(failure(r));
  };

  return (
    <form
      className="kg-editor"
      aria-label={document ? t('editDocument') : t('newDocument')}
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
          onChange={(e) => {
            const value = e.currentTarget.value;
            setInput((s) => ({ ...s, title: { ...s.title, [l]: value } }));
          }}
        />
      ))}
      {LANGS.map((l) => (
        <Textarea
          key={`summary-${l}`}
          rows={3}
          label={t('summaryField', { lang: t(l) })}
          value={input.summary[l]}
          error={errors[`summary.${l}`]}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setInput((s) => ({ ...s, summary: { ...s.summary, [l]: value } }));
          }}
        />
      ))}
      <Group grow align="flex-start">
        <Select
          label={t('age')}
          data={PRESCHOOL_AGE_GROUPS.map((value) => ({
            value,
            label: PRESCHOOL_AGE_GROUP_LABELS[value][lang],
          }))}
          value={input.ageGroup}
          error={errors.ageGroup}
          allowDeselect={false}
          onChange={(value) =>
            value && setInput((s) => ({ ...s, ageGroup: value as PreschoolAgeGroup }))
          }
        />
        <Select
          label={t('area')}
          placeholder={t('noArea')}
          clearable
          data={EDUCATIONAL_AREAS.map((value) => ({
            value,
            label: EDUCATIONAL_AREA_LABELS[value][lang],
          }))}
          value={input.area}
          onChange={(value) => setInput((s) => ({ ...s, area: value as EducationalArea | null }))}
        />
        <Select
          label={t('status')}
          data={DOCUMENT_STATUSES.map((value) => ({
            value,
            label: t(value === 'draft' ? 'draft' : 'published'),
          }))}
          value={input.status}
          allowDeselect={false}
          onChange={(value) =>
            value && setInput((s) => ({ ...s, status: value as DocumentStatus }))
          }
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
            <p className="mantine-InputWrapper-error" role="alert">
              {errors[`body.${l}`]}
            </p>
          )}
        </div>
      ))}
      <AttachedFiles use="kindergarten" files={files} onChange={setFiles} error={errors.fileIds} />
      {message && (
        <p role="alert" className="kg-error">
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
