import { createContext, useContext, useSyncExternalStore } from 'react';
import { rejectionMessage, type CommandInput, type Draft, type Lang } from '@sabaq/engine';
import type { DraftLog } from '../log/DraftLog';
import type { Translate } from '../i18n/messages';

/** Uploads a file to the server and returns the stored asset (name is its storage key). */
export type Uploader = (file: File) => Promise<{ name: string; label: string }>;

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
