import { Group, Select } from '@mantine/core';
import {
  EDUCATIONAL_AREAS,
  EDUCATIONAL_AREA_LABELS,
  PRESCHOOL_AGE_GROUPS,
  PRESCHOOL_AGE_GROUP_LABELS,
} from '@sabaq/platform';
import type {
  DocumentDetail,
  DocumentInput,
  DocumentSection,
  EducationalArea,
  PreschoolAgeGroup,
} from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { DocumentEditorForm } from '../shared/documents/DocumentEditorForm';
import { optionsOf } from '../shared/documents/fields';
import { saveDocument } from './api';
import { kgText as t } from './texts';

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
  return (
    <DocumentEditorForm<DocumentInput>
      t={t}
      label={document ? t('editDocument') : t('newDocument')}
      use="kindergarten"
      document={document}
      initial={() => ({ ageGroup: document?.ageGroup ?? 'senior', area: document?.area ?? null })}
      save={(input) => saveDocument(section, input, document?.id ?? null)}
      onSaved={onSaved}
      onCancel={onCancel}
      fields={({ input, update, errors, status }) => (
        <Group grow align="flex-start">
          <Select
            label={t('age')}
            data={optionsOf(PRESCHOOL_AGE_GROUPS, PRESCHOOL_AGE_GROUP_LABELS, lang)}
            value={input.ageGroup}
            error={errors.ageGroup}
            allowDeselect={false}
            onChange={(value) =>
              value && update((s) => ({ ...s, ageGroup: value as PreschoolAgeGroup }))
            }
          />
          <Select
            label={t('area')}
            placeholder={t('noArea')}
            clearable
            data={optionsOf(EDUCATIONAL_AREAS, EDUCATIONAL_AREA_LABELS, lang)}
            value={input.area}
            onChange={(value) => update((s) => ({ ...s, area: value as EducationalArea | null }))}
          />
          {status}
        </Group>
      )}
    />
  );
}
