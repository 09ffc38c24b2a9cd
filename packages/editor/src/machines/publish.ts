import { assign, emit, fromPromise, setup } from 'xstate';

export interface PublishInput {
  /** Seconds the confirm button stays disabled after opening (0: none). */
  countdown?: number;
  /** Keep the modal open after success (it shows the success message). */
  keepOpen?: boolean;
}

export interface PublishContext {
  countdownFrom: number;
  remaining: number;
  copyright: boolean;
  keepOpen: boolean;
  /** Field → messages from a 422 answer, shown in the modal. */
  problems: Record<string, string[]>;
  error: string | null;
}

export type PublishEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'TOGGLE_COPYRIGHT'; value: boolean }
  | { type: 'CONFIRM' };

/** A 422 from the server: problems per field, shown in place. */
export class PublishProblems extends Error {
  constructor(readonly problems: Record<string, string[]>) {
    super('draft not publishable');
    this.name = 'PublishProblems';
  }
}

/**
 * Publication confirm (spec §4): confirm is enabled only after the copyright tick box and, with
 * a countdown, only once it reached zero (ticking each second); closes after success unless
 * `keepOpen`; a 422 keeps it open with the problems.
 */
export const publishMachine = setup({
  types: {
    context: {} as PublishContext,
    events: {} as PublishEvent,
    input: {} as PublishInput,
    emitted: {} as { type: 'published' },
    tags: {} as 'open' | 'busy',
  },
  actors: {
    publish: fromPromise<void, void>(async () => {
      throw new Error('publish actor not provided');
    }),
  },
  delays: { tick: 1000 },
  guards: {
    canConfirm: ({ context }) => context.copyright && context.remaining === 0,
  },
}).createMachine({
  id: 'publish',
  context: ({ input }) => ({
    countdownFrom: Math.max(0, Math.floor(input.countdown ?? 0)),
    remaining: 0,
    copyright: false,
    keepOpen: input.keepOpen === true,
    problems: {},
    error: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN: {
          target: 'open',
          actions: assign({
            remaining: ({ context }) => context.countdownFrom,
            copyright: false,
            problems: {},
            error: null,
          }),
        },
      },
    },
    open: {
      tags: ['open'],
      on: {
        CLOSE: 'closed',
        TOGGLE_COPYRIGHT: { actions: assign({ copyright: ({ event }) => event.value }) },
      },
      initial: 'counting',
      states: {
        counting: {
          always: { guard: ({ context }) => context.remaining === 0, target: 'ready' },
          after: {
            tick: {
              target: 'counting',
              reenter: true,
              actions: assign({ remaining: ({ context }) => Math.max(0, context.remaining - 1) }),
            },
          },
        },
        ready: {
          on: { CONFIRM: { guard: 'canConfirm', target: 'publishing' } },
        },
        publishing: {
          tags: ['busy'],
          on: { CLOSE: {} },
          entry: assign({ problems: {}, error: null }),
          invoke: {
            src: 'publish',
            onDone: [
              {
                guard: ({ context }) => context.keepOpen,
                target: 'done',
                actions: emit({ type: 'published' as const }),
              },
              { target: '#publish.closed', actions: emit({ type: 'published' as const }) },
            ],
            onError: [
              {
                guard: ({ event }) => event.error instanceof PublishProblems,
                target: 'ready',
                actions: assign({
                  problems: ({ event }) => (event.error as PublishProblems).problems,
                }),
              },
              {
                target: 'ready',
                actions: assign({
                  error: ({ event }) =>
                    event.error instanceof Error ? event.error.message : String(event.error),
                }),
              },
            ],
          },
        },
        done: {},
      },
    },
  },
});
