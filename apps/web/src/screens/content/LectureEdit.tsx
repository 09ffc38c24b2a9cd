import { currentUiLang } from '../../app/services';
import { DraftScreen, useParam } from './DraftScreen';

/** content/lectures/control/edit/{lectureUUID}: the lecture builder. */
export default function LectureEdit() {
  const id = useParam('lectureUUID');
  const urlLang = currentUiLang() === 'kz' ? 'kk' : 'ru';
  return (
    <DraftScreen id={id} types={['lecture']} mode="edit" backTo={`/${urlLang}/content/lectures`} />
  );
}
