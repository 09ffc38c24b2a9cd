import { lazy, useState } from 'react';
import { Badge, Select, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { METHODICAL_KINDS, METHODICAL_KIND_LABELS } from '@sabaq/platform';
import type { MethodicalKind } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { DocumentListFrame, useListFilters } from '../shared/documents/DocumentListFrame';
import { optionsOf } from '../shared/documents/fields';
import { useMaterials } from './api';
import { mcText as t, parallelsText } from './texts';

const MaterialEditor = lazy(() => import('./MaterialEditor'));
const PARALLELS = Array.from({ length: 11 }, (_, i) => i + 1);

/** The cabinet's list: filters by subject, kind and class, search in kz/ru, pages. */
export function MaterialList() {
  const lang = currentUiLang();
  const navigate = useNavigate();
  const state = useListFilters();
  const { filter } = state;
  const [subject, setSubject] = useState<string | null>(null);
  const [kind, setKind] = useState<MethodicalKind | null>(null);
  const [parallel, setParallel] = useState<string | null>(null);
  const loaded = useMaterials({
    subject: subject ? Number(subject) : undefined,
    kind: kind ?? undefined,
    parallel: parallel ? Number(parallel) : undefined,
    q: state.words.trim() || undefined,
    page: state.page,
  });

  return (
    <DocumentListFrame
      t={t}
      title={t('title')}
      intro={t('intro')}
      newTitle={t('newMaterial')}
      state={state}
      loaded={loaded}
      filters={
        <>
          <Select
            label={t('subject')}
            placeholder={t('anySubject')}
            clearable
            searchable
            data={(loaded.data?.subjects ?? []).map((s) => ({
              value: String(s.id),
              label: s.name,
            }))}
            value={subject}
            onChange={filter(setSubject)}
          />
          <Select
            label={t('kind')}
            placeholder={t('anyKind')}
            clearable
            data={optionsOf(METHODICAL_KINDS, METHODICAL_KIND_LABELS, lang)}
            value={kind}
            onChange={(value) => filter(setKind)(value as MethodicalKind | null)}
          />
          <Select
            label={t('parallel')}
            placeholder={t('anyParallel')}
            clearable
            data={PARALLELS.map((n) => ({ value: String(n), label: t('parallelN', { n }) }))}
            value={parallel}
            onChange={filter(setParallel)}
          />
        </>
      }
      href={(m) => `?material=${m.id}`}
      badges={(m) => (
        <>
          <Badge variant="light">{m.subject.name}</Badge>
          <Badge variant="default">{METHODICAL_KIND_LABELS[m.kind][lang]}</Badge>
          <Badge variant="default">{parallelsText(m.parallelFrom, m.parallelTo)}</Badge>
        </>
      )}
      note={(m) => m.fileCount > 0 && <Text size="xs">{t('fileCount', { n: m.fileCount })}</Text>}
      editor={(list, close) => (
        <MaterialEditor
          material={null}
          subjects={list.subjects}
          onCancel={close}
          onSaved={(id) => {
            close();
            navigate(`?material=${id}`);
          }}
        />
      )}
    />
  );
}
