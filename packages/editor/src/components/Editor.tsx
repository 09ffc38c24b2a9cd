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
import { ActionIcon, Badge, Button, Group, Tabs } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconArrowForwardUp,
  IconChartBar,
  IconEye,
  IconHistory,
  IconListCheck,
  IconPencil,
  IconRefresh,
  IconTarget,
} from '@tabler/icons-react';
import {
  DURATION_LIMITS,
  moduleNumbers,
  validateDraft,
  type Draft,
  type Lang,
} from '@sabaq/engine';
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
import { PublishButton, type PublishOptions } from './PublishDialog';
import { KitProvider } from '../kit/KitProvider';
import { draftLabel } from '../kit/format';
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
  publish?: (opts: PublishOptions) => Promise<void>;
  /** A SOR/SOCh of the signed-in author: publishing asks whether to share it (its current choice). */
  share?: { initial: boolean };
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
  /** Whether the draft is published (shown beside its kind and version). */
  status?: 'draft' | 'published';
}

type Tab = 'statistics' | 'problems' | 'purposes' | 'history';
const TABS: readonly Tab[] = ['statistics', 'problems', 'purposes', 'history'];
const TAB_ICONS: Record<Tab, ReactNode> = {
  statistics: <IconChartBar size={16} aria-hidden />,
  problems: <IconAlertTriangle size={16} aria-hidden />,
  purposes: <IconTarget size={16} aria-hidden />,
  history: <IconHistory size={16} aria-hidden />,
};

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

  const kindLabel = draftLabel(shown.type, shown.version, lang);
  const busyOrUnsaved = save !== undefined && save.status !== 'saved' && save.status !== 'idle';

  return (
    <KitProvider>
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
          {/* The page's heading (issue 29): the draft's title as it is now. */}
          <h1 className="sbq-draft-title">{shown.title.trim() || t('untitledDraft')}</h1>
          <div role="toolbar" aria-label={t('editor')} className="sbq-main-toolbar">
            <Group gap="xs" wrap="wrap" className="sbq-toolbar-actions">
              <Badge
                variant="light"
                size="lg"
                radius="sm"
                className="sbq-draft-label"
                data-status={props.status}
              >
                {kindLabel}
                {props.status ? ` · ${t(`status_${props.status}`)}` : ''}
              </Badge>
              <ActionIcon.Group>
                <ActionIcon
                  variant="default"
                  size="lg"
                  onClick={() => undoLast(log)}
                  disabled={readOnly}
                  aria-label={t('undo')}
                  title={t('undo')}
                  aria-keyshortcuts="Control+Z Meta+Z"
                >
                  <IconArrowBackUp size={18} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  size="lg"
                  onClick={() => redoLast(log)}
                  disabled={readOnly}
                  aria-label={t('redo')}
                  title={t('redo')}
                  aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
                >
                  <IconArrowForwardUp size={18} aria-hidden />
                </ActionIcon>
              </ActionIcon.Group>
              <Button
                variant={validation.validate ? 'light' : 'default'}
                size="sm"
                leftSection={<IconListCheck size={16} aria-hidden />}
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
              </Button>
              <Button
                variant={preview ? 'light' : 'default'}
                size="sm"
                leftSection={
                  preview ? <IconPencil size={16} aria-hidden /> : <IconEye size={16} aria-hidden />
                }
                aria-pressed={preview}
                onClick={() => setPreview((p) => !p)}
              >
                {preview ? t('backToEditor') : t('preview')}
              </Button>
              {publish && (
                <PublishButton
                  t={t}
                  lang={lang}
                  publish={publish}
                  {...(props.share ? { share: props.share } : {})}
                  countdown={props.publishCountdown}
                  disabled={readOnly || busyOrUnsaved}
                  check={() => {
                    // Problems first: publishing asks the engine before any confirmation, and
                    // the problems panel keeps them in view while the author fixes them.
                    const found = validateDraft(current);
                    if (found.length > 0) {
                      validator.send({ type: 'VALIDATE', draft: current });
                      setTab('problems');
                    }
                    return found;
                  }}
                  problemLabel={(path) => {
                    const at = moduleAtPath(path);
                    const m = at ? current.pages[at.page]?.modules[at.module] : undefined;
                    if (!m) return null;
                    // The engine's message already says the task's number.
                    return m.title || t('untitledModule');
                  }}
                  onJump={onJump}
                  onPublished={() => {
                    announce(t('publishedText'));
                    props.onPublished?.();
                  }}
                />
              )}
              {props.toolbarExtra}
            </Group>
            {save && (
              <span className="sbq-save" role="status" data-status={save.status}>
                {saveLabel}
                {(save.status === 'failed' || save.status === 'error') && (
                  <>
                    {' '}
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconRefresh size={14} aria-hidden />}
                      onClick={save.retry}
                    >
                      {t('retry')}
                    </Button>
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
          {/* A past state is being viewed (view access alone is said by the screen's status). */}
          {viewing !== null && (
            <p className="sbq-viewing" role="status">
              {t('viewing', { n: viewing })}{' '}
              <Button variant="default" size="compact-sm" onClick={() => setViewing(null)}>
                {t('backToCurrent')}
              </Button>
            </p>
          )}
          {preview ? (
            <Preview draft={shown} t={t} />
          ) : (
            <div className="sbq-layout">
              <div className="sbq-left" role="region" aria-label={t('structure')}>
                <section className="sbq-panel" aria-labelledby="sbq-meta">
                  <h2 id="sbq-meta">{t('meta')}</h2>
                  <CommitField
                    label={t('title')}
                    value={shown.title}
                    path="title"
                    disabled={readOnly}
                    onCommit={(title) =>
                      services.run([{ type: 'draft/setMeta', patch: { title } }])
                    }
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
              <aside className="sbq-right" aria-label={t('sidePanel')}>
                <Tabs
                  value={tab}
                  onChange={(v) => v && setTab(v as Tab)}
                  keepMounted={false}
                  activateTabWithKeyboard
                  loop
                >
                  <Tabs.List aria-label={t('sidePanel')} className="sbq-tabs">
                    {TABS.map((k) => (
                      <Tabs.Tab key={k} value={k} leftSection={TAB_ICONS[k]}>
                        {t(k)}
                        {k === 'problems' && validation.validate
                          ? ` (${validation.problems.length})`
                          : ''}
                      </Tabs.Tab>
                    ))}
                  </Tabs.List>
                  <Tabs.Panel value="statistics" pt="sm">
                    <StatisticsPanel />
                  </Tabs.Panel>
                  <Tabs.Panel value="problems" pt="sm">
                    <ProblemsPanel
                      problems={validation.validate ? validation.problems : null}
                      onJump={onJump}
                      onValidate={() => validator.send({ type: 'VALIDATE', draft: current })}
                    />
                  </Tabs.Panel>
                  <Tabs.Panel value="purposes" pt="sm">
                    <PurposesPanel />
                  </Tabs.Panel>
                  <Tabs.Panel value="history" pt="sm">
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
                  </Tabs.Panel>
                </Tabs>
              </aside>
            </div>
          )}
        </div>
      </EditorContext.Provider>
    </KitProvider>
  );
}
