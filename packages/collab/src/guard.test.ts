import * as Y from 'yjs';
import * as encoding from 'lib0/encoding';
import { describe, expect, it } from 'vitest';
import { createDraft } from '@sabaq/engine';
import { createDraftDoc } from './doc.js';
import { guardUpdate } from './guard.js';
import { CollabDraft } from './session.js';
import { sorBase } from './test/peers.js';

/** A server doc and a client that joined it; `change` runs on the client, the guard on the server. */
function attempt(actor: string, change: (doc: Y.Doc, s: CollabDraft) => void) {
  const server = createDraftDoc(sorBase());
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
  const s = new CollabDraft(client, { actor });
  s.apply({ type: 'page/rename', pageId: 'p1', title: 'own edit' });
  Y.applyUpdate(server, Y.encodeStateAsUpdate(client, Y.encodeStateVector(server)));
  const sv = Y.encodeStateVector(client);
  change(client, s);
  return guardUpdate(server, Y.encodeStateAsUpdate(client, sv), actor);
}

describe('guardUpdate (what the server refuses from an editor)', () => {
  it('accepts own events, rich text and undo', () => {
    expect(
      attempt('7', (_d, s) => {
        s.apply({ type: 'module/setTitle', moduleId: 'm1', title: 'x' });
        const frag = s.fragment('m3', 'content');
        ((frag.get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(0, 'Ә');
        ((frag.get(0) as Y.XmlElement).get(0) as Y.XmlText).delete(0, 2);
        s.undo();
      }),
    ).toBeNull();
  });

  it('refuses events in someone else’s name', () => {
    expect(
      attempt('7', (d) =>
        d
          .getArray('log')
          .push([{ id: 'x', actor: '8', command: { type: 'page/remove', pageId: 'p1' } }]),
      ),
    ).toBe('actor');
  });

  it('refuses rich text outside the allow-list in a log entry: a javascript: link, a foreign attribute (issue 28)', () => {
    const content = (marks: unknown[], attrs?: Record<string, unknown>) => ({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          ...(attrs ? { attrs } : {}),
          content: [{ type: 'text', text: 'x', marks }],
        },
      ],
    });
    const link = (href: string) => [{ type: 'link', attrs: { href } }];
    expect(
      attempt('7', (_d, s) =>
        s.apply({
          type: 'module/setContent',
          moduleId: 'm1',
          content: content(link('https://sabaq.kz')),
        } as never),
      ),
    ).toBeNull();
    expect(
      attempt('7', (d) =>
        d.getArray('log').push([
          {
            id: 'x',
            actor: '7',
            command: {
              type: 'module/setContent',
              moduleId: 'm1',
              content: content(link('javascript:alert(1)')),
            },
          },
        ]),
      ),
    ).toBe('rich');
    expect(
      attempt('7', (d) =>
        d.getArray('log').push([
          {
            id: 'y',
            actor: '7',
            command: {
              type: 'module/setHint',
              moduleId: 'm1',
              solution: content([], { onclick: 'alert(1)' }),
            },
          },
        ]),
      ),
    ).toBe('rich');
  });

  it('refuses deleting from the log', () => {
    expect(attempt('7', (d) => d.getArray('log').delete(0, 1))).toBe('log_delete');
  });

  it('refuses touching the base snapshot or format', () => {
    expect(
      attempt('7', (d) =>
        d.getMap('meta').set('base', {
          schemaVersion: 2,
          eventCount: 0,
          draft: createDraft({ id: 'd9', type: 'sor', title: 'x', lang: 'kz' }),
        }),
      ),
    ).toBe('meta');
    expect(attempt('7', (d) => d.getMap('meta').set('format', 99))).toBe('meta');
  });
});

/** A raw Yjs v1 update: no structs, a delete set naming `len` clocks of `client` from `clock`. */
function deleteOnly(client: number, clock: number, len: number): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, 0); // no structs
  encoding.writeVarUint(e, 1); // one client in the delete set
  encoding.writeVarUint(e, client);
  encoding.writeVarUint(e, 1);
  encoding.writeVarUint(e, clock);
  encoding.writeVarUint(e, len);
  return encoding.toUint8Array(e);
}

/**
 * A raw Yjs v1 update with one item appended to the log after `after`, its content in the
 * legacy JSON kind (content ref 2), written by hand the way an old or hostile client would.
 */
