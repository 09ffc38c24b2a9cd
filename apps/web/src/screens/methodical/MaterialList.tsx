import { lazy, Suspense, useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Select, Text, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { METHODICAL_KINDS, METHODICAL_KIND_LABELS } from '@sabaq/platform';
import type { MethodicalKind } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { displayDate } from '../shared/api';
import { useMaterials } from './api';
import { mcText as t, parallelsText } from './texts';

const MaterialEditor = lazy(() => import('./MaterialEditor'));
const PARALLELS = Array.from({ length: 11 }, (_, i) => i + 1);

/** The cabinet's list: filters by subject, kind and class, search in kz/ru, pages. */
export function MaterialList() {
  const lang = currentUiLang();
  const navigate = useNavigate();
  const [subject, setSubject] = useState<string | null>(null);
  const [kind, setKind] = useState<MethodicalKind | null>(null);
  const [parallel, setParallel] = useState<string | null>(null);
  const [words, setWords] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const loaded = useMaterials({
    subject: subject ? Number(subject) : undefined,
    kind: kind ?? undefined,
    parallel: parallel ? Number(parallel) : undefined,
    q: words.trim() || undefined,
    page,
  });
  const data = loaded.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <section className="mc-page" aria-labelledby="mc-h">
      <Group justify="space-between" align="center">
        <h1 id="mc-h" className="mc-title">
          {t('title')}
        </h1>
        {data?.canManage && <Button onClick={() => setAdding(true)}>{t('add')}</Button>}
      </Group>
      <Text mb="md">{t('intro')}</Text>
      <form role="search" className="mc-filters" onSubmit={(e) => e.preventDefault()}>
        <Select
          label={t('subject')}
          placeholder={t('anySubject')}
          clearable
          searchable
          data={(data?.subjects ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={subject}
          onChange={filter(setSubject)}
        />
        <Select
          label={t('kind')}
          placeholder={t('anyKind')}
          clearable
          data={METHODICAL_KINDS.map((value) => ({
            value,
            label: METHODICAL_KIND_LABELS[value][lang],
          }))}
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
        <TextInput
          type="search"
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          value={words}
          onChange={(e) => filter(setWords)(e.currentTarget.value)}
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
          <ul className="mc-list">
            {data.items.map((m) => (
              <li key={m.id}>
                <Paper withBorder p="md" radius="md">
                  <h2 className="mc-card-title">
                    <Link to={`?material=${m.id}`}>{m.title}</Link>
                  </h2>
                  <Text size="sm">{m.summary}</Text>
                  <Group gap="xs" mt="xs">
                    <Badge variant="light">{m.subject.name}</Badge>
                    <Badge variant="default">{METHODICAL_KIND_LABELS[m.kind][lang]}</Badge>
                    <Badge variant="default">{parallelsText(m.parallelFrom, m.parallelTo)}</Badge>
                    {m.status === 'draft' && <Badge variant="default">{t('draft')}</Badge>}
                    {m.fileCount > 0 && <Text size="xs">{t('fileCount', { n: m.fileCount })}</Text>}
                    <Text size="xs" c="dimmed">
                      {t('updated', { date: displayDate(m.updatedAt) })}
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
        title={t('newMaterial')}
        size="xl"
        fullScreen={typeof window !== 'undefined' && window.innerWidth < 600}
      >
        {adding && data && (
          <Suspense fallback={<Text>{t('loading')}</Text>}>
            <MaterialEditor
              material={null}
              subjects={data.subjects}
              onCancel={() => setAdding(false)}
              onSaved={(id) => {
                setAdding(false);
                navigate(`?material=${id}`);
              }}
            />
          </Suspense>
        )}
      </Modal>
    </section>
  );
}
