import { lazy } from 'react';
import { Badge } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { METHODICAL_KIND_LABELS } from '@sabaq/platform';
import type { MethodicalDetail } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { path, useLoad } from '../shared/api';
import { DocumentView } from '../shared/documents/DocumentView';
import { editedFrom } from '../shared/documents/fields';
import { downloadFile, removeMaterial, saveMaterial, useMaterial } from './api';
import { mcText as t, parallelsText } from './texts';

const MaterialEditor = lazy(() => import('./MaterialEditor'));

/** One material in the reader's language with its files; the methodist edits, publishes, removes. */
export function MaterialPage({ id }: { id: number }) {
  const lang = currentUiLang();
  const navigate = useNavigate();
  const loaded = useMaterial(id);
  const subjects = useLoad<{ subjects: { id: number; name: string }[] }>(
    loaded.data?.canManage ? path('methodical.materials') : null,
    { page: 1 },
  );

  return (
    <DocumentView
      t={t}
      loaded={loaded}
      backTo="?"
      badges={(m) => (
        <>
          <Badge variant="light">{m.subject.name}</Badge>
          <Badge variant="default">{METHODICAL_KIND_LABELS[m.kind][lang]}</Badge>
          <Badge variant="default">{parallelsText(m.parallelFrom, m.parallelTo)}</Badge>
        </>
      )}
      byline={(m) => t('author', { name: m.author })}
      fileSize={(f) => `${Math.max(1, Math.ceil(f.size / 1024))} KB`}
      onDownload={(m, f) => downloadFile(m.id, f)}
      publish={{
        label: t('publish'),
        run: (m) => saveMaterial(inputOf(m, 'published'), m.id),
      }}
      onRemove={() => removeMaterial(id)}
      onRemoved={() => navigate('?')}
      editTitle={t('editMaterial')}
      editor={(m, close) => (
        <MaterialEditor
          material={m}
          subjects={subjects.data?.subjects ?? [m.subject]}
          onCancel={close}
          onSaved={() => {
            close();
            void loaded.reload();
          }}
        />
      )}
    />
  );
}

/** The input that saves `material` as it is, with another status. */
function inputOf(material: MethodicalDetail, status: MethodicalDetail['status']) {
  return {
    ...editedFrom(material),
    subjectId: material.subject.id,
    parallelFrom: material.parallelFrom,
    parallelTo: material.parallelTo,
    kind: material.kind,
    status,
  };
}
