import { useParams } from 'react-router-dom';
import { urlLang } from '../shared/api';
import { CatalogueItemView } from './CatalogueItemView';

/** content/lessons/platform/{lessonType}/{lessonId}: a catalogue lesson or exam, previewed. */
export default function LessonPlatform() {
  const { lessonId = '', lessonType = '' } = useParams();
  // A SOR or SOCh came from the exam catalogue (issue 29): back there, as the trail says.
  const exam = lessonType === 'sor' || lessonType === 'soch';
  return (
    <CatalogueItemView
      id={lessonId}
      backTo={`/${urlLang()}/catalog/${exam ? 'exams' : 'lectures'}`}
    />
  );
}
