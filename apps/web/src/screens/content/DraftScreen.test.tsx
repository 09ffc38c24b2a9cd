import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { apply, createDraft, validateDraft, problemMessage, type Draft } from '@sabaq/engine';
import { createDraftDoc, materialise } from '@sabaq/collab';
import { CollabSession } from '@sabaq/editor/collab';
import { MemoryServer } from '../../../../../packages/collab/src/test/memory-server';
import { getToken } from '../../app/services';
import { store } from '../../session/store';
import { sessionUser } from '../../test/factories';
import { CollabConnectContext } from './collabConnect';
import ExamSor from './ExamSor';
import Lessons from './Lessons';

/**
 * An in-memory drafts API that folds commands with the real engine, like the server does, and
 * the collab package's in-memory `/collab/{draftId}` (same protocol as the real endpoint): a
 * draft's doc is made from its row on first connection, and the row then follows the doc.
 */
function fakeServer() {
  const drafts = new Map<string, Draft>();
  const rooms = new Map<string, MemoryServer>();
  const room = (id: string) => {
    let r = rooms.get(id);
    if (!r) {
      r = new MemoryServer();
      createDraftDoc(drafts.get(id)!, r.doc);
      rooms.set(id, r);
    }
    return r;
  };
  const current = (id: string) => {
    const r = rooms.get(id);
    return r ? materialise(r.doc) : drafts.get(id);
  };
  const createSocket = (url: string) => {
    const id = decodeURIComponent(/\/collab\/([^/?]+)/.exec(url)![1]!);
    return room(id).createSocket();
  };
  const initial = new Map<string, Draft>();
  const history = new Map<
    string,
    Array<{ seq: number; actor: number; at: string; command: unknown }>
  >();
  const calls: string[] = [];
  // What GET /api/v2/os/builder/dictionaries answers (kz, as the server's migration 601 seeds).
  let dictionaries: Record<string, Array<{ id: string; title: string }>> | null = {
    skillLevels: [
      { id: 'knowledge', title: 'Білу және түсіну' },
      { id: 'application', title: 'Қолдану' },
      { id: 'higher-order', title: 'Жоғары деңгей дағдылары' },
    ],
    taskTypes: [
      { id: 'single-choice', title: 'Бір дұрыс жауапты тапсырма' },
      { id: 'matching', title: 'Сәйкестендіру' },
      { id: 'open-answer', title: 'Толық жауапты тапсырма' },
    ],
    themeTypes: [{ id: 'combined', title: 'Аралас сабақ' }],
    speechActivities: [
      { id: 'listening', title: 'Тыңдалым' },
      { id: 'speaking', title: 'Айтылым' },
      { id: 'reading', title: 'Оқылым' },
      { id: 'writing', title: 'Жазылым' },
    ],
  };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const summary = (d: Draft) => ({
    id: d.id,
    title: d.title,
    type: d.type,
    lang: d.lang,
    version: d.version,
    ownerId: 1,
    status: 'draft',
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    publishedAt: null,
  });
  const handler = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}`);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url.pathname === '/api/v2/os/auth/refresh' && method === 'POST')
      return json(200, { access_token: 'refreshed-token', refresh_token: 'r2', expires_in: 900 });
    if (url.pathname === '/api/v2/os/builder/dictionaries')
      return dictionaries ? json(200, { data: dictionaries }) : json(404, { message: 'not found' });
    const m = /^\/api\/v2\/os\/drafts(?:\/([^/]+))?(?:\/(\w+))?$/.exec(url.pathname);
    if (!m) return json(404, { message: 'not found' });
    const [, id, action] = m;
    if (!id && method === 'GET') return json(200, { data: [...drafts.values()].map(summary) });
    if (!id && method === 'POST') {
      const d = createDraft({ id: `d${drafts.size + 1}`, ...body.init });
      drafts.set(d.id, d);
      initial.set(d.id, d);
      history.set(d.id, []);
      return json(201, { data: { summary: summary(d), draft: d } });
    }
    const d = current(id!);
    if (!d) return json(404, { message: 'Табылмады' });
    if (!action) return json(200, { data: { summary: summary(d), draft: d } });
    if (action === 'history') return json(200, { data: history.get(d.id) });
    if (action === 'collaborators')
      return json(200, {
        data: {
          access: 'owner',
          collaborators: [
            { userId: 1, fullname: 'Ахметова Гүлнар', role: 'methodist', access: 'owner' },
          ],
          candidates: [],
        },
      });
    if (action === 'initial')
      return json(200, { data: { summary: summary(d), draft: initial.get(d.id) } });
    if (action === 'commands') {
      if (body.expectedVersion !== d.version)
        return json(409, { message: 'stale', currentVersion: d.version });
      let next = d;
      for (const c of body.commands) {
        const r = apply(next, c);
        if (!r.ok)
          return json(422, { message: 'rejected', errors: { commands: [r.rejection.message] } });
        next = r.draft;
        const log = history.get(d.id)!;
        log.push({
          seq: log.length + 1,
          actor: 1,
          at: '2026-11-21T10:00:00.000Z',
          command: r.command,
        });
      }
      drafts.set(d.id, next);
      return json(200, { data: { version: next.version, draft: next } });
    }
    if (action === 'publish') {
      const problems = validateDraft(d);
      if (problems.length > 0)
        return json(422, {
          message: 'not publishable',
          errors: Object.fromEntries(
            problems.map((p) => [p.path || 'draft', [problemMessage(p, 'kz')]]),
          ),
        });
      return json(200, { data: { summary: summary(d), statistics: {} } });
    }
    return json(404, { message: 'not found' });
  };
  const withoutDictionaries = () => {
    dictionaries = null;
  };
  return { drafts, rooms, room, calls, handler, createSocket, withoutDictionaries };
}

function withCollab(server: ReturnType<typeof fakeServer>, node: ReactNode) {
  return (
    <CollabConnectContext.Provider
      value={{
        serverUrl: () => 'ws://test',
        createSocket: server.createSocket,
        backoff: { minMs: 20, maxMs: 50, jitter: 0 },
      }}
    >
      {node}
    </CollabConnectContext.Provider>
  );
}

/** A SOR draft with one page and one task module, made through the API. */
async function seedSor(server: ReturnType<typeof fakeServer>) {
  await server.handler('/api/v2/os/drafts', {
    method: 'POST',
    body: JSON.stringify({ init: { type: 'sor', title: 'БЖБ', lang: 'kz' } }),
  });
  await server.handler('/api/v2/os/drafts/d1/commands', {
    method: 'POST',
    body: JSON.stringify({
      expectedVersion: 0,
      commands: [
        { type: 'page/add', pageId: 'p1', title: 'Бет 1' },
        {
          type: 'module/add',
          pageId: 'p1',
          moduleId: 'm1',
          moduleType: 'task',
          title: 'Тапсырма 1',
        },
      ],
    }),
  });
}

describe('content screens over the drafts API', () => {
  let server: ReturnType<typeof fakeServer>;
  beforeEach(() => {
    server = fakeServer();
    vi.stubGlobal('fetch', vi.fn(server.handler));
    window.history.replaceState(null, '', '/kk/content/lessons');
    store.set({ user: sessionUser('methodist'), session: 'ready' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    store.reset();
  });

  it('creates a SOR draft from the list and opens it in a live session in the user’s name', async () => {
    const user = userEvent.setup();
    render(
      withCollab(
        server,
        <MemoryRouter initialEntries={['/kk/content/lessons']}>
          <Routes>
            <Route path="/:lang/content/lessons" element={<Lessons />} />
            <Route path="/:lang/content/exams/sor/:lessonId" element={<ExamSor />} />
          </Routes>
        </MemoryRouter>,
      ),
    );
    expect(await screen.findByText('Әзірге ештеңе жоқ. Жаңасын құрыңыз.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Құру' }));
    expect(screen.getByRole('alert').textContent).toBe('Атауын енгізіңіз.');
    await user.type(screen.getByLabelText('Атауы'), 'БЖБ: Алгебра 7');
    await user.selectOptions(screen.getByLabelText('Түрі'), 'sor');
    await user.click(screen.getByRole('button', { name: 'Құру' }));
    // The editor of the new draft joins /collab/d1; its edits land in the shared doc as events
    // of the signed-in user, and the status says when the server holds them.
    await user.click(await screen.findByRole('button', { name: 'Бет қосу' }));
    const room = server.rooms.get('d1')!;
    await waitFor(() => expect(materialise(room.doc).pages).toHaveLength(1));
    expect(room.doc.getArray<{ actor: string }>('log').get(0).actor).toBe('41');
    await screen.findByText('Желіде · барлығы сақталды');
    expect(server.calls).not.toContain('POST /api/v2/os/drafts/d1/commands');
  });

  it('fills an empty draft’s dictionaries from the server as an edit, so the pickers offer real entries', async () => {
    const user = userEvent.setup();
    await seedSor(server);
    expect(server.drafts.get('d1')!.dictionaries.taskTypes).toEqual([]);
    render(
      withCollab(
        server,
        <MemoryRouter initialEntries={['/kk/content/exams/sor/d1']}>
          <Routes>
            <Route path="/:lang/content/exams/sor/:lessonId" element={<ExamSor />} />
          </Routes>
        </MemoryRouter>,
      ),
    );
    const room = server.room('d1');
    await waitFor(() => expect(materialise(room.doc).dictionaries.skillLevels).toHaveLength(3));
    expect(materialise(room.doc).dictionaries.speechActivities.map((e) => e.title)).toEqual([
      'Тыңдалым',
      'Айтылым',
      'Оқылым',
      'Жазылым',
    ]);
    // An ordinary edit of the signed-in user: in the shared log as draft/setDictionary events.
    const events = room.doc.getArray<{ actor: string; command: { type: string } }>('log').toArray();
    expect(events.map((e) => e.command.type)).toEqual(Array(4).fill('draft/setDictionary'));
    expect(events.every((e) => e.actor === '41')).toBe(true);
    await user.click(await screen.findByRole('button', { name: /1 Тапсырма 1/ }));
    const picker = (await screen.findByLabelText('Тапсырма түрі')) as HTMLSelectElement;
    await waitFor(() =>
      expect([...picker.options].map((o) => o.textContent)).toContain('Сәйкестендіру'),
    );
    await user.selectOptions(picker, 'matching');
    await waitFor(() =>
      expect(materialise(room.doc).pages[0]!.modules[0]!.additionalCriterions.taskTypeId).toBe(
        'matching',
      ),
    );
    await screen.findByText('Желіде · барлығы сақталды');
  });

  it('a live socket ended for an expired token (4401) refreshes the session once and goes on', async () => {
    await seedSor(server);
    render(
      withCollab(
        server,
        <MemoryRouter initialEntries={['/kk/content/exams/sor/d1']}>
          <Routes>
            <Route path="/:lang/content/exams/sor/:lessonId" element={<ExamSor />} />
          </Routes>
        </MemoryRouter>,
      ),
    );
    await screen.findByText('Желіде · барлығы сақталды');
    const connects = server.room('d1').connects;
    act(() => server.room('d1').cut(4401));
    await waitFor(() => expect(server.calls).toContain('POST /api/v2/os/auth/refresh'));
    await waitFor(() => expect(server.room('d1').connects).toBe(connects + 1));
    // Back online (the in-memory server says `saved` only after an update, unlike the real one).
    await waitFor(() =>
      expect(
        document.querySelector('.sbq-collab-bar [data-state]')?.getAttribute('data-state'),
      ).toBe('online'),
    );
    expect(getToken()).toBe('refreshed-token');
  });

  it('leaves the draft as it is when the dictionaries route is unavailable', async () => {
    server.withoutDictionaries();
    await seedSor(server);
    render(
      withCollab(
        server,
        <MemoryRouter initialEntries={['/kk/content/exams/sor/d1']}>
          <Routes>
            <Route path="/:lang/content/exams/sor/:lessonId" element={<ExamSor />} />
          </Routes>
        </MemoryRouter>,
      ),
    );
    await screen.findByText('Желіде · барлығы сақталды');
    await waitFor(() => expect(server.calls).toContain('GET /api/v2/os/builder/dictionaries'));
    expect(server.room('d1').doc.getArray('log').length).toBe(0);
    expect(materialise(server.room('d1').doc).dictionaries.taskTypes).toEqual([]);
  });

  it('co-edits with a colleague: presence, each other’s edits, per-author undo, offline edits merge', async () => {
    const user = userEvent.setup();
    await seedSor(server);
    render(
      withCollab(
        server,
        <MemoryRouter initialEntries={['/kk/content/exams/sor/d1']}>
          <Routes>
            <Route path="/:lang/content/exams/sor/:lessonId" element={<ExamSor />} />
          </Routes>
        </MemoryRouter>,
      ),
    );
    const colleague = new CollabSession({
      serverUrl: 'ws://test',
      draftId: 'd1',
      user: { id: '42', name: 'Сейітова Айгүл' },
      token: () => 't',
      createSocket: server.createSocket,
    });
    try {
      await screen.findByText('Желіде · барлығы сақталды');
      await waitFor(() => expect(colleague.getSnapshot().log).not.toBeNull());
      // Who is in the draft and which module each edits.
      act(() => colleague.focusModule('m1'));
      const people = await screen.findByRole('list', { name: 'Жобада' });
      await waitFor(() => expect(people.textContent).toContain('Сейітова Айгүл — 1. Тапсырма 1'));
      expect(people.textContent).toContain('Ахметова Гүлнар (сіз)');

      // The colleague renames the module; the screen shows it.
      act(() => {
        colleague
          .getSnapshot()
          .log!.append([{ type: 'module/setTitle', moduleId: 'm1', title: 'Абай' }]);
      });
      await waitFor(() =>
        expect(document.querySelector('.sbq-module-open')?.textContent).toContain('Абай'),
      );
      // This person adds a page; the colleague gets it.
      await user.click(screen.getByRole('button', { name: 'Бет қосу' }));
      await waitFor(() => expect(colleague.getSnapshot().log!.draft().pages).toHaveLength(2));
      // Undo takes back only this person's edit, never the colleague's.
      await user.click(screen.getByRole('button', { name: 'Болдырмау' }));
      await waitFor(() => expect(colleague.getSnapshot().log!.draft().pages).toHaveLength(1));
      expect(colleague.getSnapshot().log!.draft().pages[0]!.modules[0]!.title).toBe('Абай');

      // The connection drops: the status says so, edits stay on the device and merge later.
      const room = server.rooms.get('d1')!;
      room.down = true;
      act(() => room.cut());
      await screen.findByText(/Байланыс жоқ/);
      await user.click(screen.getByRole('button', { name: 'Бет қосу' }));
      expect(materialise(room.doc).pages).toHaveLength(1);
      room.down = false;
      await waitFor(() => expect(colleague.getSnapshot().log!.draft().pages).toHaveLength(2), {
        timeout: 3000,
      });
      await screen.findByText('Желіде · барлығы сақталды');
      expect(materialise(room.doc).pages).toHaveLength(2);
    } finally {
      colleague.destroy();
    }
  });

  it('a colleague with view access follows the draft read-only', async () => {
    await seedSor(server);
    server.room('d1').access = 'view';
    render(
      withCollab(
        server,
        <MemoryRouter initialEntries={['/kk/content/exams/sor/d1']}>
          <Routes>
            <Route path="/:lang/content/exams/sor/:lessonId" element={<ExamSor />} />
          </Routes>
        </MemoryRouter>,
      ),
    );
    await screen.findByText('Тек оқу');
    expect((screen.getByRole('button', { name: 'Болдырмау' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByLabelText('Атауы') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Бет қосу' })).toBeNull();
    // The owner's edits still arrive. (The in-memory server has one access for all sockets and
    // checks it on receipt: the owner's socket switches it to edit; the viewer sends nothing.)
    const owner = new CollabSession({
      serverUrl: 'ws://test',
      draftId: 'd1',
      user: { id: '7', name: 'Иесі' },
      token: () => 't',
      createSocket: () => {
        server.room('d1').access = 'edit';
        return server.room('d1').createSocket();
      },
    });
    try {
      await waitFor(() => expect(owner.getSnapshot().log).not.toBeNull());
      act(() => {
        owner.getSnapshot().log!.append([{ type: 'draft/setMeta', patch: { title: 'БЖБ: жаңа' } }]);
      });
      await waitFor(() =>
        expect((screen.getByLabelText('Атауы') as HTMLInputElement).value).toBe('БЖБ: жаңа'),
      );
    } finally {
      owner.destroy();
    }
  });

  it('says so when the draft does not exist', async () => {
    render(
      <MemoryRouter initialEntries={['/kk/content/exams/sor/missing']}>
        <Routes>
          <Route path="/:lang/content/exams/sor/:lessonId" element={<ExamSor />} />
        </Routes>
      </MemoryRouter>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Материал табылмады немесе оған қолжетімділік жоқ.',
    );
  });
});
