import { useSearchParams } from 'react-router-dom';
import { DraftScreen, useParam } from './DraftScreen';
import { pathTo } from '../shared/named';

/** content/exams/soch/{lessonId}: the SOCh (ТЖБ) builder; `?preview=1` shows the student view. */
export default function ExamSoch() {
  const id = useParam('lessonId');
  const [query] = useSearchParams();
  return (
    <DraftScreen
      id={id}
      types={['soch']}
      mode={query.get('preview') === '1' ? 'preview' : 'edit'}
      backTo={pathTo('VListOfMyExamsPage')}
    />
  );
}
