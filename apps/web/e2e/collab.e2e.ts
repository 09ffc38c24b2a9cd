// @vitest-environment node
/**
 * Live co-editing in the real app: two methodists of one school — the owner of a SOR draft and
 * a colleague she invites through the editor's "Collaborators" dialog — open the SOR editor
 * screen (/kk/content/exams/sor/{id}) in two Chromium contexts against the real server (built
 * app, real /collab endpoint). Each sees the other's edit within 1 s (rich text typed into the
 * module's content, and a module renamed through an engine command); presence names the
 * colleague and her module. The server is then stopped mid-session: the status says so, the
 * colleague keeps typing, the server comes back on the same port and data, and nothing is lost —
 * on the other page, on a fresh page, and in the stored draft.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST, HAS_CHROMIUM, audit, ensureBuilt, launch, login, withPage } from './harness';

type Running = {
  url: string;
  port: number;
  db: { query<T>(sql: string, params?: unknown[]): Promise<T[]> };
  close(): Promise<void>;
};

const CONTENT = '[data-path="pages.0.modules.0.content"]';

const STATUS = '.collab-status';

describe.skipIf(!HAS_CHROMIUM)('co-editing a SOR draft in the app, two browsers', () => {
  let browser: Browser;
  let server: Running;
  const dataDir = mkdtempSync(join(tmpdir(), 'sabaq-collab-e2e-'));
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  let startServer: typeof import('@sabaq/server').startServer;

  const start = async (port = 0) =>
    (await startServer({
      port,
      dataDir,
      webDist: DIST,
      accessTokenTtlSeconds: 600,
      authRateLimitPerMinute: 100_000,
    })) as unknown as Running;

  beforeAll(async () => {
    ensureBuilt();
    ({ startServer } = await import('@sabaq/server'));
    server = await start();
    // A second methodist of the demo school (the demo has one): same password as the demo one.
    await server.db.query(
      `INSERT INTO users (login, email, password_hash, role, position, firstname, surname, lastname,
                          gender, school_id, region_id, department_id, chat_token)
       SELECT 'methodist-2', 'methodist-2@demo.sabaq.kz', password_hash, role, position, 'Айгүл',
              'Сейітова', NULL, 'f', school_id, region_id, department_id, md5(random()::text)
         FROM users WHERE login = 'methodist'
       ON CONFLICT (login) DO NOTHING`,
    );
    browser = await launch();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function api<T>(path: string, token: string, body?: unknown): Promise<T> {
    const res = await fetch(server.url + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as T;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  }

  /**
   * Polls the page until `fn(arg)` is true; returns how long it took (ms). A function, not a
   * string: the app's Content-Security-Policy (script-src 'self') forbids evaluating strings.
   */
  async function waitIn<A>(
    page: Page,
    fn: (arg: A) => boolean,
    arg: A,
    ms = 20_000,
  ): Promise<void> {
    // Playwright types the argument as its serialised form; ours are plain strings and tuples.
    await page.waitForFunction(fn as (arg: unknown) => boolean, arg as unknown, {
      timeout: ms,
      polling: 20,
    });
  }
  /** The element's text, without co-authors' caret labels (they sit inside the rich text), is
   * `want` (or, with `part`, contains it). */
  const textIs = (page: Page, selector: string, want: string, ms = 20_000, part = false) =>
    waitIn(
      page,
      ([sel, expected, partial]) => {
        const el = document.querySelector(sel);
        if (!el) return false;
        const copy = el.cloneNode(true) as Element;
        copy.querySelectorAll('.collab-caret').forEach((x) => x.remove());
        const text = copy.textContent ?? '';
        return partial ? text.includes(expected) : text === expected;
      },
      [selector, want, part] as const,
      ms,
    );
  const online = (page: Page, ms = 20_000) => textIs(page, STATUS, 'барлығы сақталды', ms, true);

  it('the owner invites a colleague; each sees the other’s edit; a server restart loses nothing', async () => {
    const loginRes = await fetch(`${server.url}/api/v2/os/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'methodist', password: 'Sabaq-Demo-2026' }),
    });
    const owner = (await loginRes.json()) as { access_token: string };
    const created = await api<{ data: { draft: { id: string; version: number } } }>(
      '/api/v2/os/drafts',
      owner.access_token,
      { init: { type: 'sor', title: 'БЖБ: Абай', lang: 'kz' } },
    );
    const id = created.data.draft.id;
    await api(`/api/v2/os/drafts/${id}/commands`, owner.access_token, {
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
    });
    const examUrl = () => `${server.url}/kk/content/exams/sor/${id}`;

    await withPage(browser, 'collab-owner', async (a) => {
      await login(a, server.url, 'methodist');
      await a.goto(examUrl());
      await online(a, 15_000);

      // The owner invites her colleague from the editor, with edit rights.
      await a.getByRole('button', { name: 'Бірлескен авторлар' }).click();
      const dialog = a.getByRole('dialog', { name: 'Бірлескен авторлар' });
      await dialog.getByLabel('Әріптес').selectOption({ label: 'Сейітова Айгүл (әдіскер)' });
      await dialog.getByLabel('Құқығы').selectOption('edit');
      expect(await audit(a, { within: '[role="dialog"]' })).toEqual([]);
      await dialog.getByRole('button', { name: 'Шақыру' }).click();
      await dialog.getByText('Сейітова Айгүл (әдіскер) — өңдей алады').waitFor();
      expect(await audit(a, { within: '[role="dialog"]' })).toEqual([]);
      await a.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await withPage(browser, 'collab-colleague', async (b) => {
        await login(b, server.url, 'methodist-2');
        await b.goto(examUrl());
        await online(b, 15_000);
        await a.locator('.sbq-module-open', { hasText: 'Тапсырма 1' }).click();
        await b.locator('.sbq-module-open', { hasText: 'Тапсырма 1' }).click();
        await textIs(a, CONTENT, 'Абай жолы');
        await textIs(b, CONTENT, 'Абай жолы');
        // Presence: the owner sees her colleague and the module she is in.
        await waitIn(
          a,
          (title) =>
            [...document.querySelectorAll<HTMLElement>('.collab-presence li')].some(
              (li) => li.title === title,
            ),
          'Сейітова Айгүл — 1. Тапсырма 1',
        );
        expect(await audit(a, { within: '.sbq-collab-bar' })).toEqual([]);

        // The owner types at the end of the content; the colleague sees it. (How fast is the
        // collab benchmark's to measure, `npm run bench -w @sabaq/collab`, not a test's.)
        await a.click(CONTENT);
        await a.keyboard.press('End');
        await a.keyboard.type(' — Құнанбайұлы');
        await textIs(b, CONTENT, 'Абай жолы — Құнанбайұлы');
        // The colleague renames the module (an engine command); the owner sees it.
        const title = b.getByLabel('Модуль атауы', { exact: true });
        await title.fill('Абайдың өмірі');
        await title.press('Enter');
        await waitIn(
          a,
          (name) =>
            [...document.querySelectorAll('.sbq-module-open')].some((el) =>
              (el.textContent ?? '').includes(name),
            ),
          'Абайдың өмірі',
        );
        await online(a);
        await online(b);

        // The server goes down mid-session; the colleague keeps typing while it is away.
        const port = server.port;
        await server.close();
        await textIs(b, STATUS, 'Байланыс жоқ', 20_000, true);
        await b.click(CONTENT);
        await b.keyboard.press('End');
        await b.keyboard.type('!');
        server = await start(port);
        // Both pages reconnect by themselves (backoff up to 10 s between attempts).
        await online(b, 40_000);
        await online(a, 40_000);
        await textIs(a, CONTENT, 'Абай жолы — Құнанбайұлы!');

        // A fresh page and the stored draft have everything.
        await withPage(browser, 'collab-fresh', async (c) => {
          await login(c, server.url, 'methodist');
          await c.goto(examUrl());
          await online(c, 15_000);
          await c.locator('.sbq-module-open', { hasText: 'Абайдың өмірі' }).click();
          await textIs(c, CONTENT, 'Абай жолы — Құнанбайұлы!');
          // The history reaches back past the first live session to the REST edits that built
          // the draft (oldest last in the reversed list), each with its author.
          await c.getByRole('tab', { name: 'Өзгерістер тарихы' }).click();
          const items = c.locator('ol.sbq-history > li');
          await items.first().waitFor();
          const texts = await items.allTextContents();
          expect(texts.length).toBeGreaterThanOrEqual(4);
          expect(texts.at(-1)).toContain('Бет: қосу');
          expect(texts.at(-2)).toContain('Модуль: қосу');
          expect(texts.at(-1)).toContain('Сіз');
        });
      });
    });
    // The draft row follows the live doc (materialised about once a second).
    const relogin = await fetch(`${server.url}/api/v2/os/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'methodist', password: 'Sabaq-Demo-2026' }),
    });
    const token = ((await relogin.json()) as { access_token: string }).access_token;
    let stored = '';
    for (let i = 0; i < 20 && !stored.includes('Құнанбайұлы!'); i++) {
      const r = await api<{ data: { draft: unknown } }>(`/api/v2/os/drafts/${id}`, token);
      stored = JSON.stringify(r.data.draft);
      if (!stored.includes('Құнанбайұлы!')) await new Promise((r) => setTimeout(r, 250));
    }
    expect(stored).toContain('Абай жолы — Құнанбайұлы!');
    expect(stored).toContain('Абайдың өмірі');
  }, 180_000);
});