function legacyJsonAppend(client: number, clock: number, after: Y.ID, value: unknown): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, 1); // one client
  encoding.writeVarUint(e, 1); // one struct
  encoding.writeVarUint(e, client);
  encoding.writeVarUint(e, clock);
  encoding.writeUint8(e, 2 | 0x80); // ContentJSON, has origin
  encoding.writeVarUint(e, after.client);
  encoding.writeVarUint(e, after.clock);
  encoding.writeVarUint(e, 1);
  encoding.writeVarString(e, JSON.stringify(value));
  encoding.writeVarUint(e, 0); // empty delete set
  return encoding.toUint8Array(e);
}

describe('guardUpdate decides on what the update does once integrated', () => {
  function room() {
    const server = createDraftDoc(sorBase());
    const owner = new Y.Doc();
    Y.applyUpdate(owner, Y.encodeStateAsUpdate(server));
    const s = new CollabDraft(owner, { actor: '7' });
    s.apply({ type: 'page/rename', pageId: 'p1', title: 'own edit' });
    Y.applyUpdate(server, Y.encodeStateAsUpdate(owner, Y.encodeStateVector(server)));
    return { server, owner, s };
  }

  it('refuses a delete set naming clocks the server has not seen (a co-author’s future edits)', () => {
    const { server, owner, s } = room();
    const next = Y.getState(server.store, owner.clientID);
    const attack = deleteOnly(owner.clientID, next, 1000);
    expect(guardUpdate(server, attack, '8')).toBe('future_delete');
    // What it would have done: the owner's next edit deleted on the server.
    const victim = new Y.Doc();
    Y.applyUpdate(victim, Y.encodeStateAsUpdate(server));
    Y.applyUpdate(victim, attack);
    Y.applyUpdate(victim, Y.encodeStateAsUpdate(owner, Y.encodeStateVector(victim)));
    s.apply({ type: 'page/rename', pageId: 'p1', title: 'after the attack' });
    Y.applyUpdate(victim, Y.encodeStateAsUpdate(owner, Y.encodeStateVector(victim)));
    expect(victim.getArray('log').length).toBeLessThan(owner.getArray('log').length);
  });

  it('accepts deleting what it holds or sends in the same update', () => {
    const { server, owner, s } = room();
    const sv = Y.encodeStateVector(server);
    const frag = s.fragment('m3', 'content');
    const text = (frag.get(0) as Y.XmlElement).get(0) as Y.XmlText;
    owner.transact(() => {
      text.insert(0, 'жаңа ');
      text.delete(0, 3);
    });
    expect(guardUpdate(server, Y.encodeStateAsUpdate(owner, sv), '7')).toBeNull();
  });

  it('refuses a log entry in the legacy JSON content kind written in someone else’s name', () => {
    const { server } = room();
    const log = server.getArray('log');
    const last = (log as unknown as { _start: Y.Item | null })._start;
    let item = last;
    while (item?.right) item = item.right as Y.Item;
    const after = Y.createID(item!.id.client, item!.id.clock + item!.length - 1);
    const attack = legacyJsonAppend(424242, 0, after, {
      id: 'forged',
      actor: '8',
      at: '2026-01-01T00:00:00.000Z',
      command: { type: 'page/remove', pageId: 'p1' },
    });
    expect(guardUpdate(server, attack, '7')).not.toBeNull();
    // Even in the sender's own name, the log takes only the kind the peers write.
    const own = legacyJsonAppend(424242, 0, after, {
      id: 'own',
      actor: '7',
      at: '2026-01-01T00:00:00.000Z',
      command: { type: 'page/rename', pageId: 'p1', title: 'x' },
    });
    expect(guardUpdate(server, own, '7')).toBe('log_content');
  });

  it('refuses structs that would wait for missing ones (and integrate later, unchecked)', () => {
    const { server } = room();
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(server));
    const sv = Y.encodeStateVector(other);
    other
      .getArray('log')
      .push([{ id: 'a', actor: '7', command: { type: 'page/add', pageId: 'q' } }]);
    const first = Y.encodeStateAsUpdate(other, sv);
    const sv2 = Y.encodeStateVector(other);
    other
      .getArray('log')
      .push([{ id: 'b', actor: '8', command: { type: 'page/add', pageId: 'r' } }]);
    // The second alone depends on the first, which the server has not seen.
    expect(guardUpdate(server, Y.encodeStateAsUpdate(other, sv2), '8')).toBe('missing');
    expect(guardUpdate(server, first, '7')).toBeNull();
  });
});
