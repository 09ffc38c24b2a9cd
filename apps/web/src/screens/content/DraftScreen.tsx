import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Draft, DraftEvent } from '@sabaq/engine';
import {
  createLocalDraftLog,
  Editor,
  Preview,
  translator,
  useDraftSave,
  type EarlierEvent,
  type LocalDraftLog,
} from '@sabaq/editor';
import { currentUiLang } from '../../app/services';
import { useAppState } from '../../session/store';
import {
  assetUrl,
  editPath,
  errorText,
  loadDraft,
  openLog,
  loadAuthors,
  publishDraft,
  saveTransport,
  uploadFile,
  type LoadedDraft,
} from './drafts';
import { contentText } from './text';

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | {
      state: 'ready';
      loaded: LoadedDraft;
      opened: { base: Draft; events: DraftEvent[]; earlier: EarlierEvent[] } | null;
      authors: Record<string, string>;
    };

interface DraftScreenProps {
  id: string;
  /** Types this screen edits; another type links to its own screen. */
  types: ReadonlyArray<Draft['type']>;
  mode: 'edit' | 'preview';
  backTo: string;
}

/** Loads a draft from the server and shows the editor (or the student preview) over it. */
export function DraftScreen({ id, types, mode, backTo }: DraftScreenProps) {
  const lang = currentUiLang();
  const t = contentText(lang);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    void (async () => {
      const r = await loadDraft(id);
      if (!live) return;
      if (r.error) {
        setLoad({
          state: 'error',
          message: r.status === 404 ? t('notFound') : errorText(r, lang),
        });
        return;
      }
      const [opened, authors] =
        mode === 'edit' ? await Promise.all([openLog(r.data.data), loadAuthors(id)]) : [null, {}];
      if (live) setLoad({ state: 'ready', loaded: r.data.data, opened, authors });
    })();
    return () => {
      live = false;
    };
    // reload only on id/attempt
  }, [id, attempt]);

  if (load.state === 'loading') return <p role="status">{t('loading')}</p>;
  if (load.state === 'error')
    return (
      <div role="alert">
        <p>{load.message}</p>
        <button type="button" onClick={() => setAttempt((a) => a + 1)}>
          {t('retry')}
        </button>{' '}
        <Link to={backTo}>{t('back')}</Link>
      </div>
    );
  const { draft } = load.loaded;
  if (!types.includes(draft.type)) {
    const urlLang = lang === 'kz' ? 'kk' : 'ru';
    return (
      <div role="alert">
        <p>{t('wrongType')}</p>
        <Link to={editPath(urlLang, draft.type, draft.id)}>{t('openRight')}</Link>
      </div>
    );
  }
  if (mode === 'preview' || !load.opened) return <Preview draft={draft} t={translator(lang)} />;
  return (
    <LiveEditor
      key={`${draft.id}:${draft.version}`}
      loaded={load.loaded}
      opened={load.opened}
      authors={load.authors}
    />
  );
}

function LiveEditor({
  loaded,
  opened,
  authors,
}: {
  authors: Record<string, string>;
  loaded: LoadedDraft;
  opened: { base: Draft; events: DraftEvent[]; earlier: EarlierEvent[] };
}) {
  const lang = currentUiLang();
  const user = useAppState((s) => s.user);
  const actor = String(user?.userId ?? 'anonymous');
  const [log] = useState<LocalDraftLog>(() =>
    createLocalDraftLog({ actor, draft: opened.base, events: opened.events }),
  );
  const transport = useMemo(() => saveTransport(loaded.draft.id), [loaded.draft.id]);
  const save = useDraftSave(log, transport);
  const upload = useCallback((file: File) => uploadFile(file), []);
  const publish = useCallback(() => publishDraft(loaded.draft.id), [loaded.draft.id]);
  return (
    <Editor
      log={log}
      lang={lang}
      save={save}
      publish={publish}
      upload={upload}
      assetUrl={assetUrl}
      earlier={opened.earlier}
      actorName={(a) => authors[a] ?? `${lang === 'kz' ? 'Пайдаланушы' : 'Пользователь'} #${a}`}
    />
  );
}

/** Reads one route param or renders nothing useful (the router guarantees it is there). */
export function useParam(name: string): string {
  const params = useParams();
  return params[name] ?? '';
}
