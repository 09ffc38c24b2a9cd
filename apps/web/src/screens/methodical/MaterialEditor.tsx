import { Group, Select } from '@mantine/core';
import { METHODICAL_KINDS, METHODICAL_KIND_LABELS } from '@sabaq/platform';
import type { MethodicalDetail, MethodicalInput, MethodicalKind } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { DocumentEditorForm } from '../shared/documents/DocumentEditorForm';
import { optionsOf } from '../shared/documents/fields';
import { saveMaterial } from './api';
import { mcText as t } from './texts';

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
  return (
    <DocumentEditorForm<MethodicalInput>
      t={t}
      label={material ? t('editMaterial') : t('newMaterial')}
      use="methodical"
      document={material}
      initial={() => ({
        subjectId: material?.subject.id ?? subjects[0]?.id ?? 1,
        parallelFrom: material?.parallelFrom ?? null,
        parallelTo: material?.parallelTo ?? null,
        kind: material?.kind ?? 'recommendation',
      })}
      summaryRows={2}
      save={(input) => saveMaterial(input, material?.id ?? null)}
      onSaved={onSaved}
      onCancel={onCancel}
      fields={({ input, update, errors, status }) => (
        <>
          <Group grow align="flex-start">
            <Select
              label={t('subject')}
              searchable
              allowDeselect={false}
              data={subjects.map((s) => ({ value: String(s.id), label: s.name }))}
              value={String(input.subjectId)}
              error={errors.subjectId}
              onChange={(value) => value && update((s) => ({ ...s, subjectId: Number(value) }))}
            />
            <Select
              label={t('kind')}
              allowDeselect={false}
              data={optionsOf(METHODICAL_KINDS, METHODICAL_KIND_LABELS, lang)}
              value={input.kind}
              onChange={(value) =>
                value && update((s) => ({ ...s, kind: value as MethodicalKind }))
              }
            />
            {status}
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
                update((s) => ({
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
                update((s) => ({
                  ...s,
                  parallelTo: to,
                  parallelFrom: to === null ? null : Math.min(to, s.parallelFrom ?? to),
                }));
              }}
            />
          </Group>
        </>
      )}
    />
  );
}
