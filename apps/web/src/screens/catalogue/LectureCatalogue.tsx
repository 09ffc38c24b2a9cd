import type { CatalogueKind, Role } from '@sabaq/platform';
import { useAppState } from '../../session/store';
import { CatalogueList } from './CatalogueList';
import { catalogueText as t } from './texts';

/** Who sees the exam catalogue (SOR, SOCh): the school's staff and methodists (as the server). */
const EXAM_READERS: readonly Role[] = ['teacher', 'group-lead', 'director', 'zavuch', 'methodist'];

/**
 * catalog/lectures: the catalogue — lectures first (guests and pupils too, spec §6), then lessons,
 * and for the staff the exam catalogue (SOR, SOCh).
 */
export default function LectureCatalogue() {
  const role = useAppState((s) => s.user?.role) as Role | undefined;
  const kinds: CatalogueKind[] = ['lecture', 'lesson'];
  if (role && EXAM_READERS.includes(role)) kinds.push('exam');
  return <CatalogueList kinds={kinds} heading={t('lecturesTitle')} />;
}
