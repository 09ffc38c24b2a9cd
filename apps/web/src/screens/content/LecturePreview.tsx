import { DraftScreen, useParam } from './DraftScreen';
import { pathTo } from '../shared/named';

/** content/lectures/control/preview/{lectureUUID} and content/lectures/lesson/{lessonId}: the
 * lecture as a student sees it, with answer checking. */
export default function LecturePreview() {
  const byUuid = useParam('lectureUUID');
  const byLesson = useParam('lessonId');
  return (
    <DraftScreen
      id={byUuid || byLesson}
      types={['lecture']}
      mode="preview"
      backTo={pathTo('VListOfMyLecturesPage')}
    />
  );
}
