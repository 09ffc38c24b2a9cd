/** CollabProvider: sync, live edits, offline edits merging on reconnect, backoff, fatal codes. */
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { createDraftDoc } from './doc.js';
import { CollabProvider, type ProviderStatus } from './provider.js';
import { CLOSE_CODES, encodeNotice, encodeSaved, encodeVouched } from './protocol.js';
import { CollabDraft } from './session.js';
import { MemoryServer, tick } from './test/memory-server.js';
import { sorBase } from './test/peers.js';

/** Timers the test fires by hand, recording the delays asked for. */
function manualTimers() {
  const pending: Array<{ fn: () => void; ms: number }> = [];
  return {
    delays: [] as number[],
    setTimeout(fn: () => void, ms: number) {
      this.delays.push(ms);
      const t = { fn, ms };
      pending.push(t);
      return t;
    },
    clearTimeout(t: unknown) {
      const i = pending.indexOf(t as (typeof pending)[number]);
      if (i >= 0) pending.splice(i, 1);
    },
    fire() {
      const all = pending.splice(0);
      for (const t of all) t.fn();
    },
  };
}

function client(server: MemoryServer, timers = manualTimers(), actor = 'u1') {
  const doc = new Y.Doc();
  const states: ProviderStatus['state'][] = [];
  const provider = new CollabProvider({
    serverUrl: 'ws://test',
    draftId: 'd1',
    doc,
    token: () => 'tok',
    createSocket: server.createSocket,
    backoff: { minMs: 100, maxMs: 1000, jitter: 0 },
    setTimeout: (fn, ms) => timers.setTimeout(fn, ms),
    clearTimeout: (t) => timers.clearTimeout(t),
  });
  provider.onStatus((s) => {
    if (states[states.length - 1] !== s.state) states.push(s.state);
  });
  return { doc, provider, timers, states, draft: new CollabDraft(doc, { actor }) };
}

function serverWithDraft(): MemoryServer {
  const s = new MemoryServer();
  createDraftDoc(sorBase(), s.doc);
  return s;
}

