import { Suspense, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Badge, Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';
import { displayDate } from '../api';
import { DocumentModal } from './DocumentModal';
import type { DocumentTexts } from './texts';
import './documents.css';

/** What a list shows of every document. */
export interface ListedDocument {
  id: number;
  title: string;
  summary: string;
  status: 'draft' | 'published';
  updatedAt: string;
}

/** One page of a library's list, as its server answers it. */
export interface DocumentListPage {
  items: readonly ListedDocument[];
  total: number;
  pageSize: number;
  canManage: boolean;
}

/** The page and the search words of a list; a filter's change goes back to the first page. */
export function useListFilters() {
  const [page, setPage] = useState(1);
  const [words, setWords] = useState('');
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  return { page, setPage, words, setWords: filter(setWords), filter };
}

export type ListFilters = ReturnType<typeof useListFilters>;

/**
 * A library's list: title and intro, the area's filters and a search in kz/ru, the found
 * documents as cards, pages, and for the methodist a button that opens the editor of a new one.
 */
export function DocumentListFrame<L extends DocumentListPage>({
  t,
  title,
  intro,
  newTitle,
  filters,
  state,
  loaded,
  href,
  badges,
  note,
  editor,
}: {
  t: DocumentTexts;
  title: string;
  intro: string;
  /** The new document editor's title. */
  newTitle: string;
  /** The area's own filters, before the search field. */
  filters: ReactNode;
  state: ListFilters;
  loaded: { data: L | null; error: string | null };
  /** Where a card's title leads. */
  href: (item: L['items'][number]) => string;
  /** A card's own badges, before «draft». */
  badges: (item: L['items'][number]) => ReactNode;
  /** A card's note after «draft», before the date. */
  note?: (item: L['items'][number]) => ReactNode;
  /** The editor of a new document; `close` hides it. */
  editor: (list: L, close: () => void) => ReactNode;
}) {
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  const { page, setPage } = state;
  const data = loaded.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const close = () => setAdding(false);

  return (
    <section className="doc-page" aria-labelledby={headingId}>
      <Group justify="space-between" align="center">
        <h1 id={headingId} className="doc-title">
          {title}
        </h1>
        {data?.canManage && <Button onClick={() => setAdding(true)}>{t('add')}</Button>}
      </Group>
      <Text mb="md">{intro}</Text>
      <form role="search" className="doc-filters" onSubmit={(e) => e.preventDefault()}>
        {filters}
        <TextInput
          type="search"
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          value={state.words}
          onChange={(e) => state.setWords(e.currentTarget.value)}
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
          <ul className="doc-list">
            {data.items.map((item) => (
              <li key={item.id}>
                <Paper withBorder p="md" radius="md">
                  <h2 className="doc-card-title">
                    <Link to={href(item)}>{item.title}</Link>
                  </h2>
                  <Text size="sm">{item.summary}</Text>
                  <Group gap="xs" mt="xs">
                    {badges(item)}
                    {item.status === 'draft' && <Badge variant="default">{t('draft')}</Badge>}
                    {note?.(item)}
                    <Text size="xs" c="dimmed">
                      {t('updated', { date: displayDate(item.updatedAt) })}
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
      <DocumentModal opened={adding} onClose={close} title={newTitle}>
        {adding && data && (
          <Suspense fallback={<Text>{t('loading')}</Text>}>{editor(data, close)}</Suspense>
        )}
      </DocumentModal>
    </section>
  );
}
