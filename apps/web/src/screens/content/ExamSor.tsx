import { useSearchParams } from 'react-router-dom';
import { currentUiLang } from '../../app/services';
import { DraftScreen, useParam } from './DraftScreen';

/** content/exams/sor/{lessonId}: the SOR (БЖБ) builder; `?preview=1` shows the student view. */
export default function ExamSor() {
  const id = useParam('lessonId');
  const [query] = useSearchParams();
  const urlLang = currentUiLang() === 'kz' ? 'kk' : 'ru';
  return (
    <DraftScreen
      id={id}
      types={['sor']}
      mode={query.get('preview') === '1' ? 'preview' : 'edit'}
      backTo={`/${urlLang}/content/lessons`}
    />
  );
}
