import { useEffect, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Command } from '@sabaq/engine';
import type { SaveView } from '../components/Editor';
import type { LocalDraftLog } from '../log/DraftLog';
import { saveMachine, type SaveStatus, type ServerDraft } from '../machines/save';

/** The server side of saving, as the screen implements it over its API client. Failures throw
 * `SaveError` with the right kind (409 → stale, no answer → offline, 422 → rejected). */
export interface SaveTransport {
  send(expectedVersion: number, commands: Command[]): Promise<ServerDraft>;
  latest(): Promise<ServerDraft>;
}

/**
 * Runs the save flow for a local log: every append goes to the machine; the browser's
 * online/offline events drive the offline queue; a resolved 409 rebases the log.
 */
export function useDraftSave(log: LocalDraftLog, transport: SaveTransport): SaveView {
  const actor = useActorRef(
    saveMachine.provide({
      actors: {
        send: fromPromise(({ input }) => transport.send(input.expectedVersion, input.commands)),
        fetchLatest: fromPromise(() => transport.latest()),
      },
    }),
    {
      input: {
        version: log.draft().version,
        offline: typeof navigator !== 'undefined' && navigator.onLine === false,
      },
    },
  );
  const status = useSelector(actor, (s) => s.value as SaveStatus);
  const isSave = useSelector(actor, (s) => s.hasTag('saving'));
  const error = useSelector(actor, (s) => s.context.error?.message ?? null);
  const [dropped, setDropped] = useState(0);

  useEffect(() => {
    const off = log.onAppend((commands) => actor.send({ type: 'EDIT', commands }));
    const rebased = actor.on('rebased', (e) => {
      log.rebase(e.draft, e.commands);
      setDropped(e.dropped);
    });
    const saved = actor.on('saved', (e) => {
      if (e.pending === 0 && actor.getSnapshot().context.queue.length === 0) log.confirm(e.draft);
    });
    const online = () => actor.send({ type: 'ONLINE' });
    const offline = () => actor.send({ type: 'OFFLINE' });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    // Leaving with unsaved edits asks first (the queue would be lost with the tab).
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (actor.getSnapshot().hasTag('unsaved')) e.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      off();
      rebased.unsubscribe();
      saved.unsubscribe();
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, [actor, log]);

  return { status, isSave, error, dropped, retry: () => actor.send({ type: 'RETRY' }) };
}
