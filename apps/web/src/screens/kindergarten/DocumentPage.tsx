import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Text } from '@mantine/core';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { RichView } from '@sabaq/editor';
import {
  DOCUMENT_SECTIONS,
  EDUCATIONAL_AREA_LABELS,
  PRESCHOOL_AGE_GROUP_LABELS,
} from '@sabaq/platform';
import type { DocumentSection } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { displayDate, downloadAs, failure, path, urlLang } from '../shared/api';
import { megabytes } from '../files';
import { removeDocument, useDocument } from './api';
import { DocumentEditor } from './DocumentEditor';
import { kgText as t } from './texts';
import './kindergarten.css';

/** The section of `/{lang}/{section}/{documentId}`. */
export function sectionOf(pathname: string): DocumentSection {
  const segment = pathname.split('/')[2] ?? '';
  return (DOCUMENT_SECTIONS as readonly string[]).includes(segment)
    ? (segment as DocumentSection)
    : 'methodical';
}

/** `{section}/{documentId}`: one document in the reader's language; the methodist edits it. */
export default function DocumentPage() {
  const lang = currentUiLang();
  const { documentId } = useParams();
  const section = sectionOf(useLocation().pathname);
  const navigate = useNavigate();
  const { data, error, reload } = useDocument(section, documentId);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const listPath = `/${urlLang()}/${section}`;

  const confirmRemove = async () => {
    if (!data) return;
    const r = await removeDocument(section, data.id);
    setRemoving(false);
    if (r.error) setNotice(failure(r));
    else navigate(listPath);
  };

  return (
    <article className="kg-page" aria-labelledby="kg-doc-h">
      <p>
        <Link to={listPath}>← {t('back')}</Link>
      </p>
      {error && <Alert color="red">{error}</Alert>}
      {notice && <Alert color="red">{notice}</Alert>}
      {!data && !error && <Text>{t('loading')}</Text>}
      {data && (
        <>
          <Group justify="space-between" align="flex-start">
            <h1 id="kg-doc-h" className="kg-title">
              {data.title}
            </h1>
            {data.canManage && (
              <Group gap="xs">
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
            <Badge variant="light">{PRESCHOOL_AGE_GROUP_LABELS[data.ageGroup][lang]}</Badge>
            {data.area && (
              <Badge variant="default">{EDUCATIONAL_AREA_LABELS[data.area][lang]}</Badge>
            )}
            {data.status === 'draft' && <Badge variant="default">{t('draft')}</Badge>}
            <Text size="xs" c="dimmed">
              {t('updated', { date: displayDate(data.updatedAt) })}
            </Text>
          </Group>
          {data.summary && <Text fw={500}>{data.summary}</Text>}
          <div className="kg-rich">
            <RichView doc={data.body} />
          </div>
          {data.files.length > 0 && (
            <section aria-labelledby="kg-files-h">
              <h2 id="kg-files-h">{t('files')}</h2>
              <ul className="kg-files">
                {data.files.map((f) => (
                  <li key={f.id}>
                    <Button
                      variant="subtle"
                      onClick={() =>
                        void downloadAs(
                          path('kindergarten.documentFile', {
                            section,
                            documentId: data.id,
                            fileId: f.id,
                          }),
                          f.name,
                        )
                      }
                      aria-label={t('download', { name: f.name })}
                    >
                      {f.name}
                    </Button>{' '}
                    <span className="tch-muted">{megabytes(f.size)} МБ</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <Modal
            opened={editing}
            onClose={() => setEditing(false)}
            title={t('editDocument')}
            size="xl"
            fullScreen={typeof window !== 'undefined' && window.innerWidth < 600}
          >
            {editing && (
              <DocumentEditor
                section={section}
                document={data}
                onCancel={() => setEditing(false)}
                onSaved={() => {
                  setEditing(false);
                  reload();
                }}
              />
            )}
          </Modal>
          <Modal opened={removing} onClose={() => setRemoving(false)} title={t('remove')}>
            <Text mb="md">{t('removeConfirm', { title: data.title })}</Text>
            <Group>
              <Button color="red" onClick={() => void confirmRemove()}>
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
