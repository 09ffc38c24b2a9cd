import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { currentUiLang } from '../../app/services';
import { createDraft, errorText, loadDraft } from './drafts';
import { useParam } from './DraftScreen';
import { contentText } from './text';

/**
 * content/lectures/control/create/{lectureUUID}: an existing lecture opens in the editor; any
 * other id creates a new lecture draft (the server assigns its id) and opens that.
 */
export default function LectureCreate() {
  const id = useParam('lectureUUID');
  const lang = currentUiLang();
  const urlLang = lang === 'kz' ? 'kk' : 'ru';
  const t = contentText(lang);
  const [to, setTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      const existing = await loadDraft(id);
      if (!existing.error && existing.data.data.draft.type === 'lecture') {
        if (live) setTo(existing.data.data.draft.id);
        return;
      }
      const r = await createDraft({ type: 'lecture', title: t('type_lecture'), lang });
      if (!live) return;
      if (r.error) setError(errorText(r, lang));
      else setTo(r.data.data.draft.id);
    })();
    return () => {
      live = false;
    };
    // once per id
  }, [id]);
  if (to)
    return (
      <Navigate
        to={`/${urlLang}/content/lectures/control/edit/${encodeURIComponent(to)}`}
        replace
      />
    );
  if (error) return <p role="alert">{error}</p>;
  return <p role="status">{t('loading')}</p>;
}
