import { useSearchParams } from 'react-router-dom';
import { currentUiLang } from '../../app/services';
import { DraftScreen, useParam } from './DraftScreen';

/** content/exams/soch/{lessonId}: the SOCh (ТЖБ) builder; `?preview=1` shows the student view. */
export default function ExamSoch() {
  const id = useParam('lessonId');
  const [query] = useSearchParams();
  const urlLang = currentUiLang() === 'kz' ? 'kk' : 'ru';
  return (
    <DraftScreen
      id={id}
      types={['soch']}
      mode={query.get('preview') === '1' ? 'preview' : 'edit'}
      backTo={`/${urlLang}/content/lessons`}
    />
  );
}
