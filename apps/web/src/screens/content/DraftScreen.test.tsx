import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { apply, createDraft, validateDraft, problemMessage, type Draft } from '@sabaq/engine';
import ExamSor from './ExamSor';
import Lessons from './Lessons';

/** An in-memory drafts API that folds commands with the real engine, like the server does. */
function fakeServer() {
  const drafts = new Map<string, Draft>();
  const initial = new Map<string, Draft>();
  const history = new Map<
    string,
    Array<{ seq: number; actor: number; at: string; command: unknown }>
  >();
  const calls: string[] = [];
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
    const d = drafts.get(id!);
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
  return { drafts, calls, handler };
}

describe('content screens over the drafts API', () => {
  let server: ReturnType<typeof fakeServer>;
  beforeEach(() => {
    server = fakeServer();
    vi.stubGlobal('fetch', vi.fn(server.handler));
    window.history.replaceState(null, '', '/kk/content/lessons');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('creates a SOR draft from the list and opens it in the SOR editor', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/kk/content/lessons']}>
        <Routes>
          <Route path="/:lang/content/lessons" element={<Lessons />} />
          <Route path="/:lang/content/exams/sor/:lessonId" element={<ExamSor />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Әзірге ештеңе жоқ. Жаңасын құрыңыз.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Құру' }));
    expect(screen.getByRole('alert').textContent).toBe('Атауын енгізіңіз.');
    await user.type(screen.getByLabelText('Атауы'), 'БЖБ: Алгебра 7');
    await user.selectOptions(screen.getByLabelText('Түрі'), 'sor');
    await user.click(screen.getByRole('button', { name: 'Құру' }));
    // The editor of the new draft opens and its edits reach the server as commands.
    await user.click(await screen.findByRole('button', { name: '+ Бет қосу' }));
    await waitFor(() => expect(server.drafts.get('d1')?.pages).toHaveLength(1), { timeout: 3000 });
    expect(server.drafts.get('d1')?.type).toBe('sor');
    expect(server.calls).toContain('POST /api/v2/os/drafts/d1/commands');
    await waitFor(() => expect(screen.getByText('Сақталды')).toBeTruthy());
  });

  it('opens a draft on its whole server history: earlier states can be viewed; undo leaves others’ edits alone', async () => {
    const user = userEvent.setup();
    // Seed through the API so history and initial are recorded like the real server does.
    const seeded = fakeServer();
    vi.stubGlobal('fetch', vi.fn(seeded.handler));
    await seeded.handler('/api/v2/os/drafts', {
      method: 'POST',
      body: JSON.stringify({ init: { type: 'sor', title: 'БЖБ', lang: 'kz' } }),
    });
    await seeded.handler('/api/v2/os/drafts/d1/commands', {
      method: 'POST',
      body: JSON.stringify({
        expectedVersion: 0,
        commands: [{ type: 'page/add', pageId: 'p1', title: 'Ескі бет' }],
      }),
    });
    render(
      <MemoryRouter initialEntries={['/kk/content/exams/sor/d1']}>
        <Routes>
          <Route path="/:lang/content/exams/sor/:lessonId" element={<ExamSor />} />
        </Routes>
      </MemoryRouter>,
    );
    await user.click(await screen.findByRole('tab', { name: 'Өзгерістер тарихы' }));
    // Each event shows its author by name and its time.
    expect(screen.getByRole('region', { name: 'Өзгерістер тарихы' }).textContent).toContain(
      'Ахметова Гүлнар',
    );
    await user.click(screen.getByRole('button', { name: 'Бастапқы күйді қарау' }));
    expect(screen.queryByLabelText('Бет атауы 1')).toBeNull();
    await user.click(screen.getAllByRole('button', { name: 'Ағымдағы күйге оралу' })[0]!);
    expect((screen.getByLabelText('Бет атауы 1') as HTMLInputElement).value).toBe('Ескі бет');
    // That edit was made by user 1; nobody is signed in here, so it is someone else's edit and
    // undo (per author) has nothing to take back.
    await user.click(screen.getByRole('button', { name: 'Болдырмау' }));
    expect(seeded.drafts.get('d1')?.pages).toHaveLength(1);
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
