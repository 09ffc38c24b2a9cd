import { Badge } from '@mantine/core';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  DOCUMENT_SECTIONS,
  EDUCATIONAL_AREA_LABELS,
  PRESCHOOL_AGE_GROUP_LABELS,
} from '@sabaq/platform';
import type { DocumentSection } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { downloadAs, path, urlLang } from '../shared/api';
import { DocumentView } from '../shared/documents/DocumentView';
import { megabytes } from '../files';
import { removeDocument, useDocument } from './api';
import { DocumentEditor } from './DocumentEditor';
import { kgText as t } from './texts';

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
  const loaded = useDocument(section, documentId);
  const listPath = `/${urlLang()}/${section}`;

  return (
    <DocumentView
      t={t}
      loaded={loaded}
      backTo={listPath}
      badges={(d) => (
        <>
          <Badge variant="light">{PRESCHOOL_AGE_GROUP_LABELS[d.ageGroup][lang]}</Badge>
          {d.area && <Badge variant="default">{EDUCATIONAL_AREA_LABELS[d.area][lang]}</Badge>}
        </>
      )}
      fileSize={(f) => `${megabytes(f.size)} МБ`}
      onDownload={(d, f) =>
        downloadAs(
          path('kindergarten.documentFile', { section, documentId: d.id, fileId: f.id }),
          f.name,
        )
      }
      onRemove={(d) => removeDocument(section, d.id)}
      onRemoved={() => navigate(listPath)}
      editTitle={t('editDocument')}
      editor={(d, close) => (
        <DocumentEditor
          section={section}
          document={d}
          onCancel={close}
          onSaved={() => {
            close();
            loaded.reload();
          }}
        />
      )}
    />
  );
}
