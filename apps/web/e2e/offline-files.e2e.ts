// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, DEMO_PASSWORD, HAS_CHROMIUM, e2eSuite, login, withPage } from './harness';
import { controlled } from './offline-helpers';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

async function token(base: string, login: string): Promise<string> {
  const r = await fetch(`${base}/api/v2/os/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password: DEMO_PASSWORD }),
  });
  return ((await r.json()) as { access_token: string }).access_token;
}

/**
 * Issue 31: a file attached to a homework answer without the network is kept on the device,
 * waits with the answer across a reload, and is uploaded (once) before the answer when the link
 * is back.
 */
describe.skipIf(!HAS_CHROMIUM)('offline homework files in Chromium', { timeout: 180_000 }, () => {
  const app = e2eSuite({ accessTokenTtlSeconds: 900 });
  let lesson: number;

  beforeAll(async () => {
    const one = async <T>(sql: string) => (await app.server.db.query<T>(sql))[0] as T;
    lesson = (
      await one<{ id: number }>(
        `SELECT l.id FROM lessons l JOIN timetable_slots s ON s.id = l.slot_id
        JOIN groups g ON g.id = s.group_id JOIN users t ON t.id = s.teacher_id
        WHERE g.parallel = 7 AND g.letter = 'А' AND t.login = 'teacher' ORDER BY l.id LIMIT 1`,
      )
    ).id;
  });

  it('a pupil attaches a file offline and hands in; after a reload it waits; back online it arrives once', () =>
    withPage(app.browser, 'offline-homework-file', async (page, context) => {
      const task = `§16, № 2 — суретін тіркеу ${Date.now()}`;
      const created = await fetch(`${app.base}/api/v2/os/homework/control/${lesson}/create`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${await token(app.base, 'teacher')}`,
        },
        body: JSON.stringify({
          text: task,
          deadline: new Date(Date.now() + 3 * 24 * 3600_000).toISOString(),
        }),
      });
      expect(created.status).toBeLessThan(300);
      const answer = (
        await app.server.db.query<{ id: number }>(
          `SELECT ha.id FROM homework_answers ha JOIN users u ON u.id = ha.student_id
          JOIN homework h ON h.id = ha.homework_id
          WHERE u.login = 'student' AND ha.status = 'assigned' AND h.text = $1`,
          [task],
        )
      )[0]!.id;
      await login(page, app.base, 'student');
      await page.goto(`${app.base}/kk/homework/list/assigned/${answer}`);
      const box = page.getByLabel('Жауап', { exact: true });
      await box.waitFor();
      await controlled(page);

      await context.setOffline(true);
      await box.fill('Шешуі файлда');
      const bytes = 'x = 4\nтексеру: 2·4 − 8 = 0\n';
      await page.locator('input[type="file"]').setInputFiles({
        name: 'sheshui-x4.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from(bytes),
      });
      const kept = page.getByTestId('kept-files');
      await kept.getByText('sheshui-x4.txt').waitFor();
      expect(await kept.innerText()).toContain('жүктеуді күтуде');
      await page.getByText(/файлдар осы құрылғыда сақталды \(әрқайсысы 10 МБ-қа дейін\)/).waitFor();
      await page.getByRole('button', { name: 'Жауапты жіберу' }).click();
      await page
        .getByText(
          'Интернет жоқ: жауап осы құрылғыда сақталды және байланыс қалпына келгенде жіберіледі.',
        )
        .waitFor();

      await page.reload();
      await page
        .getByText('Жауап жіберуді күтіп тұр: байланыс қалпына келгенде ол өздігінен жіберіледі.')
        .waitFor();
      await kept.getByText('sheshui-x4.txt').waitFor();
      expect(await box.inputValue()).toBe('Шешуі файлда');
      const before = await app.server.db.query<{ status: string }>(
        'SELECT status FROM homework_answers WHERE id = $1',
        [answer],
      );
      expect(before[0]!.status).toBe('assigned');

      await context.setOffline(false);
      await page.getByText('Барлық өзгерістер серверге жіберілді.').waitFor({ timeout: 90_000 });
      const stored = await app.server.db.query<{ status: string; text: string; files: number[] }>(
        'SELECT status, text, files FROM homework_answers WHERE id = $1',
        [answer],
      );
      expect(stored[0]).toMatchObject({ status: 'sent', text: 'Шешуі файлда' });
      expect(stored[0]!.files).toHaveLength(1);
      const fileId = stored[0]!.files[0]!;
      const named = await app.server.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM teaching_files WHERE name = 'sheshui-x4.txt'",
      );
      // Uploaded once.
      expect(named[0]!.n).toBe(1);
      const download = await fetch(`${app.base}/api/v2/os/teaching/files/${fileId}`, {
        headers: { authorization: `Bearer ${await token(app.base, 'student')}` },
      });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).toString()).toBe(bytes);
      // The bytes kept on the device are gone; the page shows the answer the server has.
      await kept.waitFor({ state: 'detached' });
    }));
});
