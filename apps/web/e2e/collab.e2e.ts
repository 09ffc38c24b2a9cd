// @vitest-environment node
/**
 * Live co-editing in real browsers: two Chromium contexts (a methodist, owner of a SOR draft,
 * and an invited teacher) run the editor's collab layer — CollabSession over the browser's
 * WebSocket and a TipTap editor bound to a module's Y.XmlFragment with named carets — against
 * the real server. Each sees the other's edit within 1 s; the server is restarted mid-session
 * (edits typed meanwhile stay local) and nothing is lost. The page is a small harness bundled
 * with esbuild from @sabaq/editor/collab, not the app's editor screen.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, HAS_CHROMIUM, WEB_ROOT, launch, withPage } from './harness';

const PAGE_SOURCE = `
import { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { CollabSession, collabRichExtensions } from '@sabaq/editor/collab';

const q = new URLSearchParams(location.search);
const session = new CollabSession({
  serverUrl: q.get('ws'),
  draftId: q.get('draft'),
  user: { id: q.get('uid'), name: q.get('name') },
  token: () => q.get('token'),
  backoff: { minMs: 100, maxMs: 1000, jitter: 0.2 },
});
const status = document.getElementById('status');
const title = document.getElementById('title');
let editor = null;
const render = () => {
  const s = session.getSnapshot();
  status.textContent = s.status.state + (s.status.saved ? ' saved' : ' unsaved');
  if (s.log) title.textContent = s.log.draft().pages[0].modules[0].title;
  if (s.log && !editor) {
    editor = new Editor({
      element: document.getElementById('editor'),
      extensions: [
        StarterKit.configure({ undoRedo: false }),
        ...collabRichExtensions({ fragment: session.fragment('m1', 'content'), awareness: session.awareness, key: 'm1/content' }),
      ],
    });
    session.focusModule('m1');
  }
  document.getElementById('people').textContent = s.presence.map((p) => p.user.name).join(', ');
};
session.subscribe(render);
render();
window.setTitle = (t) => session.getSnapshot().log.append([{ type: 'module/setTitle', moduleId: 'm1', title: t }]).ok;
window.editorText = () => (editor ? editor.getText() : null);
`;

const HTML = (
  script: string,
) => `<!doctype html><html lang="kk"><head><meta charset="utf-8"><title>collab</title></head>
<body><p id="status">…</p><h1 id="title"></h1><p id="people"></p><div id="editor"></div>
<script type="module">${script.replace(/<\/script/g, '<\\/script')}</script></body></html>`;

type Running = { url: string; port: number; close(): Promise<void> };

describe.skipIf(!HAS_CHROMIUM)('co-editing in two browsers', () => {
  let browser: Browser;
  let pages: HttpServer;
  let pageUrl = '';
  let server: Running;
  const dataDir = mkdtempSync(join(tmpdir(), 'sabaq-collab-e2e-'));
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  let startServer: typeof import('@sabaq/server').startServer;

  const start = (port = 0) =>
    startServer({ port, dataDir, webDist: '/nonexistent', authRateLimitPerMinute: 100_000 });

  beforeAll(async () => {
    ({ startServer } = await import('@sabaq/server'));
    const { build } = await import('esbuild');
    const out = await build({
      stdin: {
        contents: PAGE_SOURCE,
        resolveDir: join(WEB_ROOT, '..', '..', 'packages', 'editor'),
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      write: false,
      platform: 'browser',
      logLevel: 'silent',
    });
    const html = HTML(out.outputFiles[0]!.text);
    pages = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    });
    await new Promise<void>((r) => pages.listen(0, '127.0.0.1', r));
    pageUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/`;
    server = await start();
    browser = await launch();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    pages?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function api<T>(
    path: string,
    init: { method?: string; token?: string; body?: unknown } = {},
  ) {
    const res = await fetch(server.url + path, {
      method: init.method ?? 'GET',
      headers: {
        'content-type': 'application/json',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });
    const body = (await res.json()) as T;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  }

  const signIn = (login: string) =>
    api<{ access_token: string; user: { userId: number } }>('/api/v2/os/auth/login', {
      method: 'POST',
      body: { login, password: DEMO_PASSWORD },
    });

  /** Polls the page until `fn` returns true; returns how long it took (ms). */
  async function waitIn(page: Page, fn: string, ms = 5000): Promise<number> {
    const t0 = Date.now();
    await page.waitForFunction(fn, undefined, { timeout: ms, polling: 20 });
    return Date.now() - t0;
  }

  it('two people see each other’s edits within 1 s, across a server restart, losing nothing', async () => {
    const owner = await signIn('methodist');
    const teacher = await signIn('teacher');
    const created = await api<{ data: { draft: { id: string; version: number } } }>(
      '/api/v2/os/drafts',
      {
        method: 'POST',
        token: owner.access_token,
        body: { init: { type: 'sor', title: 'БЖБ: Абай', lang: 'kz' } },
      },
    );
    const draftId = created.data.draft.id;
    await api(`/api/v2/os/drafts/${draftId}/commands`, {
      method: 'POST',
      token: owner.access_token,
      body: {
        expectedVersion: created.data.draft.version,
        commands: [
          { type: 'page/add', pageId: 'p1', title: 'Бет 1' },
          {
            type: 'module/add',
            pageId: 'p1',
            moduleId: 'm1',
            moduleType: 'task',
            title: 'Тапсырма 1',
          },
          {
            type: 'module/setContent',
            moduleId: 'm1',
            content: {
              type: 'doc',
              content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Абай жолы' }] }],
            },
          },
        ],
      },
    });
    await api(`/api/v2/os/drafts/${draftId}/collaborators`, {
      method: 'POST',
      token: owner.access_token,
      body: { userId: teacher.user.userId, access: 'edit' },
    });
    const url = (t: { access_token: string; user: { userId: number } }, name: string) =>
      `${pageUrl}?${new URLSearchParams({
        ws: server.url.replace(/^http/, 'ws'),
        draft: draftId,
        uid: String(t.user.userId),
        name,
        token: t.access_token,
      })}`;

    await withPage(browser, 'collab-owner', async (a) => {
      await withPage(browser, 'collab-teacher', async (b) => {
        await a.goto(url(owner, 'Әдіскер'));
        await b.goto(url(teacher, 'Мұғалім'));
        await waitIn(a, `document.getElementById('status').textContent.startsWith('online')`);
        await waitIn(b, `document.getElementById('status').textContent.startsWith('online')`);
        expect(await a.evaluate('editorText()')).toBe('Абай жолы');
        await waitIn(a, `document.getElementById('people').textContent.includes('Мұғалім')`);

        // A types at the end of the text; B sees it within 1 s.
        await a.click('#editor .ProseMirror');
        await a.keyboard.press('End');
        await a.keyboard.type(' — Құнанбайұлы');
        const toB = await waitIn(b, `editorText() === 'Абай жолы — Құнанбайұлы'`);
        expect(toB).toBeLessThan(1000);
        // B renames the module (an engine command through the log); A sees it within 1 s.
        expect(await b.evaluate(`setTitle('Абайдың өмірі')`)).toBe(true);
        const toA = await waitIn(
          a,
          `document.getElementById('title').textContent === 'Абайдың өмірі'`,
        );
        expect(toA).toBeLessThan(1000);
        await waitIn(a, `document.getElementById('status').textContent === 'online saved'`);

        // Restart the server mid-session; B types while it is down.
        const port = server.port;
        await server.close();
        await waitIn(b, `document.getElementById('status').textContent.startsWith('offline')`);
        await b.click('#editor .ProseMirror');
        await b.keyboard.press('End');
        await b.keyboard.type('!');
        server = await start(port);
        await waitIn(b, `document.getElementById('status').textContent === 'online saved'`, 15_000);
        await waitIn(a, `editorText() === 'Абай жолы — Құнанбайұлы!'`, 15_000);

        // A fresh page after everything: the text and the title are all there.
        await withPage(browser, 'collab-fresh', async (c) => {
          await c.goto(url(owner, 'Әдіскер'));
          await waitIn(c, `editorText() === 'Абай жолы — Құнанбайұлы!'`);
          expect(await c.textContent('#title')).toBe('Абайдың өмірі');
        });
      });
    });
  }, 120_000);
});
