/**
 * The editor's collab layer over the collab package's in-memory server: the Yjs DraftLog keeps
 * the DraftLog contract and per-author undo, sessions share presence, TipTap typing lands in the
 * draft on every peer, and the status shows the connection state in kz/ru.
 */
import * as Y from 'yjs';
import { Awareness } from 'y-protocols/awareness';
import { render, screen } from '@testing-library/react';
import { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { describe, expect, it } from 'vitest';
import { CollabDraft, createDraftDoc, type ProviderStatus } from '@sabaq/collab';
import { richTextToPlain } from '@sabaq/engine';
import { MemoryServer } from '../../../collab/src/test/memory-server';
import { sorBase } from '../../../collab/src/test/peers';
import { undoLast, redoLast } from '../log/DraftLog';
import { CollabStatus, PresenceBar } from './CollabStatus';
import { collabRichExtensions } from './extensions';
import { createYjsDraftLog } from './log';
import { colorFor, editorsOf } from './presence';
import { CollabSession } from './session';

function syncDocs(a: Y.Doc, b: Y.Doc) {
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
}

function twoPeers() {
  const a = createDraftDoc(sorBase());
  const b = new Y.Doc();
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
  return {
    a: createYjsDraftLog(new CollabDraft(a, { actor: '1' })),
    b: createYjsDraftLog(new CollabDraft(b, { actor: '2' })),
    sync: () => syncDocs(a, b),
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('Yjs DraftLog', () => {
  it('appends all-or-nothing and reports the first rejection', () => {
    const { a } = twoPeers();
    const n = a.events().length;
    const r = a.append([
      { type: 'page/rename', pageId: 'p1', title: 'Кіріспе' },
      { type: 'page/rename', pageId: 'ghost', title: 'x' },
    ]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.index).toBe(1);
    expect(a.events()).toHaveLength(n);
    expect(a.append([{ type: 'page/rename', pageId: 'p1', title: 'Кіріспе' }]).ok).toBe(true);
    expect(a.draft().pages[0]!.title).toBe('Кіріспе');
    expect(a.base().pages[0]!.title).toBe('Бет 1');
  });

  it('undo and redo stay per author with the editor’s own helpers', () => {
    const { a, b, sync } = twoPeers();
    a.append([{ type: 'module/setTitle', moduleId: 'm1', title: 'A' }]);
    sync();
    b.append([{ type: 'module/setTitle', moduleId: 'm2', title: 'B' }]);
    sync();
    expect(undoLast(a)).toBe(true);
    sync();
    const titles = () => b.draft().pages[0]!.modules.map((m) => m.title);
    expect(titles()).toEqual(['Тапсырма 1', 'B', 'Мәтін']);
    expect(redoLast(a)).toBe(true);
    sync();
    expect(titles()).toEqual(['A', 'B', 'Мәтін']);
    expect(a.draft()).toEqual(b.draft());
  });

  it('notifies subscribers of remote events', () => {
    const { a, b, sync } = twoPeers();
    let calls = 0;
    const off = b.subscribe(() => calls++);
    a.append([{ type: 'page/rename', pageId: 'p1', title: 'Жаңа' }]);
    sync();
    expect(calls).toBeGreaterThan(0);
    off();
  });
});

describe('live rich text through TipTap', () => {
  it('typing in one editor reaches the other peer’s draft, in y-prosemirror’s format', () => {
    const da = createDraftDoc(sorBase());
    const db = new Y.Doc();
    Y.applyUpdate(db, Y.encodeStateAsUpdate(da));
    const ca = new CollabDraft(da, { actor: '1' });
    const cb = new CollabDraft(db, { actor: '2' });
    const editor = new Editor({
      extensions: [
        StarterKit.configure({ undoRedo: false }),
        ...collabRichExtensions({
          fragment: ca.fragment('m3', 'content'),
          awareness: new Awareness(da),
          key: 'm3/content',
        }),
      ],
    });
    // The seeded text shows in the editor as TipTap reads the fragment.
    expect(editor.getText()).toBe('Абай жолы');
    editor.commands.setTextSelection(editor.state.doc.content.size - 1);
    editor.commands.insertContent(' — Құнанбайұлы');
    Y.applyUpdate(db, Y.encodeStateAsUpdate(da, Y.encodeStateVector(db)));
    const m3 = cb.draft.pages[0]!.modules.find((m) => m.id === 'm3')!;
    expect(richTextToPlain(m3.content)).toBe('Абай жолы — Құнанбайұлы');
    editor.destroy();
  });
});

function session(server: MemoryServer, id: string, name: string) {
  return new CollabSession({
    serverUrl: 'ws://test',
    draftId: 'd1',
    user: { id, name },
    token: () => 't',
    createSocket: server.createSocket,
  });
}

describe('CollabSession', () => {
  it('gives the editor a log after the first sync and shares who edits which module', async () => {
    const server = new MemoryServer();
    createDraftDoc(sorBase(), server.doc);
    const a = session(server, '1', 'Айгүл Серікова');
    const b = session(server, '2', 'Марат Ахметов');
    expect(a.getSnapshot().log).toBeNull();
    await Promise.all([a.provider.whenOnline(), b.provider.whenOnline()]);
    expect(a.getSnapshot().log?.draft().title).toBe('БЖБ 1');
    b.focusModule('m2');
    await tick();
    const peers = a.getSnapshot().presence;
    expect(peers.map((p) => [p.user.name, p.self])).toEqual([
      ['Айгүл Серікова', true],
      ['Марат Ахметов', false],
    ]);
    expect(editorsOf(peers, 'm2').map((p) => p.user.color)).toEqual([colorFor('2')]);
    a.getSnapshot().log!.append([{ type: 'module/setTitle', moduleId: 'm2', title: 'Бірге' }]);
    await tick();
    expect(b.getSnapshot().log!.draft().pages[0]!.modules[1]!.title).toBe('Бірге');
    a.destroy();
    await tick();
    expect(b.getSnapshot().presence.map((p) => p.user.id)).toEqual(['2']);
    b.destroy();
  });
});

describe('status and presence components', () => {
  const base: ProviderStatus = {
    state: 'online',
    access: 'edit',
    saved: true,
    closeCode: null,
    attempt: 0,
    retryAt: null,
    split: false,
  };

  it('says the connection state in kz and ru', () => {
    const { rerender } = render(<CollabStatus status={base} lang="kz" />);
    expect(screen.getByRole('status').textContent).toContain('барлығы сақталды');
    rerender(<CollabStatus status={{ ...base, saved: false }} lang="ru" />);
    expect(screen.getByRole('status').textContent).toContain('сохраняется');
    rerender(
      <CollabStatus
        status={{ ...base, state: 'offline', retryAt: Date.now() + 4000 }}
        lang="ru"
        onReconnect={() => undefined}
      />,
    );
    expect(screen.getByRole('status').textContent).toMatch(
      /Нет связи.*переподключение через \d+ с/,
    );
    expect(screen.getByRole('button', { name: 'Подключиться сейчас' })).toBeTruthy();
    rerender(<CollabStatus status={{ ...base, state: 'closed', closeCode: 4404 }} lang="kz" />);
    expect(screen.getByRole('status').textContent).toContain('Жоба табылмады');
    rerender(<CollabStatus status={{ ...base, access: 'view' }} lang="kz" />);
    expect(screen.getByRole('status').textContent).toContain('Тек оқу');
  });

  it('says when co-authors on other servers cannot see the edits for now', () => {
    const { rerender } = render(<CollabStatus status={{ ...base, split: true }} lang="kz" />);
    expect(screen.getByRole('status').textContent).toContain('басқа серверлердегі');
    rerender(<CollabStatus status={{ ...base, split: true, saved: false }} lang="ru" />);
    expect(screen.getByRole('status').textContent).toContain('на других серверах');
    rerender(<CollabStatus status={{ ...base, split: false }} lang="ru" />);
    expect(screen.getByRole('status').textContent).not.toContain('на других серверах');
  });

  it('a connection stopped for good with edits the server never stored says they are not saved', () => {
    const { rerender } = render(
      <CollabStatus
        status={{ ...base, state: 'closed', closeCode: 4403, saved: false }}
        lang="ru"
      />,
    );
    expect(screen.getByRole('alert').textContent).toMatch(/не сохранены/);
    rerender(
      <CollabStatus
        status={{ ...base, state: 'closed', closeCode: 4401, saved: false }}
        lang="kz"
      />,
    );
    expect(screen.getByRole('alert').textContent).toMatch(/сақталмады/);
    rerender(<CollabStatus status={{ ...base, state: 'closed', closeCode: 4404 }} lang="kz" />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists people with the module they edit', () => {
    render(
      <PresenceBar
        lang="ru"
        peers={[
          {
            clientId: 1,
            self: true,
            moduleId: null,
            user: { id: '1', name: 'Айгүл Серікова', color: '#1f6feb' },
          },
          {
            clientId: 2,
            self: false,
            moduleId: 'm2',
            user: { id: '2', name: 'Марат Ахметов', color: '#b4321e' },
          },
        ]}
        moduleLabel={(id) => (id === 'm2' ? 'Задание 2' : null)}
      />,
    );
    const list = screen.getByRole('list', { name: 'В черновике' });
    expect(list.textContent).toContain('Айгүл Серікова (вы)');
    expect(list.textContent).toContain('Марат Ахметов — Задание 2');
  });
});
