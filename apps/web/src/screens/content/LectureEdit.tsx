import { DraftScreen, useParam } from './DraftScreen';
import { pathTo } from '../shared/named';

/** content/lectures/control/edit/{lectureUUID}: the lecture builder. */
export default function LectureEdit() {
  const id = useParam('lectureUUID');
  return (
    <DraftScreen id={id} types={['lecture']} mode="edit" backTo={pathTo('VListOfMyLecturesPage')} />
  );
}
