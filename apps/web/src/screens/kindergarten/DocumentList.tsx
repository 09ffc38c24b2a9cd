import { useState } from 'react';
import { Badge, Select } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import {
  EDUCATIONAL_AREAS,
  EDUCATIONAL_AREA_LABELS,
  PRESCHOOL_AGE_GROUPS,
  PRESCHOOL_AGE_GROUP_LABELS,
} from '@sabaq/platform';
import type { DocumentSection, EducationalArea, PreschoolAgeGroup } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { urlLang } from '../shared/api';
import { DocumentListFrame, useListFilters } from '../shared/documents/DocumentListFrame';
import { optionsOf } from '../shared/documents/fields';
import { useDocuments } from './api';
import { DocumentEditor } from './DocumentEditor';
import { kgText as t } from './texts';

/**
 * A kindergarten document section (nomenclature, methodical, steam, regime-process): documents by
 * age group and educational area with search in kz/ru and pages; the methodist adds documents.
 */
export function DocumentList({ section }: { section: DocumentSection }) {
  const lang = currentUiLang();
  const navigate = useNavigate();
  const state = useListFilters();
  const { filter } = state;
  const [age, setAge] = useState<PreschoolAgeGroup | null>(null);
  const [area, setArea] = useState<EducationalArea | null>(null);
  const loaded = useDocuments(section, {
    age: age ?? undefined,
    area: area ?? undefined,
    q: state.words.trim() || undefined,
    page: state.page,
  });

  return (
    <DocumentListFrame
      t={t}
      title={t(`title.${section}`)}
      intro={t(`intro.${section}`)}
      newTitle={t('newDocument')}
      state={state}
      loaded={loaded}
      filters={
        <>
          <Select
            label={t('age')}
            placeholder={t('anyAge')}
            clearable
            data={optionsOf(PRESCHOOL_AGE_GROUPS, PRESCHOOL_AGE_GROUP_LABELS, lang)}
            value={age}
            onChange={(value) => filter(setAge)(value as PreschoolAgeGroup | null)}
          />
          <Select
            label={t('area')}
            placeholder={t('anyArea')}
            clearable
            data={optionsOf(EDUCATIONAL_AREAS, EDUCATIONAL_AREA_LABELS, lang)}
            value={area}
            onChange={(value) => filter(setArea)(value as EducationalArea | null)}
          />
        </>
      }
      href={(d) => `/${urlLang()}/${section}/${d.id}`}
      badges={(d) => (
        <>
          <Badge variant="light">{PRESCHOOL_AGE_GROUP_LABELS[d.ageGroup][lang]}</Badge>
          {d.area && <Badge variant="default">{EDUCATIONAL_AREA_LABELS[d.area][lang]}</Badge>}
        </>
      )}
      editor={(_list, close) => (
        <DocumentEditor
          section={section}
          document={null}
          onCancel={close}
          onSaved={(id) => {
            close();
            navigate(`/${urlLang()}/${section}/${id}`);
          }}
        />
      )}
    />
  );
}
