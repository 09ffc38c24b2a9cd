import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Select, Text, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import {
  EDUCATIONAL_AREAS,
  EDUCATIONAL_AREA_LABELS,
  PRESCHOOL_AGE_GROUPS,
  PRESCHOOL_AGE_GROUP_LABELS,
} from '@sabaq/platform';
import type { DocumentSection, EducationalArea, PreschoolAgeGroup } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { displayDate, urlLang } from '../shared/api';
import { useDocuments } from './api';
import { DocumentEditor } from './DocumentEditor';
import { kgText as t } from './texts';
import './kindergarten.css';

/**
 * A kindergarten document section (nomenclature, methodical, steam, regime-process): documents by
 * age group and educational area with search in kz/ru and pages; the methodist adds documents.
 */
export function DocumentList({ section }: { section: DocumentSection }) {
  const lang = currentUiLang();
  const navigate = useNavigate();
  const [age, setAge] = useState<PreschoolAgeGroup | null>(null);
  const [area, setArea] = useState<EducationalArea | null>(null);
  const [words, setWords] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const loaded = useDocuments(section, {
    age: age ?? undefined,
    area: area ?? undefined,
    q: words.trim() || undefined,
    page,
  });
  const data = loaded.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <section className="kg-page" aria-labelledby="kg-h">
      <Group justify="space-between" align="center">
        <h1 id="kg-h" className="kg-title">
          {t(`title.${section}`)}
        </h1>
        {data?.canManage && <Button onClick={() => setAdding(true)}>{t('add')}</Button>}
      </Group>
      <Text mb="md">{t(`intro.${section}`)}</Text>
      <form role="search" className="kg-filters" onSubmit={(e) => e.preventDefault()}>
        <Select
          label={t('age')}
          placeholder={t('anyAge')}
          clearable
          data={PRESCHOOL_AGE_GROUPS.map((value) => ({
            value,
            label: PRESCHOOL_AGE_GROUP_LABELS[value][lang],
          }))}
          value={age}
          onChange={(value) => {
            setAge(value as PreschoolAgeGroup | null);
            setPage(1);
          }}
        />
        <Select
          label={t('area')}
          placeholder={t('anyArea')}
          clearable
          data={EDUCATIONAL_AREAS.map((value) => ({
            value,
            label: EDUCATIONAL_AREA_LABELS[value][lang],
          }))}
          value={area}
          onChange={(value) => {
            setArea(value as EducationalArea | null);
            setPage(1);
          }}
        />
        <TextInput
          type="search"
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          value={words}
          onChange={(e) => {
            setWords(e.currentTarget.value);
            setPage(1);
          }}
        />
      </form>
      {loaded.error && <Alert color="red">{loaded.error}</Alert>}
      {!data && !loaded.error && <Text>{t('loading')}</Text>}
      {data && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('found', { n: data.total })}
          </Text>
          {data.items.length === 0 && <Text>{t('empty')}</Text>}
          <ul className="kg-list">
            {data.items.map((d) => (
              <li key={d.id}>
                <Paper withBorder p="md" radius="md">
                  <h2 className="kg-card-title">
                    <Link to={`/${urlLang()}/${section}/${d.id}`}>{d.title}</Link>
                  </h2>
                  <Text size="sm">{d.summary}</Text>
                  <Group gap="xs" mt="xs">
                    <Badge variant="light">{PRESCHOOL_AGE_GROUP_LABELS[d.ageGroup][lang]}</Badge>
                    {d.area && (
                      <Badge variant="default">{EDUCATIONAL_AREA_LABELS[d.area][lang]}</Badge>
                    )}
                    {d.status === 'draft' && <Badge variant="default">{t('draft')}</Badge>}
                    <Text size="xs" c="dimmed">
                      {t('updated', { date: displayDate(d.updatedAt) })}
                    </Text>
                  </Group>
                </Paper>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <Group justify="center" mt="md">
              <Button variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('prev')}
              </Button>
              <Text>{t('page', { page, pages })}</Text>
              <Button variant="default" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('next')}
              </Button>
            </Group>
          )}
        </>
      )}
      <Modal
        opened={adding}
        onClose={() => setAdding(false)}
        title={t('newDocument')}
        size="xl"
        fullScreen={typeof window !== 'undefined' && window.innerWidth < 600}
      >
        {adding && (
          <DocumentEditor
            section={section}
            document={null}
            onCancel={() => setAdding(false)}
            onSaved={(id) => {
              setAdding(false);
              navigate(`/${urlLang()}/${section}/${id}`);
            }}
          />
        )}
      </Modal>
    </section>
  );
}
