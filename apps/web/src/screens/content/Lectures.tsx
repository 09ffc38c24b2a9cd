import { currentUiLang } from '../../app/services';
import { DraftList } from './DraftList';
import { contentText } from './text';

/** content/lectures: my lectures. */
export default function Lectures() {
  const t = contentText(currentUiLang());
  return <DraftList heading={t('myLectures')} types={['lecture']} />;
}
