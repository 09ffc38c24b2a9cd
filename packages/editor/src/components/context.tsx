import { createContext, useContext, useSyncExternalStore } from 'react';
import { rejectionMessage, type CommandInput, type Draft, type Lang } from '@sabaq/engine';
import type * as Y from 'yjs';
import type { Awareness } from 'y-protocols/awareness';
import type { DraftLog } from '../log/DraftLog';
import type { Translate } from '../i18n/messages';

/**
 * Live co-editing as the editor sees it (a `CollabSession` fits): rich-text fields bind to the
 * fragment of their field, and the module being edited is shared as presence.
 */
export interface EditorCollab {
  /** The field's Y.XmlFragment, or null before the first sync. */
  fragment(moduleId: string, field: 'content' | 'description' | 'solution'): Y.XmlFragment | null;
  readonly awareness: Awareness;
  /** Calls `fn` with the new fragment when a co-author's concurrent seed replaced it. */
  onFragmentReplaced?(
    moduleId: string,
    field: 'content' | 'description' | 'solution',
    fn: (fragment: Y.XmlFragment) => void,
  ): () => void;
  focusModule(moduleId: string | null): void;
}

/** Uploads a file to the server and returns the stored asset (name is its storage key). */
/** Sends one asset; `onProgress` hears the bytes sent so far (the file service, issue 14). */
export type Uploader = (
  file: File,
  onProgress?: (sent: number, total: number) => void,
) => Promise<{ name: string; label: string }>;

export interface EditorServices {
  log: DraftLog;
  lang: Lang;
  t: Translate;
  /** The draft being shown (the current one, or a past one while time-travelling). */
  draft: Draft;
  /** True while a past state is shown: nothing may be edited. */
  readOnly: boolean;
  /** Appends commands; on a rejection announces why and returns false. */
  run(commands: readonly CommandInput[]): boolean;
  /** Says something to screen readers (and shows it in the status line). */
  announce(message: string): void;
  /** URL of an uploaded asset by its name. */
  assetUrl(name: string): string;
  upload?: Uploader;
  /** Set while co-editing the current draft (not while a past state is shown). */
  collab?: EditorCollab;
}

export const EditorContext = createContext<EditorServices | null>(null);

export function useEditor(): EditorServices {
  const ctx = useContext(EditorContext);
  if (!ctx) throw new Error('editor components must be inside <Editor>');
  return ctx;
}

/** The log's current draft and events, re-rendering on every change. */
export function useLogState(log: DraftLog) {
  const draft = useSyncExternalStore(log.subscribe, log.draft);
  const events = useSyncExternalStore(log.subscribe, log.events);
  return { draft, events };
}

/** `run` for a log: rejected batches are announced in the person's language. */
export function runner(log: DraftLog, lang: Lang, t: Translate, announce: (m: string) => void) {
  return (commands: readonly CommandInput[]): boolean => {
    const r = log.append(commands);
    if (!r.ok) announce(t('rejected', { reason: rejectionMessage(r.rejection, lang) }));
    return r.ok;
  };
}
