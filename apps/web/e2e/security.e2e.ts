// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHROMIUM, HAS_CHROMIUM, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

/** Records every Content-Security-Policy violation the page reports, from its first byte. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])),
  ];
}

describe.skipIf(!HAS_CHROMIUM)('security in Chromium (issue 12)', { timeout: 60_000 }, () => {
  const app = e2eSuite({}, 240_000);

  it('the app passes its Content-Security-Policy: landing, login and signed-in pages', () =>
    withPage(app.browser, 'csp', async (page) => {
      const violations = await watchCsp(page);
      const landing = await page.goto(`${app.base}/kk`);
      const csp = landing?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(landing?.headers()['x-content-type-options']).toBe('nosniff');
      await page.waitForLoadState('networkidle');
      expect(await violations()).toEqual([]);
      await page.goto(`${app.base}/ru/login`);
      await page.waitForLoadState('networkidle');
      expect(await violations()).toEqual([]);
      await login(page, app.base, 'teacher');
      await page.getByRole('button', { name: 'Шығу' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await violations()).toEqual([]);
      // A page with the UI kit's modal (Mantine writes styles at run time).
      await page.getByRole('button', { name: 'Құпиясөзді өзгерту' }).click();
      await page.getByRole('dialog', { name: 'Құпиясөзді өзгерту' }).waitFor();
      expect(await violations()).toEqual([]);
    }));

  it('the access token is in memory only; a reload restores the session through the cookie without the login page', () =>
    withPage(app.browser, 'token-memory', async (page) => {
      await login(page, app.base, 'teacher');
      await page.getByRole('button', { name: 'Шығу' }).waitFor();
      const here = new URL(page.url()).pathname;
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
      expect(stored).not.toMatch(/[\w-]{40,}/); // no token-like value at all
      const paths: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
      });
      await page.reload();
      await page.getByRole('button', { name: 'Шығу' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(here);
      expect(paths.filter((p) => p.endsWith('/login'))).toEqual([]);
      expect(await page.getByLabel('Пайдаланушы аты').count()).toBe(0);
    }));

  it('two tabs reloading at once both stay signed in (refreshes take turns)', () =>
    withPage(app.browser, 'two-tabs', async (page, context) => {
      await login(page, app.base, 'student');
      await page.getByRole('button', { name: 'Шығу' }).waitFor();
      const other = await context.newPage();
      await other.goto(page.url());
      await other.getByRole('button', { name: 'Шығу' }).waitFor();
      await Promise.all([page.reload(), other.reload()]);
      await page.getByRole('button', { name: 'Шығу' }).waitFor();
      await other.getByRole('button', { name: 'Шығу' }).waitFor();
      // Still signed in on a third load: the family was not revoked as a reuse.
      await page.reload();
      await page.getByRole('button', { name: 'Шығу' }).waitFor();
    }));

  it('behalf_auth asks first: opening the link switches nothing; the confirmation does', () =>
    withPage(app.browser, 'behalf-confirm', async (page) => {
      const rows = await app.server.db.query<{ id: number; surname: string }>(
        "SELECT id, surname FROM users WHERE login = 'student'",
      );
      const student = rows[0]!;
      const audits = async () =>
        (
          await app.server.db.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM audit_log WHERE action = 'behalf_auth'",
          )
        )[0]?.n;
      const before = await audits();
      await login(page, app.base, 'director');
      await page.getByRole('button', { name: 'Шығу' }).waitFor();
      await page.goto(`${app.base}/kk/behalf_auth?userId=${student.id}`);
      await page.getByRole('heading', { name: 'Басқа пайдаланушының атынан кіру' }).waitFor();
      expect(await page.getByTestId('behalf-question').textContent()).toContain(student.surname);
      expect(await audits()).toBe(before);
      await page.getByRole('button', { name: 'Иә, атынан кіру' }).click();
      await page.waitForURL((url) => !url.pathname.endsWith('/behalf_auth'));
      await expect.poll(audits).toBe((before ?? 0) + 1);
    }));
});
