import {
  Suspense,
  lazy,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { moduleNumbers, type Dictionaries, type Draft } from '@sabaq/engine';
import {
  Editor,
  KitProvider,
  Preview,
  dictionaryCommands,
  translator,
  type PublishOptions,
  type SaveView,
} from '@sabaq/editor';
import type { DraftSummary } from '@sabaq/platform';
import { CollabStatus, PresenceBar, useCollabSession } from '@sabaq/editor/collab';
import { api, currentUiLang, getToken, notify } from '../../app/services';
import { useAppState } from '../../session/store';
import { OriginNote } from '../catalogue';
import { CollaboratorsDialog, collaboratorsLabel } from './Collaborators';
import { CollabConnectContext } from './collabConnect';
import {
  assetUrl,
  editPath,
  errorText,
  loadDraft,
  loadAuthors,
  loadBuilderDictionaries,
  publishDraft,
  uploadFile,
  type LoadedDraft,
} from './drafts';
import { contentText } from './text';
import { resultText } from '../shared/result-texts';

/** Asked after a republish (issue 20), fetched only then. */
const RegradeDialog = lazy(() =>
  import('./RegradeDialog').then((m) => ({ default: m.RegradeDialog })),
);

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; loaded: LoadedDraft; authors: Record<string, string> };

interface DraftScreenProps {
  id: string;
  /** Types this screen edits; another type links to its own screen. */
  types: ReadonlyArray<Draft['type']>;
  mode: 'edit' | 'preview';
  backTo: string;
}

/** Loads a draft from the server and shows the live editor (or the student preview) over it. */
export function DraftScreen(props: DraftScreenProps) {
  // The app's kit provider when there is one (the shell); its own otherwise (screen tests).
  return (
    <KitProvider>
      <DraftScreenBody {...props} />
    </KitProvider>
  );
}

function DraftScreenBody({ id, types, mode, backTo }: DraftScreenProps) {
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
      const authors = mode === 'edit' ? await loadAuthors(id) : {};
      if (live) setLoad({ state: 'ready', loaded: r.data.data, authors });
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
        <Button variant="default" size="compact-sm" onClick={() => setAttempt((a) => a + 1)}>
          {t('retry')}
        </Button>{' '}
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
  if (mode === 'preview') return <Preview draft={draft} t={translator(lang)} />;
  return (
    <>
      <OriginNote draftId={draft.id} type={draft.type} />
      <LiveEditor
        key={draft.id}
        draftId={draft.id}
        authors={load.authors}
        status={load.loaded.summary.status === 'published' ? 'published' : 'draft'}
        summary={load.loaded.summary}
      />
    </>
  );
}

/** JSON with sorted keys: the server's stored draft and the local fold compare by content. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The editor over a live co-editing session: the session's Yjs log is the editor's DraftLog
 * (co-authors' edits arrive as they happen; offline edits stay in the doc and merge on
 * reconnect), rich text binds to the shared fragments, and the connection state and who is in
 * the draft show above it. Publishing still goes through the REST route, once the server holds
 * every local edit.
 */
