import { currentUiLang } from '../../app/services';
import { DraftScreen, useParam } from './DraftScreen';

/** content/lectures/control/preview/{lectureUUID} and content/lectures/lesson/{lessonId}: the
 * lecture as a student sees it, with answer checking. */
export default function LecturePreview() {
  const byUuid = useParam('lectureUUID');
  const byLesson = useParam('lessonId');
  const urlLang = currentUiLang() === 'kz' ? 'kk' : 'ru';
  return (
    <DraftScreen
      id={byUuid || byLesson}
      types={['lecture']}
      mode="preview"
      backTo={`/${urlLang}/content/lectures`}
    />
  );
}
