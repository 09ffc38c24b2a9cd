import { currentUiLang } from '../../app/services';
import { DraftList } from '../content/DraftList';
import { contentText } from '../content/text';

/** content/lectures: my lectures. */
export default function Lectures() {
  const t = contentText(currentUiLang());
  return <DraftList heading={t('myLectures')} types={['lecture']} />;
}