function LiveEditor({
  draftId,
  authors,
  status: initialStatus,
  summary,
}: {
  draftId: string;
  authors: Record<string, string>;
  status: 'draft' | 'published';
  summary: DraftSummary;
}) {
  const lang = currentUiLang();
  const t = contentText(lang);
  const user = useAppState((s) => s.user);
  const connect = useContext(CollabConnectContext);
  const [names, setNames] = useState(authors);
  const [inviting, setInviting] = useState(false);
  const [draftStatus, setDraftStatus] = useState(initialStatus);
  const [regrading, setRegrading] = useState(false);
  // Spec §8: the default success notice (7 s), and the draft now reads as published.
  const onPublished = useCallback(() => {
    setDraftStatus('published');
    notify({ kind: 'success' });
    // Issue 20: pupils who handed in an older version may be re-graded against this one.
    setRegrading(true);
  }, []);
  const onRegraded = useCallback((count: number | null) => {
    setRegrading(false);
    if (count) notify({ kind: 'success', message: resultText()('done', { count }) });
  }, []);
  const name = user ? `${user.surname} ${user.firstname}`.trim() : '';
  const { status, presence, log, session } = useCollabSession({
    serverUrl: connect.serverUrl(),
    draftId,
    // The server refuses events in any name but the signed-in user's id.
    user: { id: String(user?.userId ?? ''), name: name || '—' },
    token: getToken,
    // The server ends a live socket whose token expired unrefreshed (4401): one refresh through
    // the API client, then the session reconnects; a refused refresh signs out as any 401 does.
    refreshToken: async () => ((await api.refreshSession()) ? getToken() : null),
    ...(connect.createSocket ? { createSocket: connect.createSocket } : {}),
    ...(connect.backoff ? { backoff: connect.backoff } : {}),
  });
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const upload = useCallback(
    (file: File, onProgress?: (sent: number, total: number) => void) =>
      uploadFile(file, onProgress),
    [],
  );

  // The draft's dictionaries (skill levels, task types…) follow the server's: once the session
  // has the stored doc, missing or changed entries are set with `draft/setDictionary` through
  // the same log, so it is an ordinary edit (history, undo, shared with co-authors). Once per
  // opening; a viewer changes nothing; an unreachable route leaves the draft as it is.
  const dictionaries = useRef<Promise<Dictionaries | null> | null>(null);
  dictionaries.current ??= loadBuilderDictionaries();
  const dictionariesDone = useRef(false);
  const canSync = !!log && status.state === 'online' && status.access !== 'view';
  useEffect(() => {
    if (!canSync || !log || dictionariesDone.current) return;
    dictionariesDone.current = true;
    void dictionaries.current?.then((server) => {
      if (!server) return;
      const draft = log.draft();
      const commands = dictionaryCommands(draft.dictionaries, server, {
        titles: draft.lang === lang,
      });
      if (commands.length > 0) log.append(commands);
    });
  }, [canSync, log, lang]);

  // Spec §4's isSave flag and the publish guard follow the live connection: "saving" while the
  // server has not stored every local edit, "offline" while disconnected.
  const save: SaveView = useMemo(
    () => ({
      status:
        status.state === 'offline' || status.state === 'closed'
          ? 'offline'
          : status.state === 'online' && status.saved
            ? 'saved'
            : 'saving',
      isSave: status.state === 'online' && !status.saved,
      error: null,
      dropped: 0,
      retry: () => sessionRef.current?.provider.reconnect(),
    }),
    [status.state, status.saved],
  );

  // Issue 28: sharing a SOR/SOCh in the catalogue is its author's choice, asked on publishing.
  const share = useMemo(
    () =>
      (summary.type === 'sor' || summary.type === 'soch') && summary.ownerId === user?.userId
        ? { initial: summary.shared }
        : undefined,
    [summary, user?.userId],
  );
  const publish = useCallback(
    async (opts: PublishOptions) => {
      const s = sessionRef.current;
      if (!s) throw new Error(t('collabOffline'));
      // Every local edit stored on the server, then its draft row materialised (the server
      // refreshes it about once a second), so what is published is what the person sees.
      for (let i = 0; i < 40; i++) {
        const st = s.provider.status;
        if (st.state === 'online' && st.saved) break;
        if (st.state === 'offline' || st.state === 'closed') throw new Error(t('collabOffline'));
        await sleep(250);
      }
      const mine = canonical(s.collab.draft);
      for (let i = 0; i < 20; i++) {
        const r = await loadDraft(draftId);
        if (!r.error && canonical(r.data.data.draft) === mine) break;
        await sleep(250);
      }
      await publishDraft(draftId, opts.share);
    },
    [draftId, t],
  );

  const moduleLabel = useCallback(
    (moduleId: string) => {
      const draft = log?.draft();
      if (!draft) return null;
      const n = moduleNumbers(draft).get(moduleId);
      for (const p of draft.pages)
        for (const m of p.modules)
          if (m.id === moduleId) return `${n !== undefined ? `${n}. ` : ''}${m.title}`;
      return null;
    },
    [log],
  );

  return (
    <div className="sbq-live">
      <div className="sbq-collab-bar">
        <CollabStatus
          status={status}
          lang={lang}
          onReconnect={() => session?.provider.reconnect()}
        />
        <PresenceBar peers={presence} lang={lang} moduleLabel={moduleLabel} />
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconUsers size={16} aria-hidden />}
          aria-haspopup="dialog"
          onClick={() => setInviting(true)}
        >
          {collaboratorsLabel(lang)}
        </Button>
      </div>
      {log && session ? (
        <Editor
          log={log}
          lang={lang}
          save={save}
          collab={session}
          readOnly={status.access === 'view'}
          publish={publish}
          {...(share ? { share } : {})}
          onPublished={onPublished}
          status={draftStatus}
          upload={upload}
          assetUrl={assetUrl}
          actorName={(a) => names[a] ?? `${lang === 'kz' ? 'Пайдаланушы' : 'Пользователь'} #${a}`}
        />
      ) : status.state !== 'closed' ? (
        <p role="status">{t('loading')}</p>
      ) : null}
      {regrading && (
        <Suspense fallback={null}>
          <RegradeDialog draftId={draftId} onDone={onRegraded} />
        </Suspense>
      )}
      <CollaboratorsDialog
        draftId={draftId}
        userId={user?.userId ?? null}
        lang={lang}
        open={inviting}
        onClose={() => setInviting(false)}
        onChanged={() => void loadAuthors(draftId).then(setNames)}
      />
    </div>
  );
}

/** Reads one route param or renders nothing useful (the router guarantees it is there). */
export function useParam(name: string): string {
  const params = useParams();
  return params[name] ?? '';
}