describe('CollabProvider', () => {
  it('syncs on connect, then edits flow both ways and get saved', async () => {
    const server = serverWithDraft();
    const a = client(server);
    const b = client(server, manualTimers(), 'u2');
    await Promise.all([a.provider.whenOnline(), b.provider.whenOnline()]);
    expect(a.states).toEqual(['syncing', 'online']);
    expect(a.draft.draft.title).toBe('БЖБ 1');
    a.draft.apply({ type: 'page/rename', pageId: 'p1', title: 'Кіріспе' });
    await tick();
    expect(b.draft.draft.pages[0]!.title).toBe('Кіріспе');
    await a.provider.whenSaved();
    expect(a.provider.status.saved).toBe(true);
  });

  it('keeps offline edits and merges them on reconnect, with exponential backoff', async () => {
    const server = serverWithDraft();
    const a = client(server);
    const b = client(server, manualTimers(), 'u2');
    await Promise.all([a.provider.whenOnline(), b.provider.whenOnline()]);
    server.down = true;
    server.cut();
    expect(a.provider.status.state).toBe('offline');
    // Both edit while cut off from each other.
    a.draft.apply({ type: 'module/setTitle', moduleId: 'm1', title: 'Офлайн A' });
    b.draft.apply({ type: 'module/setTitle', moduleId: 'm2', title: 'Офлайн B' });
    expect(a.provider.status.saved).toBe(false);
    // Two failed attempts: the wait doubles each time.
    a.timers.fire();
    await tick();
    a.timers.fire();
    await tick();
    expect(a.timers.delays).toEqual([100, 200, 400]);
    server.down = false;
    a.timers.fire();
    b.timers.fire();
    await Promise.all([a.provider.whenSaved(), b.provider.whenSaved()]);
    await tick();
    expect(a.draft.draft).toEqual(b.draft.draft);
    const titles = a.draft.draft.pages[0]!.modules.map((m) => m.title);
    expect(titles).toContain('Офлайн A');
    expect(titles).toContain('Офлайн B');
    expect(a.provider.status.attempt).toBe(0);
  });

  it('stops for good on a fatal close code and does not retry', async () => {
    const server = serverWithDraft();
    server.refuseWith = CLOSE_CODES.unknownDraft;
    const a = client(server);
    await expect(a.provider.whenOnline()).rejects.toThrow('4404');
    expect(a.provider.status).toMatchObject({ state: 'closed', closeCode: 4404 });
    expect(a.timers.delays).toEqual([]);
  });

  it('a live connection ended by its session (4401) refreshes once: reconnects with a new token, else stops', async () => {
    const server = serverWithDraft();
    const doc = new Y.Doc();
    const refreshes: string[] = [];
    let next: string | null = 'fresh';
    const provider = new CollabProvider({
      serverUrl: 'ws://test',
      draftId: 'd1',
      doc,
      token: () => 'tok',
      refreshToken: async () => {
        refreshes.push(String(next));
        return next;
      },
      createSocket: server.createSocket,
      backoff: { minMs: 100, maxMs: 1000, jitter: 0 },
    });
    await provider.whenOnline();
    const connects = server.connects;
    server.cut(CLOSE_CODES.badToken);
    await tick();
    await provider.whenOnline();
    expect(refreshes).toEqual(['fresh']);
    expect(server.connects).toBe(connects + 1);
    // Refresh refused (the session was revoked): stop, sign in again.
    next = null;
    server.cut(CLOSE_CODES.badToken);
    await tick();
    await tick();
    expect(provider.status).toMatchObject({ state: 'closed', closeCode: 4401 });
    expect(server.connects).toBe(connects + 1);
    // A token that was bad from the start does not ask for a refresh (no loop).
    server.refuseWith = CLOSE_CODES.badToken;
    const other = new CollabProvider({
      serverUrl: 'ws://test',
      draftId: 'd1',
      doc: new Y.Doc(),
      token: () => 'bad',
      refreshToken: async () => {
        refreshes.push('other');
        return 'x';
      },
      createSocket: server.createSocket,
    });
    await expect(other.whenOnline()).rejects.toThrow('4401');
    expect(refreshes).toEqual(['fresh', 'null']);
    provider.destroy();
    other.destroy();
  });

  it('retries after non-fatal codes (limits, restarts)', async () => {
    const server = serverWithDraft();
    server.refuseWith = CLOSE_CODES.tooManyConnections;
    const a = client(server);
    await tick();
    expect(a.provider.status).toMatchObject({ state: 'offline', closeCode: 4429, attempt: 1 });
    server.refuseWith = null;
    a.timers.fire();
    await a.provider.whenOnline();
  });

  it('shares presence and drops co-authors when the connection is lost', async () => {
    const server = serverWithDraft();
    const a = client(server);
    const b = client(server, manualTimers(), 'u2');
    await Promise.all([a.provider.whenOnline(), b.provider.whenOnline()]);
    b.provider.awareness.setLocalStateField('user', { name: 'Айгүл', moduleId: 'm1' });
    await tick();
    expect(a.provider.awareness.getStates().get(b.doc.clientID)).toMatchObject({
      user: { name: 'Айгүл', moduleId: 'm1' },
    });
    server.cut();
    expect(a.provider.awareness.getStates().has(b.doc.clientID)).toBe(false);
    b.provider.destroy();
    expect(b.provider.status.state).toBe('closed');
  });

  it('a viewer does not send updates', async () => {
    const server = serverWithDraft();
    server.access = 'view';
    const v = client(server);
    await v.provider.whenOnline();
    expect(v.provider.status.access).toBe('view');
    const before = Y.encodeStateVector(server.doc);
    v.draft.apply({ type: 'page/rename', pageId: 'p1', title: 'x' });
    await tick();
    expect(Y.encodeStateVector(server.doc)).toEqual(before);
  });

  it('keeps sealed co-author updates until saved and sends them back first after a reconnect', async () => {
    const server = serverWithDraft();
    const a = client(server);
    await a.provider.whenOnline();
    // A co-author's edit the server relayed with its seal (another peer's doc, not the server's).
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(server.doc));
    new CollabDraft(other, { actor: 'u2' }).apply({
      type: 'page/rename',
      pageId: 'p1',
      title: 'Бірлесіп',
    });
    const update = Y.encodeStateAsUpdate(other, Y.encodeStateVector(server.doc));
    const seal = new Uint8Array([1, 2, 3]);
    server.broadcast(encodeVouched(update, seal));
    await tick();
    expect(a.draft.draft.pages[0]!.title).toBe('Бірлесіп');
    // The connection drops before the server stored it: the replay opens the next connection.
    server.cut();
    server.received.length = 0;
    a.timers.fire();
    await a.provider.whenOnline();
    expect(server.received[0]).toEqual({ type: 'vouched', update, seal });
    expect(server.received[1]).toMatchObject({ type: 'sync', step: 'step1' });
    // Once a `saved` covers it, it is not kept any more.
    server.broadcast(encodeSaved(Y.encodeStateVector(other)));
    await tick();
    server.cut();
    server.received.length = 0;
    a.timers.fire();
    await a.provider.whenOnline();
    expect(server.received.some((m) => m.type === 'vouched')).toBe(false);
  });

  it('says when the server is cut off from the other processes, and when it is back', async () => {
    const server = serverWithDraft();
    const a = client(server);
    await a.provider.whenOnline();
    server.broadcast(encodeNotice('split'));
    await tick();
    expect(a.provider.status.split).toBe(true);
    server.broadcast(encodeNotice('joined'));
    await tick();
    expect(a.provider.status.split).toBe(false);
    // A new connection starts without the old server's notice.
    server.broadcast(encodeNotice('split'));
    await tick();
    server.cut();
    expect(a.provider.status.split).toBe(false);
  });
});
