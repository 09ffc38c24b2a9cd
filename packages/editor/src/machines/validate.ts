import { validateDraft, type Draft, type Problem } from '@sabaq/engine';
import { assign, fromPromise, setup } from 'xstate';

export interface ValidateContext {
  problems: Problem[];
  /** Spec §4's validate flag: the person asked to validate, so problems are shown (and kept
   * fresh on every change) until the flag is cleared. */
  validate: boolean;
  draft: Draft | null;
}

export type ValidateEvent =
  { type: 'VALIDATE'; draft: Draft } | { type: 'CHANGED'; draft: Draft } | { type: 'HIDE' };

/**
 * Validate flow: idle → checking → clean | invalid. The check is the engine's `validateDraft`
 * (an actor, so tests can stub it); after a first VALIDATE, every change re-checks.
 */
export const validateMachine = setup({
  types: {
    context: {} as ValidateContext,
    events: {} as ValidateEvent,
    tags: {} as 'checking',
  },
  actors: {
    check: fromPromise<Problem[], { draft: Draft }>(async ({ input }) =>
      validateDraft(input.draft),
    ),
  },
}).createMachine({
  id: 'validate',
  context: { problems: [], validate: false, draft: null },
  initial: 'idle',
  on: {
    VALIDATE: {
      target: '.checking',
      reenter: true,
      actions: assign({ validate: true, draft: ({ event }) => event.draft }),
    },
    CHANGED: [
      {
        guard: ({ context }) => context.validate,
        target: '.checking',
        reenter: true,
        actions: assign({ draft: ({ event }) => event.draft }),
      },
      { actions: assign({ draft: ({ event }) => event.draft }) },
    ],
    HIDE: { target: '.idle', actions: assign({ validate: false, problems: [] }) },
  },
  states: {
    idle: {},
    checking: {
      tags: ['checking'],
      invoke: {
        src: 'check',
        input: ({ context }) => ({ draft: context.draft! }),
        onDone: [
          {
            guard: ({ event }) => event.output.length === 0,
            target: 'clean',
            actions: assign({ problems: () => [] }),
          },
          { target: 'invalid', actions: assign({ problems: ({ event }) => event.output }) },
        ],
        onError: { target: 'idle' },
      },
    },
    clean: {},
    invalid: {},
  },
});
