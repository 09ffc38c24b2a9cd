import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { publishMachine, PublishProblems } from './publish';

describe('publish confirm flow', () => {
  it('enables confirm only after the copyright tick box', async () => {
    let published = 0;
    const actor = createActor(
      publishMachine.provide({
        actors: { publish: fromPromise<void, void>(async () => void (published += 1)) },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'OPEN' });
    expect(actor.getSnapshot().matches({ open: 'ready' })).toBe(true);
    actor.send({ type: 'CONFIRM' });
    expect(published).toBe(0);
    expect(actor.getSnapshot().can({ type: 'CONFIRM' })).toBe(false);
    actor.send({ type: 'TOGGLE_COPYRIGHT', value: true });
    expect(actor.getSnapshot().can({ type: 'CONFIRM' })).toBe(true);
    const events: string[] = [];
    actor.on('published', (e) => events.push(e.type));
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(published).toBe(1);
    expect(events).toEqual(['published']);
  });

  describe('with a countdown', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('keeps confirm disabled until the countdown reaches zero, ticking each second', () => {
      const actor = createActor(
        publishMachine.provide({ actors: { publish: fromPromise<void, void>(async () => {}) } }),
        { input: { countdown: 3 } },
      ).start();
      actor.send({ type: 'OPEN' });
      actor.send({ type: 'TOGGLE_COPYRIGHT', value: true });
      const remaining = () => actor.getSnapshot().context.remaining;
      expect(remaining()).toBe(3);
      expect(actor.getSnapshot().can({ type: 'CONFIRM' })).toBe(false);
      vi.advanceTimersByTime(999);
      expect(remaining()).toBe(3);
      vi.advanceTimersByTime(1);
      expect(remaining()).toBe(2);
      vi.advanceTimersByTime(1000);
      expect(remaining()).toBe(1);
      expect(actor.getSnapshot().can({ type: 'CONFIRM' })).toBe(false);
      vi.advanceTimersByTime(1000);
      expect(remaining()).toBe(0);
      expect(actor.getSnapshot().can({ type: 'CONFIRM' })).toBe(true);
      // Reopening starts the countdown again and clears the tick box.
      actor.send({ type: 'CLOSE' });
      actor.send({ type: 'OPEN' });
      expect(remaining()).toBe(3);
      expect(actor.getSnapshot().context.copyright).toBe(false);
    });
  });

  it('shows server 422 problems in place and stays open', async () => {
    const actor = createActor(
      publishMachine.provide({
        actors: {
          publish: fromPromise<void, void>(async () => {
            throw new PublishProblems({ title: ['Атауы бос'] });
          }),
        },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'TOGGLE_COPYRIGHT', value: true });
    actor.send({ type: 'CONFIRM' });
    await waitFor(
      actor,
      (s) => s.matches({ open: 'ready' }) && Object.keys(s.context.problems).length > 0,
    );
    expect(actor.getSnapshot().context.problems).toEqual({ title: ['Атауы бос'] });
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
  });

  it('stays open after success when told to', async () => {
    const actor = createActor(
      publishMachine.provide({ actors: { publish: fromPromise<void, void>(async () => {}) } }),
      { input: { keepOpen: true } },
    ).start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'TOGGLE_COPYRIGHT', value: true });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches({ open: 'done' }));
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
  });

  it('shows other errors and lets the person try again', async () => {
    let fail = true;
    const actor = createActor(
      publishMachine.provide({
        actors: {
          publish: fromPromise<void, void>(async () => {
            if (fail) throw new Error('Сервер жауап бермеді');
          }),
        },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'TOGGLE_COPYRIGHT', value: true });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Сервер жауап бермеді');
    fail = false;
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('closed'));
  });
});
