import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { validateMachine } from './validate';
import { build, emptySor } from '../test/fixtures';

describe('validate flow', () => {
  it('runs validateDraft and shows its problems; the validate flag is set', async () => {
    const actor = createActor(validateMachine).start();
    expect(actor.getSnapshot().context.validate).toBe(false);
    actor.send({ type: 'VALIDATE', draft: emptySor() });
    await waitFor(actor, (s) => s.matches('invalid'));
    const { problems, validate } = actor.getSnapshot().context;
    expect(validate).toBe(true);
    expect(problems.map((p) => p.code)).toContain('no_modules');
  });

  it('re-checks on every change once validation was asked for, not before', async () => {
    let calls = 0;
    const actor = createActor(
      validateMachine.provide({
        actors: {
          check: fromPromise(async ({ input }) => {
            calls += 1;
            return input.draft.pages.length > 0
              ? []
              : [{ path: 'pages', code: 'no_modules' as const, params: {} }];
          }),
        },
      }),
    ).start();
    actor.send({ type: 'CHANGED', draft: emptySor() });
    expect(calls).toBe(0);
    actor.send({ type: 'VALIDATE', draft: emptySor() });
    await waitFor(actor, (s) => s.matches('invalid'));
    actor.send({ type: 'CHANGED', draft: build(emptySor(), [{ type: 'page/add', pageId: 'p1' }]) });
    await waitFor(actor, (s) => s.matches('clean'));
    expect(calls).toBe(2);
    expect(actor.getSnapshot().context.problems).toEqual([]);
    actor.send({ type: 'HIDE' });
    expect(actor.getSnapshot().context.validate).toBe(false);
    actor.send({ type: 'CHANGED', draft: emptySor() });
    expect(calls).toBe(2);
  });
});
