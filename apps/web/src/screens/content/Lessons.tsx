import { useSearchParams } from 'react-router-dom';
import { currentUiLang } from '../../app/services';
import { CatalogueLink } from '../catalogue';
import { DraftList } from './DraftList';
import { DraftScreen } from './DraftScreen';
import { contentText } from './text';

/** content/lessons: my lessons and exams; `?draft=ID` edits a custom lesson, `&preview=1`
 * shows it as a student sees it (the route table has no separate path for them). */
export default function Lessons() {
  const [query] = useSearchParams();
  const lang = currentUiLang();
  const t = contentText(lang);
  const id = query.get('draft');
  const urlLang = lang === 'kz' ? 'kk' : 'ru';
  if (id)
    return (
      <DraftScreen
        id={id}
        types={['customLesson', 'lesson', 'homework', 'olympiad']}
        mode={query.get('preview') === '1' ? 'preview' : 'edit'}
        backTo={`/${urlLang}/content/lessons`}
      />
    );
  return (
    <>
      <DraftList heading={t('myLessons')} types={['customLesson', 'sor', 'soch']} />
      <CatalogueLink />
    </>
  );
}
