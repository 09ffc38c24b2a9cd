import { Link } from 'react-router-dom';
import type { Role } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { useAppState } from '../../session/store';
import { mayOpen, pathTo } from '../shared/named';
import { DraftList } from './DraftList';
import { contentText } from './text';

/**
 * content/exams (spec §2 VListOfMyExamsPage): the author's own SOR and SOCh, created and opened
 * in their builders (content/exams/sor|soch/{lessonId}); the staff find colleagues' exams in the
 * exam catalogue (VListOfExamsCatalogPage).
 */
export default function Exams() {
  const t = contentText(currentUiLang());
  const role = useAppState((s) => s.user?.role) as Role | undefined;
  return (
    <>
      <DraftList heading={t('myExams')} types={['sor', 'soch']} />
      {mayOpen('VListOfExamsCatalogPage', role) && (
        <p>
          <Link to={pathTo('VListOfExamsCatalogPage')}>{t('examCatalogue')}</Link>
        </p>
      )}
    </>
  );
}
