import { Suspense, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Badge, Button, Group, Modal, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { RichView } from '@sabaq/editor';
import type { RichText } from '@sabaq/engine';
import type { ApiResult } from '../../../api/client';
import { displayDate, failure } from '../api';
import { DocumentModal } from './DocumentModal';
import type { DocumentTexts } from './texts';
import './documents.css';

/** A file attached to a document. */
export interface DocumentFile {
  id: string;
  name: string;
  size: number;
}

/** What the page shows of a document, in the reader's language. */
export interface ViewedDocument {
  id: number;
  title: string;
  summary: string;
  body: RichText;
  status: 'draft' | 'published';
  updatedAt: string;
  files: readonly DocumentFile[];
  canManage: boolean;
}

/**
 * One document of a library: its header with the area's badges, the summary, the rich text and
 * the files to download; the methodist edits, publishes (where the area offers it) and removes.
 */
export function DocumentView<D extends ViewedDocument>({
  t,
  loaded,
  backTo,
  badges,
  byline,
  fileSize,
  onDownload,
  publish,
  onRemove,
  onRemoved,
  editTitle,
  editor,
}: {
  t: DocumentTexts;
  loaded: { data: D | null; error: string | null; reload: () => unknown };
  /** The list to go back to. */
  backTo: string;
  /** The document's own badges, before «draft». */
  badges: (doc: D) => ReactNode;
  /** Who wrote it, before the date. */
  byline?: (doc: D) => string;
  /** A file's size as the area writes it. */
  fileSize: (file: DocumentFile) => string;
  onDownload: (doc: D, file: DocumentFile) => unknown;
  /** The «publish» button of a draft, where the area has one. */
  publish?: { label: string; run: (doc: D) => Promise<ApiResult<unknown>> };
  onRemove: (doc: D) => Promise<ApiResult<unknown>>;
  /** After a removal: back to the list. */
  onRemoved: () => void;
  editTitle: string;
  /** The editor of the document; `close` hides it. */
  editor: (doc: D, close: () => void) => ReactNode;
}) {
  const headingId = useId();
  const filesId = useId();
  const { data, error, reload } = loaded;
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const confirmRemove = async (doc: D) => {
    const r = await onRemove(doc);
    setRemoving(false);
    if (r.error) setNotice(failure(r));
    else onRemoved();
  };
  const runPublish = async (run: () => Promise<ApiResult<unknown>>) => {
    const r = await run();
    if (r.error) setNotice(failure(r));
    else void reload();
  };

  return (
    <article className="doc-page" aria-labelledby={headingId}>
      <p>
        <Link to={backTo}>← {t('back')}</Link>
      </p>
      {error && <Alert color="red">{error}</Alert>}
      {notice && <Alert color="red">{notice}</Alert>}
      {!data && !error && <Text>{t('loading')}</Text>}
      {data && (
        <>
          <Group justify="space-between" align="flex-start">
            <h1 id={headingId} className="doc-title">
              {data.title}
            </h1>
            {data.canManage && (
              <Group gap="xs">
                {publish && data.status === 'draft' && (
                  <Button onClick={() => void runPublish(() => publish.run(data))}>
                    {publish.label}
                  </Button>
                )}
                <Button variant="default" onClick={() => setEditing(true)}>
                  {t('edit')}
                </Button>
                <Button color="red" variant="light" onClick={() => setRemoving(true)}>
                  {t('remove')}
                </Button>
              </Group>
            )}
          </Group>
          <Group gap="xs" mb="sm">
            {badges(data)}
            {data.status === 'draft' && <Badge variant="default">{t('draft')}</Badge>}
            <Text size="xs" c="dimmed">
              {byline && `${byline(data)} · `}
              {t('updated', { date: displayDate(data.updatedAt) })}
            </Text>
          </Group>
          {data.summary && <Text fw={500}>{data.summary}</Text>}
          <div className="doc-rich">
            <RichView doc={data.body} />
          </div>
          {data.files.length > 0 && (
            <section aria-labelledby={filesId}>
              <h2 id={filesId}>{t('files')}</h2>
              <ul className="doc-files">
                {data.files.map((f) => (
                  <li key={f.id}>
                    <Button
                      variant="light"
                      mih={40}
                      leftSection={<IconPaperclip size={18} stroke={1.75} aria-hidden />}
                      styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
                      aria-label={t('download', { name: f.name })}
                      onClick={() => void onDownload(data, f)}
                    >
                      {f.name}
                    </Button>{' '}
                    <Text span size="sm">
                      {fileSize(f)}
                    </Text>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <DocumentModal opened={editing} onClose={() => setEditing(false)} title={editTitle}>
            {editing && (
              <Suspense fallback={<Text>{t('loading')}</Text>}>
                {editor(data, () => setEditing(false))}
              </Suspense>
            )}
          </DocumentModal>
          <Modal opened={removing} onClose={() => setRemoving(false)} title={t('remove')}>
            <Text mb="md">{t('removeConfirm', { title: data.title })}</Text>
            <Group>
              <Button color="red" onClick={() => void confirmRemove(data)}>
                {t('yes')}
              </Button>
              <Button variant="default" onClick={() => setRemoving(false)}>
                {t('cancel')}
              </Button>
            </Group>
          </Modal>
        </>
      )}
    </article>
  );
}
