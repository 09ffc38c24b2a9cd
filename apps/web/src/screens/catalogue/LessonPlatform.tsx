import { useParams } from 'react-router-dom';
import { urlLang } from '../shared/api';
import { CatalogueItemView } from './CatalogueItemView';

/** content/lessons/platform/{lessonType}/{lessonId}: a catalogue lesson or exam, previewed. */
export default function LessonPlatform() {
  const { lessonId = '' } = useParams();
  return <CatalogueItemView id={lessonId} backTo={`/${urlLang()}/catalog/lectures`} />;
}
