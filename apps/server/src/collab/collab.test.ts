/**
 * `/collab/{draftId}` against a real server (PGlite; PostgreSQL too when DATABASE_URL is set):
 * token, role and rights before the first sync, read-only viewers, live co-editing,
 * persistence across a restart, compaction, connection limits, the collaborators API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as Y from 'yjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as encoding from 'lib0/encoding';
import { Awareness } from 'y-protocols/awareness';
import {
  CLOSE_CODES,
  CollabDraft,
  CollabProvider,
  encodeAwareness,
  encodeUpdate,
  encodeVouched,
  materialise,
  type SocketLike,
} from '@sabaq/collab';
import { checkInvariants, type Draft } from '@sabaq/engine';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { collabOf } from './index';
import { compact, countUpdates, loadUpdates } from './store';
import { installationOf, sealer } from './seal';
import { closeCodeOf, connectPeer, eventually, wsUrl, type Peer } from './test-client';

async function newDraft(
  server: RunningServer,
  token: string,
  title = 'БЖБ: Абай',
): Promise<string> {
  const res = await call(server, 'POST', '/api/v2/os/drafts', {
    token,
    body: { init: { type: 'sor', title, lang: 'kz' } },
  });
  expect(res.status).toBe(201);
  return res.body.data.draft.id as string;
}

function titleOf(p: Peer): string {
  return p.draft.draft.title;
}

describe.each(BACKENDS)('/collab on %s', (backend) => {
  let server: RunningServer;
  const tok: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const peers: Peer[] = [];
  const peer = (...a: Parameters<typeof connectPeer>) => {
    const p = connectPeer(...a);
    peers.push(p);
    return p;
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { authRateLimitPerMinute: 100_000 });
    for (const who of ['methodist', 'teacher', 'zavuch', 'individual', 'student', 'director']) {
      const t = await login(server, who);
      tok[who] = t.access_token;
      ids[who] = t.user.userId;
    }
  });
  afterEach(async () => {
    for (const p of peers.splice(0)) p.destroy();
    // The server has seen every socket close before the next test counts connections.
    await eventually(() => collabOf(server.db)!.connections === 0, 20_000, 'sockets closed');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('closes with documented codes before any sync: bad token, role, unknown or foreign draft', async () => {
    const draftId = await newDraft(server, tok.methodist!);
    const base = `${wsUrl(server)}/collab/`;
    expect(await closeCodeOf(base + draftId)).toBe(CLOSE_CODES.badToken);
    expect(await closeCodeOf(base + draftId, ['bearer.not-a-token'])).toBe(CLOSE_CODES.badToken);
    expect(await closeCodeOf(base + draftId, [`bearer.${tok.student}`])).toBe(
      CLOSE_CODES.forbidden,
    );
    expect(await closeCodeOf(base + 'no-such-draft', [`bearer.${tok.methodist}`])).toBe(
      CLOSE_CODES.unknownDraft,
    );
    // A builder of another school (no invitation) does not learn the draft exists.
    expect(await closeCodeOf(base + draftId, [`bearer.${tok.individual}`])).toBe(
      CLOSE_CODES.unknownDraft,
    );
    // The refused peer's provider stops for good instead of retrying.
    const p = peer(server, draftId, tok.student!, 's');
    await expect(p.provider.whenOnline()).rejects.toThrow(/4403/);
    expect(p.provider.status.state).toBe('closed');
  });

  it('two editors co-edit live and converge; the drafts row is materialised', async () => {
    const draftId = await newDraft(server, tok.methodist!);
    const inv = await call(server, 'POST', `/api/v2/os/drafts/${draftId}/collaborators`, {
      token: tok.methodist,
      body: { userId: ids.teacher, access: 'edit' },
    });
    expect(inv.status).toBe(200);
    const a = peer(server, draftId, tok.methodist!, String(ids.methodist));
    const b = peer(server, draftId, tok.teacher!, String(ids.teacher));
    await Promise.all([a.provider.whenOnline(), b.provider.whenOnline()]);
    expect(a.provider.status.access).toBe('edit');
    expect(b.provider.status.access).toBe('edit');
    expect(a.draft.apply({ type: 'page/add', pageId: 'p1', title: 'Бет 1' }).ok).toBe(true);
    await eventually(() => b.draft.draft.pages.length === 1, 20_000, 'page on b');
    // Concurrent edits on both sides.
    a.draft.apply({
      type: 'module/add',
      pageId: 'p1',
      moduleId: 'm1',
      moduleType: 'task',
      title: 'A',
    });
    b.draft.apply({
      type: 'module/add',
      pageId: 'p1',
      moduleId: 'm2',
      moduleType: 'task',
      title: 'B',
    });
    b.draft.apply({ type: 'draft/setMeta', patch: { title: 'БЖБ: Абай (бірлескен)' } });
    await eventually(
      () =>
        a.draft.draft.pages[0]!.modules.length === 2 &&
        b.draft.draft.pages[0]!.modules.length === 2,
      20_000,
      'both modules on both',
    );
    expect(a.draft.draft).toEqual(b.draft.draft);
    expect(checkInvariants(a.draft.draft)).toEqual([]);
    await Promise.all([a.provider.whenSaved(), b.provider.whenSaved()]);
    await collabOf(server.db)!
      .room(draftId)
      .then((r) => r.materialise());
    const got = await call(server, 'GET', `/api/v2/os/drafts/${draftId}`, { token: tok.methodist });
    expect(got.body.data.summary.title).toBe('БЖБ: Абай (бірлескен)');
    expect((got.body.data.draft as Draft).pages[0]!.modules.map((m) => m.id).sort()).toEqual([
      'm1',
      'm2',
    ]);
  });

  it('commands sent through the REST route join the live doc instead of being overwritten', async () => {
    const draftId = await newDraft(server, tok.methodist!);
    const a = peer(server, draftId, tok.methodist!, String(ids.methodist));
    await a.provider.whenOnline();
    a.draft.apply({ type: 'page/add', pageId: 'p1', title: 'Бет 1' });
    await a.provider.whenSaved();
    await collabOf(server.db)!
      .room(draftId)
      .then((r) => r.materialise());
    const row = await call(server, 'GET', `/api/v2/os/drafts/${draftId}`, { token: tok.methodist });
    const res = await call(server, 'POST', `/api/v2/os/drafts/${draftId}/commands`, {
      token: tok.methodist,
      body: {
        expectedVersion: row.body.data.summary.version,
        commands: [
          { type: 'module/add', pageId: 'p1', moduleId: 'rest1', moduleType: 'task', title: 'CLI' },
        ],
      },
    });
    expect(res.status).toBe(200);
    await eventually(
      () => a.draft.draft.pages[0]!.modules.some((m) => m.id === 'rest1'),
      20_000,
      'REST edit live',
    );
    a.draft.apply({ type: 'page/rename', pageId: 'p1', title: 'Бет 1 (өңделді)' });
    await a.provider.whenSaved();
    await collabOf(server.db)!
      .room(draftId)
      .then((r) => r.materialise());
    const after = await call(server, 'GET', `/api/v2/os/drafts/${draftId}`, {
      token: tok.methodist,
    });
    const page = (after.body.data.draft as Draft).pages[0]!;
    expect(page.title).toBe('Бет 1 (өңделді)');
    expect(page.modules.map((m) => m.id)).toEqual(['rest1']);
  });

  it('a draft edited through REST before it went live keeps that history in the shared log', async () => {
    const draftId = await newDraft(server, tok.methodist!, 'БЖБ: тарих');
    const row = await call(server, 'GET', `/api/v2/os/drafts/${draftId}`, { token: tok.methodist });
    const res = await call(server, 'POST', `/api/v2/os/drafts/${draftId}/commands`, {
      token: tok.methodist,
      body: {
        expectedVersion: row.body.data.summary.version,
        commands: [
          { type: 'page/add', pageId: 'p1', title: 'Бет 1' },
          { type: 'module/add', pageId: 'p1', moduleId: 'h1', moduleType: 'task', title: 'Сұрақ' },
          {
            type: 'module/setContent',
            moduleId: 'h1',
            content: {
              type: 'doc',
              content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Абай кім?' }] }],
            },
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    const before = await call(server, 'GET', `/api/v2/os/drafts/${draftId}`, {
      token: tok.methodist,
    });
    const a = peer(server, draftId, tok.methodist!, String(ids.methodist));
    await a.provider.whenOnline();
    await eventually(() => a.draft.draft.pages.length === 1, 20_000, 'draft on the peer');
    // The three REST events are the log's first entries, with their author; the draft is the row.
    const log = a.doc.getArray<{ actor: string; command: { type: string } }>('log').toArray();
    expect(log.map((e) => e.command.type)).toEqual(['page/add', 'module/add', 'module/setContent']);
    expect(new Set(log.map((e) => e.actor))).toEqual(new Set([String(ids.methodist)]));
    expect(a.draft.draft).toEqual(before.body.data.draft);
    // Rich text came along as a live fragment, and a live edit folds on top of the history.
    expect(JSON.stringify(materialise(a.doc))).toContain('Абай кім?');
    a.draft.apply({ type: 'page/rename', pageId: 'p1', title: 'Бет 1 (тірі)' });
    await a.provider.whenSaved();
    expect(a.doc.getArray('log').length).toBe(4);
  });

  it('a draft whose stored events no longer fold to its row starts from the row', async () => {
    const draftId = await newDraft(server, tok.methodist!, 'БЖБ: ескі');
    const row = await call(server, 'GET', `/api/v2/os/drafts/${draftId}`, { token: tok.methodist });
    await call(server, 'POST', `/api/v2/os/drafts/${draftId}/commands`, {
      token: tok.methodist,
      body: {
        expectedVersion: row.body.data.summary.version,
        commands: [{ type: 'page/add', pageId: 'p1', title: 'Бет 1' }],
      },
    });
    // Something outside the log changed the row (an old import, a hand fix).
    await server.db.query(
      `UPDATE drafts SET doc = jsonb_set(doc, '{title}', '"Қолмен түзетілген"') WHERE id = $1`,
      [draftId],
    );
    const a = peer(server, draftId, tok.methodist!, String(ids.methodist));
    await a.provider.whenOnline();
    await eventually(() => a.draft.draft.title === 'Қолмен түзетілген', 20_000, 'row as base');
    expect(a.doc.getArray('log').length).toBe(0);
    expect(a.draft.draft.pages.map((p) => p.title)).toEqual(['Бет 1']);
  });

  it('viewers read live but their updates are refused', async () => {
    const draftId = await newDraft(server, tok.methodist!);
    const owner = peer(server, draftId, tok.methodist!, String(ids.methodist));
    // zavuch: same school, not invited → view.
    const viewer = peer(server, draftId, tok.zavuch!, String(ids.zavuch));
    await Promise.all([owner.provider.whenOnline(), viewer.provider.whenOnline()]);
    expect(viewer.provider.status.access).toBe('view');
    owner.draft.apply({ type: 'page/add', pageId: 'p1', title: 'Иесінің беті' });
    await eventually(() => viewer.draft.draft.pages.length === 1, 20_000, 'viewer sees the page');
    // A viewer's doc can be changed locally, but the server never takes it.
    viewer.draft.apply({ type: 'page/add', pageId: 'pv', title: 'Көрерменнің беті' });
    const room = await collabOf(server.db)!.room(draftId);
    await new Promise((r) => setTimeout(r, 300));
    expect(materialise(room.doc).pages.map((p) => p.id)).toEqual(['p1']);
    expect(owner.draft.draft.pages.map((p) => p.id)).toEqual(['p1']);
    // And a viewer's hand-made raw update message is dropped too (never applied or stored).
    const before = await countUpdates(server.db, draftId);
    const forged = new Y.Doc();
    Y.applyUpdate(forged, Y.encodeStateAsUpdate(room.doc));
    const sv = Y.encodeStateVector(forged);
    forged.getArray('log').push([{ forged: true }]);
    const { WebSocket } = await import('ws');
    await new Promise<void>((resolve) => {
      const ws = new WebSocket(`${wsUrl(server)}/collab/${draftId}`, [`bearer.${tok.zavuch}`]);
      ws.on('open', () => {
        ws.send(encodeUpdate(Y.encodeStateAsUpdate(forged, sv)));
        setTimeout(() => ws.close(), 200);
      });
      ws.on('close', () => resolve());
    });
    expect(room.doc.getArray('log').toArray()).not.toContainEqual({ forged: true });
    expect(owner.doc.getArray('log').toArray()).not.toContainEqual({ forged: true });
    expect(await countUpdates(server.db, draftId)).toBe(before);
  });

  it('an editor cannot write in a co-author’s name, delete the log or replace the base', async () => {
    const draftId = await newDraft(server, tok.methodist!);
    const owner = peer(server, draftId, tok.methodist!, String(ids.methodist));
    await owner.provider.whenOnline();
    owner.draft.apply({ type: 'page/add', pageId: 'p1', title: 'Бет' });
    await owner.provider.whenSaved();
    const room = await collabOf(server.db)!.room(draftId);
    const forge = async (change: (d: Y.Doc) => void) => {
      const d = new Y.Doc();
      Y.applyUpdate(d, Y.encodeStateAsUpdate(room.doc));
      const sv = Y.encodeStateVector(d);
      change(d);
      const { WebSocket } = await import('ws');
      return new Promise<number>((resolve) => {
        const ws = new WebSocket(`${wsUrl(server)}/collab/${draftId}`, [`bearer.${tok.methodist}`]);
        ws.on('open', () => ws.send(encodeUpdate(Y.encodeStateAsUpdate(d, sv))));
        ws.on('close', (code) => resolve(code));
      });
    };
    const before = materialise(room.doc);
    expect(
      await forge((d) =>
        d
          .getArray('log')
          .push([
            { id: 'f', actor: String(ids.teacher), command: { type: 'page/remove', pageId: 'p1' } },
          ]),
      ),
    ).toBe(CLOSE_CODES.forbidden);
    expect(await forge((d) => d.getArray('log').delete(0, 1))).toBe(CLOSE_CODES.forbidden);
    expect(await forge((d) => d.getMap('meta').set('format', 2))).toBe(CLOSE_CODES.forbidden);
    expect(materialise(room.doc)).toEqual(before);
    // Updates are relayed to co-authors as soon as they pass the check: a refused one never is.
    owner.draft.apply({ type: 'page/rename', pageId: 'p1', title: 'Кейін' });
    await eventually(() => materialise(room.doc).pages[0]?.title === 'Кейін', 20_000, 'later edit');
    expect(
      owner.doc
        .getArray<{ id?: string }>('log')
        .toArray()
        .map((e) => e.id),
    ).not.toContain('f');
    expect(owner.draft.draft.pages.map((p) => p.id)).toEqual(['p1']);
    expect(owner.doc.getMap('meta').get('format')).toBe(1);
  });

  /** Sends one raw message as `token` and resolves with the close code (or 'open' after 400 ms). */
  /** Sends one message on a fresh socket; the close code it gets ('open' if none came). */
  async function sendRaw(draftId: string, token: string, msg: Uint8Array) {
    const { WebSocket } = await import('ws');
    return new Promise<number | 'open'>((resolve) => {
      const ws = new WebSocket(`${wsUrl(server)}/collab/${draftId}`, [`bearer.${token}`]);
      ws.on('error', () => undefined);
      // Generous: the refusal comes after the rights check and the room's load, which a busy
      // machine (the whole suite beside this file) stretched past the 400 ms once allowed here.
      const timer = setTimeout(() => {
        ws.terminate();
        resolve('open');
      }, 20_000);
      ws.on('open', () => ws.send(msg));
      ws.on('close', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }

  it('a co-author’s update sent back by another editor is applied only with this installation’s seal', async () => {
    const draftId = await newDraft(server, tok.methodist!);
    await call(server, 'POST', `/api/v2/os/drafts/${draftId}/collaborators`, {
      token: tok.methodist,
      body: { userId: ids.teacher, access: 'edit' },
    });
    const room = await collabOf(server.db)!.room(draftId);
    // The owner's edit, as the room would have relayed it to the teacher.
    const ownerDoc = new Y.Doc();
    Y.applyUpdate(ownerDoc, Y.encodeStateAsUpdate(room.doc));
    new CollabDraft(ownerDoc, { actor: String(ids.methodist) }).apply({
      type: 'page/add',
      pageId: 'relayed',
      title: 'Иесінікі',
    });
    const update = Y.encodeStateAsUpdate(ownerDoc, Y.encodeStateVector(room.doc));
    // In the owner's name from the teacher: plain, or with a seal that does not hold, a forgery.
    expect(await sendRaw(draftId, tok.teacher!, encodeUpdate(update))).toBe(CLOSE_CODES.forbidden);
    const bad = encodeVouched(update, new Uint8Array(16));
    expect(await sendRaw(draftId, tok.teacher!, bad)).toBe(CLOSE_CODES.forbidden);
    expect(materialise(room.doc).pages.map((p) => p.id)).toEqual([]);
    // With the seal of this installation (what the teacher's editor kept): a replay, applied.
    const { secret } = await installationOf(server.db);
    const sealed = encodeVouched(update, sealer(secret).seal(draftId, update));
    const { WebSocket } = await import('ws');
    const ws = new WebSocket(`${wsUrl(server)}/collab/${draftId}`, [`bearer.${tok.teacher}`]);
    ws.on('open', () => ws.send(sealed));
    try {
      await eventually(
        () => materialise(room.doc).pages.some((p) => p.id === 'relayed'),
        20_000,
        'the sealed replay applied',
      );
      expect(ws.readyState).toBe(ws.OPEN);
    } finally {
      ws.close();
    }
    // A seal is for one draft: the same update sealed for another is refused here.
    const elsewhere = encodeVouched(update, sealer(secret).seal('another-draft', update));
    expect(await sendRaw(draftId, tok.teacher!, elsewhere)).toBe(CLOSE_CODES.forbidden);
  });

  it('an editor cannot delete a co-author’s future edits nor log an event in the legacy JSON kind', async () => {
    const draftId = await newDraft(server, tok.methodist!);
    await call(server, 'POST', `/api/v2/os/drafts/${draftId}/collaborators`, {
      token: tok.methodist,
      body: { userId: ids.teacher, access: 'edit' },
    });
    const owner = peer(server, draftId, tok.methodist!, String(ids.methodist));
    await owner.provider.whenOnline();
    owner.draft.apply({ type: 'page/add', pageId: 'p1', title: 'Бет' });
    await owner.provider.whenSaved();
    const room = await collabOf(server.db)!.room(draftId);
    // (a) A delete set naming the owner's next 1000 clocks, which the server has not seen.
    const e = encoding.createEncoder();
    encoding.writeVarUint(e, 0);
    encoding.writeVarUint(e, 1);
    encoding.writeVarUint(e, owner.doc.clientID);
    encoding.writeVarUint(e, 1);
    encoding.writeVarUint(e, Y.getState(room.doc.store, owner.doc.clientID));
    encoding.writeVarUint(e, 1000);
    encoding.writeVarUint(e, 0);
    expect(await sendRaw(draftId, tok.teacher!, encodeUpdate(encoding.toUint8Array(e)))).toBe(
      CLOSE_CODES.forbidden,
    );
    owner.draft.apply({ type: 'page/add', pageId: 'p2', title: 'Кейінгі' });
    await owner.provider.whenSaved();
    // Reported saved and really stored: a fresh load of the stored rows has it.
    const stored = new Y.Doc();
    for (const u of await loadUpdates(server.db, draftId)) Y.applyUpdate(stored, u);
    expect(materialise(stored).pages.map((p) => p.id)).toEqual(['p1', 'p2']);
    expect(materialise(room.doc).pages.map((p) => p.id)).toEqual(['p1', 'p2']);
    // (b) A log entry in the legacy JSON content kind, in the owner's name.
    let last = (room.doc.getArray('log') as unknown as { _start: Y.Item | null })._start!;
    while (last.right) last = last.right as Y.Item;
    const j = encoding.createEncoder();
    encoding.writeVarUint(j, 1);
    encoding.writeVarUint(j, 1);
    encoding.writeVarUint(j, 987654);
    encoding.writeVarUint(j, 0);
    encoding.writeUint8(j, 2 | 0x80);
    encoding.writeVarUint(j, last.id.client);
    encoding.writeVarUint(j, last.id.clock + last.length - 1);
    encoding.writeVarUint(j, 1);
    encoding.writeVarString(
      j,
      JSON.stringify({
        id: 'forged',
        actor: String(ids.methodist),
        at: '2026-11-23T08:00:00.000Z',
        command: { type: 'page/remove', pageId: 'p1' },
      }),
    );
    encoding.writeVarUint(j, 0);
    expect(await sendRaw(draftId, tok.teacher!, encodeUpdate(encoding.toUint8Array(j)))).toBe(
      CLOSE_CODES.forbidden,
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(
      room.doc
        .getArray<{ id: string }>('log')
        .toArray()
        .map((x) => x.id),
    ).not.toContain('forged');
    expect(owner.draft.draft.pages.map((p) => p.id)).toEqual(['p1', 'p2']);
  });

  it('presence names come from the session: nobody sets another person’s state or name', async () => {
    const draftId = await newDraft(server, tok.methodist!);
    const ownerDoc = new Y.Doc();
    const ownerAwareness = new Awareness(ownerDoc);
    ownerAwareness.setLocalState({
      user: { id: String(ids.methodist), name: 'Иесі', color: '#1f6feb' },
    });
    const { WebSocket } = await import('ws');
    const owner = new CollabProvider({
      serverUrl: wsUrl(server),
      draftId,
      doc: ownerDoc,
      awareness: ownerAwareness,
      token: () => tok.methodist!,
      createSocket: (url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike,
    });
    try {
      await owner.whenOnline();
      const room = await collabOf(server.db)!.room(draftId);
      const nameIn = (a: Awareness, id: number) =>
        (a.getStates().get(id) as { user?: { name?: string; id?: string } } | undefined)?.user;
      await eventually(
        () => nameIn(room.awareness, ownerDoc.clientID) !== undefined,
        20_000,
        'presence',
      );
      // The server replaced the claimed name with the session's (surname firstname).
      const vouched = nameIn(room.awareness, ownerDoc.clientID)!;
      expect(vouched.id).toBe(String(ids.methodist));
      expect(vouched.name).not.toBe('Иесі');
      // A read-only colleague (zavuch) sends a state for the owner's client id, name forged.
      const forgedDoc = new Y.Doc();
      forgedDoc.clientID = ownerDoc.clientID;
      const forged = new Awareness(forgedDoc);
      for (let i = 0; i < 50; i++)
        forged.setLocalState({
          user: { id: String(ids.methodist), name: `Хакер ${i}`, color: '#000' },
        });
      const msg = encodeAwareness(forged, [forgedDoc.clientID]);
      expect(await sendRaw(draftId, tok.zavuch!, msg)).toBe(CLOSE_CODES.forbidden);
      expect(nameIn(room.awareness, ownerDoc.clientID)).toEqual(vouched);
      expect(nameIn(ownerAwareness, ownerDoc.clientID)?.name).toBe('Иесі');
      // Its own state is taken, in its own name whatever it claims.
      const ownDoc = new Y.Doc();
      const own = new Awareness(ownDoc);
      own.setLocalState({
        user: { id: String(ids.methodist), name: 'Мен иесімін', color: '#000' },
      });
      const ws = new WebSocket(`${wsUrl(server)}/collab/${draftId}`, [`bearer.${tok.zavuch}`]);
      ws.on('open', () => ws.send(encodeAwareness(own, [ownDoc.clientID])));
      try {
        await eventually(
          () => nameIn(room.awareness, ownDoc.clientID) !== undefined,
          20_000,
          'own',
        );
        const mine = nameIn(room.awareness, ownDoc.clientID)!;
        expect(mine.id).toBe(String(ids.zavuch));
        expect(mine.name).not.toBe('Мен иесімін');
        expect(mine.name).toMatch(/\S/);
      } finally {
        ws.close();
      }
      forged.destroy();
      own.destroy();
    } finally {
      owner.destroy();
    }
  });

  it('persists every acknowledged edit; compaction keeps the same state', async () => {
    const draftId = await newDraft(server, tok.methodist!);
    const a = peer(server, draftId, tok.methodist!, String(ids.methodist));
    await a.provider.whenOnline();
    a.draft.apply({ type: 'page/add', pageId: 'p1', title: 'Бет' });
    for (let i = 0; i < 30; i++) {
      a.draft.apply({ type: 'page/rename', pageId: 'p1', title: `Бет ${i}` });
      await new Promise((r) => setTimeout(r, 5));
    }
    await a.provider.whenSaved();
    const rows = await countUpdates(server.db, draftId);
    expect(rows).toBeGreaterThan(1);
    const docFrom = async () => {
      const d = new Y.Doc();
      for (const u of await loadUpdates(server.db, draftId)) Y.applyUpdate(d, u);
      return materialise(d);
    };
    const before = await docFrom();
    expect(before.pages[0]!.title).toBe('Бет 29');
    expect(before).toEqual(a.draft.draft);
    expect(await compact(server.db, draftId)).toBe(rows);
    expect(await countUpdates(server.db, draftId)).toBe(1);
    expect(await docFrom()).toEqual(before);
  });

  it('limits connections per user and per draft', async () => {
    const service = collabOf(server.db)!;
    const draftId = await newDraft(server, tok.methodist!);
    const saved = { ...service.options };
    service.options.maxConnectionsPerUser = 2;
    try {
      const a = peer(server, draftId, tok.methodist!, 'a');
      const b = peer(server, draftId, tok.methodist!, 'b');
      await Promise.all([a.provider.whenOnline(), b.provider.whenOnline()]);
      const url = `${wsUrl(server)}/collab/${draftId}`;
      expect(await closeCodeOf(url, [`bearer.${tok.methodist}`])).toBe(
        CLOSE_CODES.tooManyConnections,
      );
      service.options.maxConnectionsPerUser = 100;
      service.options.maxConnectionsPerDraft = 2;
      expect(await closeCodeOf(url, [`bearer.${tok.zavuch}`])).toBe(CLOSE_CODES.tooManyConnections);
    } finally {
      Object.assign(service.options, saved);
    }
  });

  it('refuses garbage with 4400', async () => {
    const draftId = await newDraft(server, tok.methodist!);
    const { WebSocket } = await import('ws');
    const code = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${wsUrl(server)}/collab/${draftId}`, [`bearer.${tok.methodist}`]);
      ws.on('open', () => ws.send(new Uint8Array([250, 1, 2, 3])));
      ws.on('close', (c) => resolve(c));
    });
    expect(code).toBe(CLOSE_CODES.badMessage);
  });

  it('collaborators API: owner invites colleagues of the school, others cannot', async () => {
    const draftId = await newDraft(server, tok.methodist!);
    const path = `/api/v2/os/drafts/${draftId}/collaborators`;
    const list0 = await call(server, 'GET', path, { token: tok.methodist });
    expect(list0.status).toBe(200);
    expect(list0.body.data.collaborators).toHaveLength(1);
    expect(list0.body.data.collaborators[0].access).toBe('owner');
    const candidateIds = list0.body.data.candidates.map((c: { userId: number }) => c.userId);
    expect(candidateIds).toContain(ids.teacher);
    expect(candidateIds).not.toContain(ids.student);
    // Not a colleague: a student, or someone outside the school → 422 in the request language.
    const bad = await call(server, 'POST', path, {
      token: tok.methodist,
      body: { userId: ids.student, access: 'edit' },
      locale: 'ru',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.userId[0]).toBe(
      'Пригласить можно только учителей и методистов этой школы',
    );
    const outsider = await call(server, 'POST', path, {
      token: tok.methodist,
      body: { userId: ids.individual },
    });
    expect(outsider.status).toBe(422);
    expect(outsider.body.errors.userId[0]).toMatch(/мектептің/);
    // Only the owner invites.
    const notOwner = await call(server, 'POST', path, {
      token: tok.zavuch,
      body: { userId: ids.teacher },
    });
    expect(notOwner.status).toBe(403);
    // A foreign user sees no draft at all.
    expect((await call(server, 'GET', path, { token: tok.individual })).status).toBe(404);
    expect(
      (
        await call(server, 'POST', path, {
          token: tok.methodist,
          body: { userId: ids.teacher, access: 'view' },
        })
      ).status,
    ).toBe(200);
    const v = peer(server, draftId, tok.teacher!, 't');
    await v.provider.whenOnline();
    expect(v.provider.status.access).toBe('view');
    // Upgrading the invitation closes the open socket (4409); the provider reconnects by
    // itself and gets edit access.
    expect(
      (
        await call(server, 'POST', path, {
          token: tok.methodist,
          body: { userId: ids.teacher, access: 'edit' },
        })
      ).status,
    ).toBe(200);
    await eventually(
      () => v.provider.status.state === 'online' && v.provider.status.access === 'edit',
      20_000,
      'reconnected as editor',
    );
    const list1 = await call(server, 'GET', path, { token: tok.teacher });
    expect(list1.body.data.collaborators.map((c: { access: string }) => c.access)).toEqual([
      'owner',
      'edit',
    ]);
    expect(list1.body.data.candidates).toEqual([]);
    // Withdrawn: the socket is closed; a colleague of the school comes back as a viewer.
    expect(
      (await call(server, 'DELETE', `${path}/${ids.teacher}`, { token: tok.methodist })).status,
    ).toBe(200);
    await eventually(
      () => v.provider.status.state === 'online' && v.provider.status.access === 'view',
      20_000,
      'reconnected as viewer',
    );
    expect(
      (await call(server, 'DELETE', `${path}/${ids.teacher}`, { token: tok.methodist })).status,
    ).toBe(404);
  });
});

describe('restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sabaq-collab-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a client that reconnects with nothing new to store shows “all saved” without waiting for others', async () => {
    // The client forgets the server's `saved` when its socket closes; the server must say it again
    // on join, or the client waits for somebody else's write (in the app: "saving…" for ever).
    const own = mkdtempSync(join(tmpdir(), 'sabaq-collab-'));
    let server = await startTestServer('pglite', { dataDir: own });
    const port = server.port;
    const t = await login(server, 'methodist');
    const draftId = await newDraft(server, t.access_token);
    const a = connectPeer(server, draftId, t.access_token, String(t.user.userId), {
      minBackoffMs: 100,
    });
    try {
      await a.provider.whenOnline();
      a.draft.apply({ type: 'page/add', pageId: 'p1', title: 'Сақталған' });
      await a.provider.whenSaved();
      await server.close();
      await eventually(() => a.provider.status.state === 'offline', 20_000, 'offline');
      server = await startTestServer('pglite', { dataDir: own, port });
      await a.provider.whenOnline();
      await eventually(() => a.provider.status.saved, 20_000, 'saved after reconnect');
    } finally {
      a.destroy();
      await server.close();
      rmSync(own, { recursive: true, force: true });
    }
  });

  it('a restarted server loses no acknowledged edit, and offline edits merge on reconnect', async () => {
    let server = await startTestServer('pglite', { dataDir: dir });
    const port = server.port;
    const t = await login(server, 'methodist');
    const draftId = await newDraft(server, t.access_token);
    const a = connectPeer(server, draftId, t.access_token, String(t.user.userId), {
      minBackoffMs: 100,
    });
    try {
      await a.provider.whenOnline();
      a.draft.apply({ type: 'page/add', pageId: 'p1', title: 'Дейін' });
      await a.provider.whenSaved();
      await server.close();
      await eventually(() => a.provider.status.state === 'offline', 20_000, 'offline');
      // Typed while the server is down: stays local, merges when it is back.
      a.draft.apply({ type: 'page/add', pageId: 'p2', title: 'Офлайн' });
      expect(a.provider.status.saved).toBe(false);
      server = await startTestServer('pglite', { dataDir: dir, port });
      await a.provider.whenSaved();
      const fresh = connectPeer(server, draftId, t.access_token, 'other');
      try {
        await fresh.provider.whenOnline();
        expect(fresh.draft.draft.pages.map((p) => p.title)).toEqual(['Дейін', 'Офлайн']);
        expect(titleOf(fresh)).toBe('БЖБ: Абай');
      } finally {
        fresh.destroy();
      }
    } finally {
      a.destroy();
      await server.close();
    }
  });
});
