import { CatalogueList } from './CatalogueList';
import { catalogueText as t } from './texts';

/**
 * catalog/exams (spec §2 VListOfExamsCatalogPage, "exam promo for employees"): the catalogue's
 * published SOR and SOCh for the school's staff and methodists. The spec names the page but gives
 * it no path; it is the catalogue of catalog/lectures opened on its exam kind, with the same
 * search and filters (the server shows exams to the staff only).
 */
export default function ExamCatalogue() {
  return <CatalogueList kinds={['exam']} heading={t('examsTitle')} />;
}
