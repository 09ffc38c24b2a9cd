import { useParams } from 'react-router-dom';
import { urlLang } from '../shared/api';
import { CatalogueItemView } from './CatalogueItemView';

/** catalog/lectures/{lessonId}: one lecture of the catalogue, as a student sees it. */
export default function LectureItem() {
  const { lessonId = '' } = useParams();
  return <CatalogueItemView id={lessonId} backTo={`/${urlLang()}/catalog/lectures`} />;
}
