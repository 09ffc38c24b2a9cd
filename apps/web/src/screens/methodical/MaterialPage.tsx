import { lazy, Suspense, useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router-dom';
import { RichView } from '@sabaq/editor';
import { METHODICAL_KIND_LABELS } from '@sabaq/platform';
import type { MethodicalDetail } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { displayDate, failure, path, useLoad } from '../shared/api';
import { downloadFile, removeMaterial, saveMaterial, useMaterial } from './api';
import { mcText as t, parallelsText } from './texts';

const MaterialEditor = lazy(() => import('./MaterialEditor'));

/** One material in the reader's language with its files; the methodist edits, publishes, removes. */
export function MaterialPage({ id }: { id: number }) {
  const lang = currentUiLang();
  const navigate = useNavigate();
  const { data, error, reload } = useMaterial(id);
  const subjects = useLoad<{ subjects: { id: number; name: string }[] }>(
    data?.canManage ? path('methodical.materials') : null,
    { page: 1 },
  );
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const confirmRemove = async () => {
    const r = await removeMaterial(id);
    setRemoving(false);
    if (r.error) setNotice(failure(r));
    else navigate('?');
  };
  const publish = async (material: MethodicalDetail) => {
    const r = await saveMaterial(inputOf(material, 'published'), material.id);
    if (r.error) setNotice(failure(r));
    else void reload();
  };

  return (
    <article className="mc-page" aria-labelledby="mc-material-h">
      <p>
        <Link to="?">← {t('back')}</Link>
      </p>
      {error && <Alert color="red">{error}</Alert>}
      {notice && <Alert color="red">{notice}</Alert>}
      {!data && !error && <Text>{t('loading')}</Text>}
      {data && (
        <>
          <Group justify="space-between" align="flex-start">
            <h1 id="mc-material-h" className="mc-title">
              {data.title}
            </h1>
            {data.canManage && (
              <Group gap="xs">
                {data.status === 'draft' && (
                  <Button onClick={() => void publish(data)}>{t('publish')}</Button>
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
            <Badge variant="light">{data.subject.name}</Badge>
            <Badge variant="default">{METHODICAL_KIND_LABELS[data.kind][lang]}</Badge>
            <Badge variant="default">{parallelsText(data.parallelFrom, data.parallelTo)}</Badge>
            {data.status === 'draft' && <Badge variant="default">{t('draft')}</Badge>}
            <Text size="xs" c="dimmed">
              {t('author', { name: data.author })} ·{' '}
              {t('updated', { date: displayDate(data.updatedAt) })}
            </Text>
          </Group>
          {data.summary && <Text fw={500}>{data.summary}</Text>}
          <div className="mc-rich">
            <RichView doc={data.body} />
          </div>
          {data.files.length > 0 && (
            <section aria-labelledby="mc-files-h">
              <h2 id="mc-files-h">{t('files')}</h2>
              <ul className="mc-files">
                {data.files.map((f) => (
                  <li key={f.id}>
                    <Button
                      variant="subtle"
                      mih={40}
                      leftSection={<IconPaperclip size={18} stroke={1.75} aria-hidden />}
                      styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
                      aria-label={t('download', { name: f.name })}
                      onClick={() => void downloadFile(data.id, f)}
                    >
                      {f.name}
                    </Button>{' '}
                    <Text span size="sm">
                      {Math.max(1, Math.ceil(f.size / 1024))} KB
                    </Text>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <Modal
            opened={editing}
            onClose={() => setEditing(false)}
            title={t('editMaterial')}
            size="xl"
            fullScreen={typeof window !== 'undefined' && window.innerWidth < 600}
          >
            {editing && (
              <Suspense fallback={<Text>{t('loading')}</Text>}>
                <MaterialEditor
                  material={data}
                  subjects={subjects.data?.subjects ?? [data.subject]}
                  onCancel={() => setEditing(false)}
                  onSaved={() => {
                    setEditing(false);
                    void reload();
                  }}
                />
              </Suspense>
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

/** The input that saves `material` as it is, with another status. */
function inputOf(material: MethodicalDetail, status: MethodicalDetail['status']) {
  return {
    title: material.titles,
    summary: material.summaries,
    body: material.bodies,
    subjectId: material.subject.id,
    parallelFrom: material.parallelFrom,
    parallelTo: material.parallelTo,
    kind: material.kind,
    status,
    fileIds: material.files.map((f) => f.id),
  };
}
