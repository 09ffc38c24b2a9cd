import * as Y from 'yjs';
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
