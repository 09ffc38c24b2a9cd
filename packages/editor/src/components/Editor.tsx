import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { DURATION_LIMITS, moduleNumbers, type Draft, type Lang } from '@sabaq/engine';
import { translator } from '../i18n/messages';
import { draftAt, redoLast, restoreTo, undoLast, type DraftLog } from '../log/DraftLog';
import { validateMachine } from '../machines/validate';
import type { SaveStatus } from '../machines/save';
import {
  EditorContext,
  runner,
  useLogState,
  type EditorCollab,
  type EditorServices,
  type Uploader,
} from './context';
import { CommitField, NumberField } from './fields';
import { ModuleEditor } from './ModuleEditor';
import { Outline } from './Outline';
import {
  HistoryPanel,
  ProblemsPanel,
  PurposesPanel,
  StatisticsPanel,
  type EarlierEvent,
} from './Panels';
import { Preview } from './Preview';
import { PublishButton } from './PublishDialog';
import '../editor.css';

/** What the screen knows about saving (from `useDraftSave`), shown in the toolbar. */
export interface SaveView {
  status: SaveStatus;
  /** Spec §4's isSave flag: a save is in flight. */
  isSave: boolean;
  error: string | null;
  dropped: number;
  retry: () => void;
}

export interface EditorProps {
  log: DraftLog;
  lang: Lang;
  save?: SaveView;
  /** Publishes on the server; throws PublishProblems for a 422. Without it there is no button. */
  publish?: () => Promise<void>;
  publishCountdown?: number;
  onPublished?: () => void;
  upload?: Uploader;
  assetUrl?: (name: string) => string;
  /** Server events from before this editing session (read-only in the history panel). */
  earlier?: readonly EarlierEvent[];
  actorName?: (actor: string) => string;
  /** Start in preview mode. */
  initialPreview?: boolean;
  /** Live co-editing: rich text binds to the shared fragments, the open module is presence. */
  collab?: EditorCollab;
  /** Nothing may be changed (e.g. a co-author with view access). */
  readOnly?: boolean;
  /** Shown at the end of the toolbar (e.g. the connection state and a collaborators button). */
  toolbarExtra?: ReactNode;
}

type Tab = 'statistics' | 'problems' | 'purposes' | 'history';

/** Finds the module a problem path points into: `pages.{p}.modules.{m}…`. */
function moduleAtPath(path: string): { page: number; module: number } | null {
  const m = /^pages\.(\d+)\.modules\.(\d+)/.exec(path);
  return m ? { page: Number(m[1]), module: Number(m[2]) } : null;
}

function findModule(draft: Draft, id: string | null, numbers: Map<string, number>) {
  if (id === null) return null;
  for (const [pi, p] of draft.pages.entries())
    for (const [mi, m] of p.modules.entries())
      if (m.id === id)
        return { path: `pages.${pi}.modules.${mi}`, number: numbers.get(m.id) ?? null, module: m };
  return null;
}

function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform ?? '');
}

