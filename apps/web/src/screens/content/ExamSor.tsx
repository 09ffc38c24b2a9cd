import { useSearchParams } from 'react-router-dom';
import { DraftScreen, useParam } from './DraftScreen';
import { pathTo } from '../shared/named';

/** content/exams/sor/{lessonId}: the SOR (БЖБ) builder; `?preview=1` shows the student view. */
export default function ExamSor() {
  const id = useParam('lessonId');
  const [query] = useSearchParams();
  return (
    <DraftScreen
      id={id}
      types={['sor']}
      mode={query.get('preview') === '1' ? 'preview' : 'edit'}
      backTo={pathTo('VListOfMyExamsPage')}
    />
  );
}
