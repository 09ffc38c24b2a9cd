import { useParams } from 'react-router-dom';
import { urlLang } from '../shared/api';
import { CatalogueItemView } from './CatalogueItemView';

/** content/lessons/contest/catalog/{lessonId}: a contest lesson, previewed as a student sees it. */
export default function ContestCatalogLesson() {
  const { lessonId = '' } = useParams();
  return (
    <CatalogueItemView id={lessonId} backTo={`/${urlLang()}/content/lessons/contest/catalog`} />
  );
}
