import { apply, type Command, type Draft } from '@sabaq/engine';
import { assign, emit, fromPromise, setup } from 'xstate';

/** Why a save failed. `stale`: the server has a newer version (409); `offline`: no answer at
 * all; `rejected`: the server refused the commands (422) — retrying the same batch cannot help;
 * `server`: anything else worth retrying. */
export const SAVE_ERROR_KINDS = ['stale', 'offline', 'rejected', 'server'] as const;
export type SaveErrorKind = (typeof SAVE_ERROR_KINDS)[number];

export class SaveError extends Error {
  constructor(
    readonly kind: SaveErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'SaveError';
  }
}

export interface ServerDraft {
  version: number;
  draft: Draft;
}

export interface SaveInput {
  /** The server's version of the draft the editor opened. */
  version: number;
  /** Starts offline (navigator.onLine false). */
  offline?: boolean;
}

export interface SaveContext {
  version: number;
  /** Edits not yet sent. */
  queue: Command[];
  /** The batch on its way to the server. */
  sending: Command[];
  attempt: number;
  online: boolean;
  error: { kind: SaveErrorKind; message: string } | null;
  /** Local edits dropped by the last 409 replay because the newer server log made them invalid. */
  dropped: number;
}

export type SaveEvent =
  | { type: 'EDIT'; commands: readonly Command[] }
  | { type: 'ONLINE' }
  | { type: 'OFFLINE' }
  | { type: 'RETRY' };

/** Emitted so the log can follow the server: `saved` after each accepted batch, `rebased` after
 * a 409 was resolved by replaying the local edits on the server's newer draft. */
export type SaveEmitted =
  | { type: 'saved'; version: number; draft: Draft; pending: number }
  | { type: 'rebased'; draft: Draft; commands: Command[]; dropped: number };

/** Backoff after the n-th failed attempt (1-based): 1 s, 2 s, 4 s … capped at 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
}

/** Replays `commands` on `draft`; commands the newer draft makes invalid are dropped. */
export function replayOn(
  draft: Draft,
  commands: readonly Command[],
): { draft: Draft; kept: Command[]; dropped: number } {
  let d = draft;
  const kept: Command[] = [];
  let dropped = 0;
  for (const c of commands) {
    const res = apply(d, c);
    if (res.ok) {
      d = res.draft;
      kept.push(res.command);
    } else dropped += 1;
  }
  return { draft: d, kept, dropped };
}

/**
 * Save flow: idle → dirty → saving → saved. Failures retry with backoff; without a network the
 * edits queue and go out on reconnect; a 409 fetches the server's draft, replays the local edits
 * on it and sends them again. The actors are injected (`.provide()`), so the flow is tested
 * without a server.
 */