/** The builder editor: outline, module editor and side panels over one DraftLog. */
export function Editor(props: EditorProps) {
  const { log, lang, save, publish } = props;
  const t = useMemo(() => translator(lang), [lang]);
  const { draft: current, events } = useLogState(log);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [switching, setSwitching] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const [tab, setTab] = useState<Tab>('statistics');
  const [preview, setPreview] = useState(props.initialPreview === true);
  const [message, setMessage] = useState('');
  const jump = useRef<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  const shown = useMemo(
    () => (viewing === null ? current : draftAt(log, viewing)),
    [viewing, current, log],
  );
  const readOnly = viewing !== null || props.readOnly === true;
  // A past state is not the live text: its rich fields show the stored documents instead.
  const collab = viewing === null ? props.collab : undefined;

  const validator = useActorRef(validateMachine);
  const validation = useSelector(validator, (s) => s.context);
  useEffect(() => {
    validator.send({ type: 'CHANGED', draft: current });
  }, [validator, current]);

  const announce = useCallback((m: string) => setMessage(m), []);
  const services: EditorServices = useMemo(
    () => ({
      log,
      lang,
      t,
      draft: shown,
      readOnly,
      // Read-only (a past state, or view access): no control may append, even one a screen
      // forgot to disable — for a viewer it would fork their copy of the shared doc.
      run: readOnly ? () => false : runner(log, lang, t, announce),
      announce,
      assetUrl: props.assetUrl ?? ((name: string) => name),
      upload: props.upload,
      ...(collab ? { collab } : {}),
    }),
    [log, lang, t, shown, readOnly, announce, props.assetUrl, props.upload, collab],
  );

  /** Spec §4: opening a module sets the switching flag while the editor changes module. Text
   * typed in the old module is committed on blur before the new one renders. */
  const openModule = (id: string) => {
    if (id === selectedId) return;
    setSwitching(true);
    setSelectedId(id);
  };
  // Co-authors see which module this person is in.
  useEffect(() => {
    props.collab?.focusModule(selectedId);
  }, [props.collab, selectedId]);
  useEffect(() => {
    if (!switching) return;
    setSwitching(false);
  }, [selectedId, switching]);

  // After a jump, focus the closest field that edits the problem's path.
  useEffect(() => {
    const path = jump.current;
    if (!path || switching) return;
    jump.current = null;
    let p = path;
    for (;;) {
      const el = root.current?.querySelector<HTMLElement>(`[data-path="${CSS.escape(p)}"]`);
      if (el) {
        const target =
          el.matches('input, select, textarea, [contenteditable], button') || el.tabIndex >= 0
            ? el
            : el.querySelector<HTMLElement>('input, select, textarea, [contenteditable], button');
        (target ?? el).focus();
        (target ?? el).scrollIntoView?.({ block: 'center' });
        return;
      }
      const cut = p.lastIndexOf('.');
      if (cut < 0) return;
      p = p.slice(0, cut);
    }
  });

  const onJump = (path: string) => {
    setViewing(null);
    setPreview(false);
    const at = moduleAtPath(path);
    if (at) {
      const m = current.pages[at.page]?.modules[at.module];
      if (m) {
        const page = current.pages[at.page]!;
        if (!page.expand) services.run([{ type: 'page/setExpand', pageId: page.id, expand: true }]);
        openModule(m.id);
      }
    } else if (path.startsWith('purposes')) setTab('purposes');
    jump.current = path;
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const mod = isMac() ? e.metaKey : e.ctrlKey;
    if (!mod) return;
    const key = e.key.toLowerCase();
    const isUndo = key === 'z' && !e.shiftKey;
    const isRedo = (key === 'z' && e.shiftKey) || (key === 'y' && !isMac());
    if (!isUndo && !isRedo) return;
    const target = e.target as HTMLElement;
    // Text being typed (not yet a command) and rich text have their own undo.
    if (target.dataset?.dirty === 'true' || target.isContentEditable) return;
    e.preventDefault();
    if (readOnly) return;
    if (isUndo) undoLast(log);
    else redoLast(log);
  };

  const numbers = moduleNumbers(shown);
  const sel = findModule(shown, selectedId, numbers);

  const saveLabel = save ? t(`save_${save.status}`) : '';

  return (
    <EditorContext.Provider value={services}>
      <div
        ref={root}
        className="sbq-editor"
        lang={lang === 'kz' ? 'kk' : 'ru'}
        onKeyDown={onKeyDown}
        data-switching={switching || undefined}
        data-is-save={save?.isSave || undefined}
        data-validate={validation.validate || undefined}
      >
        <div role="toolbar" aria-label={t('editor')} className="sbq-toolbar sbq-main-toolbar">
          <button
            type="button"
            onClick={() => undoLast(log)}
            disabled={readOnly}
            aria-keyshortcuts="Control+Z Meta+Z"
          >
            {t('undo')}
          </button>
          <button
            type="button"
            onClick={() => redoLast(log)}
            disabled={readOnly}
            aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
          >
            {t('redo')}
          </button>
          <button
            type="button"
            aria-pressed={validation.validate}
            onClick={() => {
              if (validation.validate) validator.send({ type: 'HIDE' });
              else {
                validator.send({ type: 'VALIDATE', draft: current });
                setTab('problems');
              }
            }}
          >
            {validation.validate ? t('hideProblems') : t('validate')}
          </button>
          <button type="button" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
            {preview ? t('backToEditor') : t('preview')}
          </button>
          {publish && (
            <PublishButton
              t={t}
              publish={publish}
              countdown={props.publishCountdown}
              disabled={
                readOnly ||
                (save !== undefined && save.status !== 'saved' && save.status !== 'idle')
              }
              onPublished={props.onPublished}
            />
          )}
          {props.toolbarExtra}
          {save && (
            <span className="sbq-save" role="status" data-status={save.status}>
              {saveLabel}
              {(save.status === 'failed' || save.status === 'error') && (
                <>
                  {' '}
                  <button type="button" onClick={save.retry}>
                    {t('retry')}
                  </button>
                </>
              )}
              {save.error && save.status === 'failed' && <> — {save.error}</>}
              {save.dropped > 0 && <> · {t('dropped', { n: save.dropped })}</>}
            </span>
          )}
        </div>
        <p className="sbq-announce" role="status" aria-live="polite">
          {switching ? t('switching') : message}
        </p>
        {readOnly && (
          <p className="sbq-viewing" role="status">
            {t('viewing', { n: viewing ?? 0 })}{' '}
            <button type="button" onClick={() => setViewing(null)}>
              {t('backToCurrent')}
            </button>
          </p>
        )}
        {preview ? (
          <Preview draft={shown} t={t} />
        ) : (
          <div className="sbq-layout">
            <div className="sbq-left">
              <section className="sbq-panel" aria-labelledby="sbq-meta">
                <h2 id="sbq-meta">{t('meta')}</h2>
                <CommitField
                  label={t('title')}
                  value={shown.title}
                  path="title"
                  disabled={readOnly}
                  onCommit={(title) => services.run([{ type: 'draft/setMeta', patch: { title } }])}
                />
                <CommitField
                  label={t('summary')}
                  value={shown.summary}
                  multiline
                  path="summary"
                  disabled={readOnly}
                  onCommit={(summary) =>
                    services.run([{ type: 'draft/setMeta', patch: { summary } }])
                  }
                />
                <NumberField
                  label={t('duration')}
                  value={shown.duration}
                  min={DURATION_LIMITS.min}
                  max={DURATION_LIMITS.max}
                  path="duration"
                  disabled={readOnly}
                  onCommit={(d) =>
                    d !== null &&
                    Number.isInteger(d) &&
                    services.run([{ type: 'draft/setMeta', patch: { duration: d } }])
                  }
                />
              </section>
              <Outline selectedId={selectedId} onOpen={openModule} />
            </div>
            <div className="sbq-center" aria-busy={switching || undefined}>
              {sel ? (
                <ModuleEditor
                  key={sel.module.id}
                  module={sel.module}
                  path={sel.path}
                  number={sel.number}
                />
              ) : (
                <p>{t('noModule')}</p>
              )}
            </div>
            <aside className="sbq-right">
              <div role="tablist" aria-label={t('editor')} className="sbq-tabs">
                {(['statistics', 'problems', 'purposes', 'history'] as const).map((k) => (
                  <button
                    key={k}
                    type="button"
                    role="tab"
                    id={`sbq-tab-${k}`}
                    aria-selected={tab === k}
                    aria-controls={`sbq-tabpanel-${k}`}
                    tabIndex={tab === k ? 0 : -1}
                    onClick={() => setTab(k)}
                    onKeyDown={(e) => {
                      const order = ['statistics', 'problems', 'purposes', 'history'] as const;
                      const i = order.indexOf(k);
                      const next =
                        e.key === 'ArrowRight'
                          ? order[(i + 1) % 4]
                          : e.key === 'ArrowLeft'
                            ? order[(i + 3) % 4]
                            : null;
                      if (next) {
                        setTab(next);
                        document.getElementById(`sbq-tab-${next}`)?.focus();
                      }
                    }}
                  >
                    {t(k)}
                    {k === 'problems' && validation.validate
                      ? ` (${validation.problems.length})`
                      : ''}
                  </button>
                ))}
              </div>
              <div role="tabpanel" id={`sbq-tabpanel-${tab}`} aria-labelledby={`sbq-tab-${tab}`}>
                {tab === 'statistics' && <StatisticsPanel />}
                {tab === 'problems' && (
                  <ProblemsPanel
                    problems={validation.validate ? validation.problems : null}
                    onJump={onJump}
                    onValidate={() => validator.send({ type: 'VALIDATE', draft: current })}
                  />
                )}
                {tab === 'purposes' && <PurposesPanel />}
                {tab === 'history' && (
                  <HistoryPanel
                    events={events}
                    earlier={props.earlier}
                    viewing={viewing}
                    onView={setViewing}
                    onRestore={(n) => {
                      setViewing(null);
                      restoreTo(log, n);
                    }}
                    actorName={props.actorName ?? ((a) => `${t('author')} #${a}`)}
                  />
                )}
              </div>
            </aside>
          </div>
        )}
      </div>
    </EditorContext.Provider>
  );
}
