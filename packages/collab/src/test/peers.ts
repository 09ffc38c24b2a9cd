/** Test harness: simulated peers (Y.Docs) of one draft, synced by hand in any order. */
import * as Y from 'yjs';
import { apply as engineApply, createDraft, type CommandInput, type Draft } from '@sabaq/engine';
import { createDraftDoc } from '../doc.js';
import { CollabDraft } from '../session.js';

export const AT = '2026-11-21T12:00:00.000Z';

/** A SOR draft with one page, a choice task (options o1, o2), a select task and a purpose. */
export function sorBase(): Draft {
  let d = createDraft({ id: 'd1', type: 'sor', title: 'БЖБ 1', lang: 'kz' });
  const cmds: CommandInput[] = [
    { type: 'page/add', pageId: 'p1', title: 'Бет 1' },
    { type: 'page/add', pageId: 'p2', title: 'Бет 2' },
    { type: 'module/add', pageId: 'p1', moduleId: 'm1', moduleType: 'task', title: 'Тапсырма 1' },
    {
      type: 'module/setOptions',
      moduleId: 'm1',
      options: { kind: 'choice', multiple: true, items: [] },
    },
    { type: 'choice/addOption', moduleId: 'm1', optionId: 'o1', content: 'Астана' },
    { type: 'choice/addOption', moduleId: 'm1', optionId: 'o2', content: 'Алматы' },
    { type: 'module/add', pageId: 'p1', moduleId: 'm2', moduleType: 'task', title: 'Тапсырма 2' },
    { type: 'module/add', pageId: 'p1', moduleId: 'm3', moduleType: 'simple', title: 'Мәтін' },
    {
      type: 'module/setContent',
      moduleId: 'm3',
      content: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Абай жолы' }] }],
      },
    },
    { type: 'purpose/add', purposeId: 'u1', title: '7.1.2.1 мәтінді түсіну' },
  ];
  for (const c of cmds) {
    const r = engineApply(d, c);
    if (!r.ok) throw new Error(`${c.type}: ${r.rejection.message}`);
    d = r.draft;
  }
  return d;
}

export interface Peer {
  doc: Y.Doc;
  s: CollabDraft;
}

/** A "server" doc made from `base` and `n` peers that joined it (each fully synced once). */
export function peers(
  base: Draft,
  n: number,
  checkpointEvery?: number,
): { server: Y.Doc; list: Peer[] } {
  const server = new Y.Doc();
  server.clientID = 1;
  createDraftDoc(base, server);
  const list: Peer[] = [];
  for (let i = 0; i < n; i++) {
    const doc = new Y.Doc();
    // Fixed client ids keep runs reproducible (Yjs orders concurrent inserts by client id).
    doc.clientID = 100 + i;
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(server));
    let k = 0;
    list.push({
      doc,
      s: new CollabDraft(doc, {
        actor: `u${i}`,
        newId: () => `p${i}e${++k}`,
        now: () => AT,
        ...(checkpointEvery ? { checkpointEvery } : {}),
      }),
    });
  }
  return { server, list };
}

/** Sends what `to` is missing from `from` (one direction). */
export function push(from: Y.Doc, to: Y.Doc): void {
  Y.applyUpdate(to, Y.encodeStateAsUpdate(from, Y.encodeStateVector(to)));
}

/** Every doc gets everything. */
export function syncAll(docs: Y.Doc[]): void {
  for (const a of docs) for (const b of docs) if (a !== b) push(a, b);
}