export const saveMachine = setup({
  types: {
    context: {} as SaveContext,
    events: {} as SaveEvent,
    input: {} as SaveInput,
    emitted: {} as SaveEmitted,
    tags: {} as 'saving' | 'unsaved' | 'error',
  },
  actors: {
    send: fromPromise<ServerDraft, { expectedVersion: number; commands: Command[] }>(async () => {
      throw new SaveError('server', 'send actor not provided');
    }),
    fetchLatest: fromPromise<ServerDraft, void>(async () => {
      throw new SaveError('server', 'fetchLatest actor not provided');
    }),
  },
  delays: {
    debounce: 600,
    retry: ({ context }) => backoffMs(context.attempt),
  },
  guards: {
    hasQueue: ({ context }) => context.queue.length > 0,
    isOnline: ({ context }) => context.online,
  },
  actions: {
    enqueue: assign({
      queue: ({ context, event }) =>
        event.type === 'EDIT' ? [...context.queue, ...event.commands] : context.queue,
    }),
    takeBatch: assign({
      // A failed batch goes first again, followed by what was edited meanwhile.
      sending: ({ context }) => [...context.sending, ...context.queue],
      queue: () => [],
    }),
    requeue: assign({
      queue: ({ context }) => [...context.sending, ...context.queue],
      sending: () => [],
    }),
  },
}).createMachine({
  id: 'save',
  context: ({ input }) => ({
    version: input.version,
    queue: [],
    sending: [],
    attempt: 0,
    online: !input.offline,
    error: null,
    dropped: 0,
  }),
  initial: 'idle',
  on: {
    EDIT: { actions: 'enqueue', target: '.dirty' },
    OFFLINE: { actions: assign({ online: false }) },
    ONLINE: { actions: assign({ online: true }) },
  },
  states: {
    idle: {},
    dirty: {
      tags: ['unsaved'],
      after: {
        debounce: [{ guard: 'isOnline', target: 'saving' }, { target: 'offline' }],
      },
    },
    offline: {
      tags: ['unsaved'],
      on: {
        EDIT: { actions: 'enqueue' },
        ONLINE: { actions: assign({ online: true }), target: 'saving' },
      },
    },
    saving: {
      tags: ['saving', 'unsaved'],
      entry: 'takeBatch',
      on: {
        // Edits during a save wait for the next batch.
        EDIT: { actions: 'enqueue' },
      },
      invoke: {
        src: 'send',
        input: ({ context }) => ({ expectedVersion: context.version, commands: context.sending }),
        onDone: [
          {
            guard: 'hasQueue',
            target: 'saving',
            reenter: true,
            actions: [
              assign({
                version: ({ event }) => event.output.version,
                sending: () => [],
                attempt: 0,
                error: null,
              }),
              emit(({ event, context }) => ({
                type: 'saved' as const,
                version: event.output.version,
                draft: event.output.draft,
                pending: context.queue.length,
              })),
            ],
          },
          {
            target: 'saved',
            actions: [
              assign({
                version: ({ event }) => event.output.version,
                sending: () => [],
                attempt: 0,
                error: null,
              }),
              emit(({ event }) => ({
                type: 'saved' as const,
                version: event.output.version,
                draft: event.output.draft,
                pending: 0,
              })),
            ],
          },
        ],
        onError: [
          {
            guard: ({ event }) => event.error instanceof SaveError && event.error.kind === 'stale',
            target: 'resolving',
          },
          {
            guard: ({ event }) =>
              event.error instanceof SaveError && event.error.kind === 'offline',
            target: 'offline',
            actions: ['requeue', assign({ online: false })],
          },
          {
            guard: ({ event }) =>
              event.error instanceof SaveError && event.error.kind === 'rejected',
            target: 'failed',
            actions: [
              'requeue',
              assign({
                error: ({ event }) => ({
                  kind: 'rejected' as const,
                  message: (event.error as Error).message,
                }),
              }),
            ],
          },
          {
            target: 'error',
            actions: [
              'requeue',
              assign({
                attempt: ({ context }) => context.attempt + 1,
                error: ({ event }) => ({
                  kind: 'server' as const,
                  message: event.error instanceof Error ? event.error.message : String(event.error),
                }),
              }),
            ],
          },
        ],
      },
    },
    resolving: {
      tags: ['saving', 'unsaved'],
      on: { EDIT: { actions: 'enqueue' } },
      invoke: {
        src: 'fetchLatest',
        onDone: {
          target: 'saving',
          actions: [
            assign(({ context, event }) => {
              const { kept, dropped } = replayOn(event.output.draft, context.sending);
              return { version: event.output.version, sending: kept, dropped };
            }),
            emit(({ context, event }) => {
              // The queue (edited while resolving) is replayed too, so the log shows all of it.
              const all = replayOn(event.output.draft, [...context.sending, ...context.queue]);
              return {
                type: 'rebased' as const,
                draft: event.output.draft,
                commands: all.kept,
                dropped: context.dropped,
              };
            }),
          ],
        },
        onError: [
          {
            guard: ({ event }) =>
              event.error instanceof SaveError && event.error.kind === 'offline',
            target: 'offline',
            actions: ['requeue', assign({ online: false })],
          },
          {
            target: 'error',
            actions: [
              'requeue',
              assign({
                attempt: ({ context }) => context.attempt + 1,
                error: ({ event }) => ({
                  kind: 'server' as const,
                  message: event.error instanceof Error ? event.error.message : String(event.error),
                }),
              }),
            ],
          },
        ],
      },
    },
    error: {
      tags: ['error', 'unsaved'],
      on: {
        EDIT: { actions: 'enqueue' },
        RETRY: 'saving',
        OFFLINE: { actions: assign({ online: false }), target: 'offline' },
      },
      after: { retry: [{ guard: 'isOnline', target: 'saving' }, { target: 'offline' }] },
    },
    failed: {
      // The server refused the batch: no automatic retry; the person sees why and may retry.
      tags: ['error', 'unsaved'],
      on: { EDIT: { actions: 'enqueue' }, RETRY: 'saving' },
    },
    saved: {},
  },
});

export type SaveStatus = 'idle' | 'dirty' | 'offline' | 'saving' | 'error' | 'failed' | 'saved';
