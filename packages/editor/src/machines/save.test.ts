import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Command } from '@sabaq/engine';
import { backoffMs, replayOn, saveMachine, SaveError, type ServerDraft } from './save';
import { build, cmd, emptySor } from '../test/fixtures';

/** A fake server holding a draft and applying batches like the real commands route. */
function fakeServer(start = emptySor()) {
  let draft = start;
  const batches: Command[][] = [];
  return {
    get draft() {
      return draft;
    },
    batches,
    /** Someone else's edit lands on the server. */
    external(commands: Command[]) {
      draft = build(draft, commands);
    },
    send: async ({
      expectedVersion,
      commands,
    }: {
      expectedVersion: number;
      commands: Command[];
    }) => {
      if (expectedVersion !== draft.version) throw new SaveError('stale', 'stale version');
      draft = build(draft, commands);
      batches.push(commands);
      return { version: draft.version, draft };
    },
    latest: async (): Promise<ServerDraft> => ({ version: draft.version, draft }),
  };
}

const fast = { debounce: 0, retry: 5 };

describe('save flow', () => {
  it('goes idle → dirty → saving → saved and sends the edits in one batch', async () => {
    const server = fakeServer();
    const actor = createActor(
      saveMachine.provide({
        delays: fast,
        actors: {
          send: fromPromise(({ input }) => server.send(input)),
          fetchLatest: fromPromise(() => server.latest()),
        },
      }),
      { input: { version: 0 } },
    ).start();
    const seen: string[] = [String(actor.getSnapshot().value)];
    actor.subscribe((s) => {
      const v = String(s.value);
      if (seen.at(-1) !== v) seen.push(v);
    });
    actor.send({
      type: 'EDIT',
      commands: [
        cmd({ type: 'page/add', pageId: 'p1' }),
        cmd({ type: 'page/rename', pageId: 'p1', title: 'Бірінші' }),
      ],
    });
    expect(actor.getSnapshot().hasTag('unsaved')).toBe(true);
    await waitFor(actor, (s) => s.matches('saved'));
    expect(seen).toEqual(['idle', 'dirty', 'saving', 'saved']);
    expect(server.batches).toHaveLength(1);
    expect(server.draft.pages[0]?.title).toBe('Бірінші');
    expect(actor.getSnapshot().context.version).toBe(2);
    actor.stop();
  });

  it('exposes the isSave flag as the `saving` tag while a batch is in flight', async () => {
    let release: () => void = () => {};
    const server = fakeServer();
    const actor = createActor(
      saveMachine.provide({
        delays: fast,
        actors: {
          send: fromPromise(
            ({ input }) =>
              new Promise<ServerDraft>((resolve) => {
                release = () => void server.send(input).then(resolve);
              }),
          ),
        },
      }),
      { input: { version: 0 } },
    ).start();
    actor.send({ type: 'EDIT', commands: [cmd({ type: 'page/add', pageId: 'p1' })] });
    await waitFor(actor, (s) => s.matches('saving'));
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    // An edit during the save waits for the next batch.
    actor.send({ type: 'EDIT', commands: [cmd({ type: 'page/add', pageId: 'p2' })] });
    expect(actor.getSnapshot().context.queue).toHaveLength(1);
    release();
    await waitFor(
      actor,
      (s) =>
        s.matches('saving') && s.context.sending[0]?.type === 'page/add' && s.context.version === 1,
    );
    release();
    await waitFor(actor, (s) => s.matches('saved'));
    expect(server.batches.map((b) => b.length)).toEqual([1, 1]);
    expect(actor.getSnapshot().hasTag('saving')).toBe(false);
  });

  it('retries with backoff after a server error and then saves', async () => {
    const server = fakeServer();
    let failures = 2;
    const attempts: number[] = [];
    const actor = createActor(
      saveMachine.provide({
        delays: fast,
        actors: {
          send: fromPromise(async ({ input }) => {
            attempts.push(Date.now());
            if (failures-- > 0) throw new SaveError('server', '503');
            return server.send(input);
          }),
        },
      }),
      { input: { version: 0 } },
    ).start();
    actor.send({ type: 'EDIT', commands: [cmd({ type: 'page/add', pageId: 'p1' })] });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.attempt).toBe(1);
    expect(actor.getSnapshot().context.queue).toHaveLength(1);
    await waitFor(actor, (s) => s.matches('saved'));
    expect(attempts).toHaveLength(3);
    expect(server.draft.pages).toHaveLength(1);
    expect(actor.getSnapshot().context.attempt).toBe(0);
  });

  it('backs off 1 s, 2 s, 4 s … capped at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(backoffMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('queues edits made offline and sends them on reconnect', async () => {
    const server = fakeServer();
    const actor = createActor(
      saveMachine.provide({
        delays: fast,
        actors: { send: fromPromise(({ input }) => server.send(input)) },
      }),
      { input: { version: 0, offline: true } },
    ).start();
    actor.send({ type: 'EDIT', commands: [cmd({ type: 'page/add', pageId: 'p1' })] });
    await waitFor(actor, (s) => s.matches('offline'));
    actor.send({ type: 'EDIT', commands: [cmd({ type: 'page/add', pageId: 'p2' })] });
    expect(actor.getSnapshot().context.queue).toHaveLength(2);
    expect(server.batches).toHaveLength(0);
    actor.send({ type: 'ONLINE' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(server.batches).toHaveLength(1);
    expect(server.draft.pages.map((p) => p.id)).toEqual(['p1', 'p2']);
  });

  it('treats a lost connection during a save as offline and keeps the batch', async () => {
    const server = fakeServer();
    let down = true;
    const actor = createActor(
      saveMachine.provide({
        delays: fast,
        actors: {
          send: fromPromise(async ({ input }) => {
            if (down) throw new SaveError('offline', 'network');
            return server.send(input);
          }),
        },
      }),
      { input: { version: 0 } },
    ).start();
    actor.send({ type: 'EDIT', commands: [cmd({ type: 'page/add', pageId: 'p1' })] });
    await waitFor(actor, (s) => s.matches('offline'));
    expect(actor.getSnapshot().context.queue).toHaveLength(1);
    down = false;
    actor.send({ type: 'ONLINE' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(server.draft.pages).toHaveLength(1);
  });

  it('resolves a 409 by replaying the local commands on the server’s newer log', async () => {
    const start = build(emptySor(), [{ type: 'page/add', pageId: 'p1' }]);
    const server = fakeServer(start);
    const emitted: Array<{ type: string; dropped?: number; commands?: Command[] }> = [];
    const actor = createActor(
      saveMachine.provide({
        delays: fast,
        actors: {
          send: fromPromise(({ input }) => server.send(input)),
          fetchLatest: fromPromise(() => server.latest()),
        },
      }),
      { input: { version: start.version } },
    ).start();
    actor.on('*', (e) => emitted.push(e));
    // A co-author renames the page and removes nothing; another removes page p1 entirely later.
    server.external([cmd({ type: 'page/add', pageId: 'p9', title: 'Әріптес' })]);
    actor.send({
      type: 'EDIT',
      commands: [
        cmd({ type: 'module/add', pageId: 'p1', moduleId: 'm1', moduleType: 'task' }),
        cmd({ type: 'page/rename', pageId: 'p1', title: 'Менің бетім' }),
      ],
    });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(server.draft.pages.map((p) => p.id)).toEqual(['p1', 'p9']);
    expect(server.draft.pages[0]?.title).toBe('Менің бетім');
    expect(server.draft.pages[0]?.modules[0]?.id).toBe('m1');
    const rebased = emitted.find((e) => e.type === 'rebased');
    expect(rebased?.commands).toHaveLength(2);
    expect(rebased?.dropped).toBe(0);
    expect(emitted.at(-1)?.type).toBe('saved');
  });

  it('drops, and counts, local commands that the newer server log made impossible', async () => {
    const start = build(emptySor(), [{ type: 'page/add', pageId: 'p1' }]);
    const server = fakeServer(start);
    const actor = createActor(
      saveMachine.provide({
        delays: fast,
        actors: {
          send: fromPromise(({ input }) => server.send(input)),
          fetchLatest: fromPromise(() => server.latest()),
        },
      }),
      { input: { version: start.version } },
    ).start();
    server.external([cmd({ type: 'page/remove', pageId: 'p1' })]);
    actor.send({
      type: 'EDIT',
      commands: [
        cmd({ type: 'page/rename', pageId: 'p1', title: 'жоқ' }),
        cmd({ type: 'page/add', pageId: 'p2', title: 'Жаңа' }),
      ],
    });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(actor.getSnapshot().context.dropped).toBe(1);
    expect(server.draft.pages.map((p) => p.title)).toEqual(['Жаңа']);
  });

  it('stops on a 422 (no automatic retry) and sends again on RETRY', async () => {
    const server = fakeServer();
    let refuse = true;
    const actor = createActor(
      saveMachine.provide({
        delays: fast,
        actors: {
          send: fromPromise(async ({ input }) => {
            if (refuse) throw new SaveError('rejected', 'Рұқсат жоқ');
            return server.send(input);
          }),
        },
      }),
      { input: { version: 0 } },
    ).start();
    actor.send({ type: 'EDIT', commands: [cmd({ type: 'page/add', pageId: 'p1' })] });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'rejected', message: 'Рұқсат жоқ' });
    await new Promise((r) => setTimeout(r, 30));
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    refuse = false;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(server.draft.pages).toHaveLength(1);
  });

  it('replayOn keeps commands that still apply', () => {
    const d = build(emptySor(), [{ type: 'page/add', pageId: 'p1' }]);
    const r = replayOn(d, [
      cmd({ type: 'page/remove', pageId: 'zz' }),
      cmd({ type: 'page/rename', pageId: 'p1', title: 'a' }),
    ]);
    expect(r.kept).toHaveLength(1);
    expect(r.dropped).toBe(1);
    expect(r.draft.pages[0]?.title).toBe('a');
  });
});
