import { currentUiLang } from '../../app/services';
import { useAppState } from '../../session/store';
import { urlLang } from '../shared/api';
import { Navigate } from 'react-router-dom';
import { DraftList } from './DraftList';
import { contentText } from './text';

/**
 * content/lectures: my lectures. A guest builds nothing (the drafts API is not theirs) but spec §6
 * gives guests the lectures: they are taken to the lecture catalogue instead of a 403 (issue 17).
 */
export default function Lectures() {
  const t = contentText(currentUiLang());
  const role = useAppState((s) => s.user?.role);
  if (role === 'guest') return <Navigate to={`/${urlLang()}/catalog/lectures`} replace />;
  return <DraftList heading={t('myLectures')} types={['lecture']} />;
}
