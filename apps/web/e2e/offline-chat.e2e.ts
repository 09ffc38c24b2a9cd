// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, DEMO_PASSWORD, HAS_CHROMIUM, e2eSuite, login, withPage } from './harness';
import { controlled } from './offline-helpers';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

/**
 * Offline writes of the pupil (issue 31) in Chromium against the real server: a chat message and
 * a lesson reflection made without the network wait in the outbox, across a reload, and reach the
 * server exactly once when the link is back.
 */
describe.skipIf(!HAS_CHROMIUM)(
  'offline chat and reflection in Chromium',
  { timeout: 180_000 },
  () => {
    const app = e2eSuite({ accessTokenTtlSeconds: 900 });
    let teacherId: number;
    let studentId: number;
    let lesson7a: number;

    beforeAll(async () => {
      const one = async <T>(sql: string, params: unknown[] = []) =>
        (await app.server.db.query<T>(sql, params))[0] as T;
      teacherId = (await one<{ id: number }>("SELECT id FROM users WHERE login = 'teacher'")).id;
      studentId = (await one<{ id: number }>("SELECT id FROM users WHERE login = 'student'")).id;
      const g7a = (
        await one<{ id: number }>("SELECT id FROM groups WHERE parallel = 7 AND letter = 'А'")
      ).id;
      lesson7a = (
        await one<{ id: number }>(
          `SELECT l.id FROM lessons l JOIN timetable_slots s ON s.id = l.slot_id
          WHERE s.group_id = $1 AND s.teacher_id = $2 ORDER BY l.id LIMIT 1`,
          [g7a, teacherId],
        )
      ).id;
    });

    /** The student's client operations on routes like `route` since `since`: all, and finished. */
    const ops = async (route: string, since: string) =>
      (
        await app.server.db.query<{ n: number; done: number }>(
          `SELECT count(*)::int AS n, count(*) FILTER (WHERE state = 'done')::int AS done
           FROM client_ops WHERE user_id = $1 AND route_id LIKE $2 AND created_at >= $3`,
          [studentId, `%${route}%`, since],
        )
      )[0];

    // Retried like offline.e2e's reconnect tests, as a safety net on a loaded machine: the cause
    // seen here (the first notice as the link returns loading a chunk the worker had not kept; the
    // chunk error reloaded the page mid-renewal and the session ended) is fixed (offline/session.ts);
    // each attempt writes its own text and counts only its own operations.
    it(
      'a pupil writes a chat message offline; it waits across a reload and reaches the teacher once',
      { retry: 2 },
      () =>
        withPage(app.browser, 'offline-chat', async (page, context) => {
          const since = new Date().toISOString();
          const text = `Апай, интернет жоқ еді ${Date.now()}`;
          await login(page, app.base, 'student');
          await page.goto(`${app.base}/kk/chat/${teacherId}`);
          const box = page.getByLabel('Хабарлама');
          await box.waitFor();
          await controlled(page);

          await context.setOffline(true);
          await box.fill(text);
          await box.press('Enter');
          await page
            .getByText(
              'Интернет жоқ: хабарлама осы құрылғыда сақталды және байланыс қалпына келгенде жіберіледі.',
            )
            .waitFor();
          const waiting = page.locator('li[data-waiting]').filter({ hasText: text });
          await waiting.waitFor();
          expect(await waiting.innerText()).toContain('Жіберуді күтуде');
          expect(await box.inputValue()).toBe('');
          await expect
            .poll(() => page.getByTestId('offline-banner').innerText())
            .toContain('Жіберуді күтіп тұрған өзгерістер: 1');

          // A reload without the network: the message is still there, waiting.
          await page.reload();
          await waiting.waitFor({ timeout: 60_000 });
          expect(await waiting.innerText()).toContain('Жіберуді күтуде');

          // The link is back: sent once, then shown once as an ordinary message.
          await context.setOffline(false);
          await page
            .getByText('Барлық өзгерістер серверге жіберілді.')
            .waitFor({ timeout: 90_000 });
          await expect.poll(() => page.locator('li[data-waiting]').count()).toBe(0);
          const shown = page.locator('li.tch-msg').filter({ hasText: text });
          await expect.poll(() => shown.count(), { timeout: 60_000 }).toBe(1);
          const stored = await app.server.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM chat_messages
            WHERE sender_id = $1 AND recipient_id = $2 AND text = $3`,
            [studentId, teacherId, text],
          );
          expect(stored[0]!.n).toBe(1);
          expect(await ops('chat', since)).toEqual({ n: 1, done: 1 });
          // The teacher's side of the dialog has it once.
          const teacher = (await (
            await fetch(`${app.base}/api/v2/os/auth/login`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ login: 'teacher', password: DEMO_PASSWORD }),
            })
          ).json()) as { access_token: string };
          const history = (await (
            await fetch(`${app.base}/api/v2/os/chats/${studentId}/messages`, {
              headers: { authorization: `Bearer ${teacher.access_token}` },
            })
          ).json()) as { data: { messages: { text: string }[] } };
          expect(history.data.messages.filter((m) => m.text === text)).toHaveLength(1);
          // Read again from the server: still once.
          await page.reload();
          await expect.poll(() => shown.count(), { timeout: 60_000 }).toBe(1);
        }),
    );

    it(
      "a pupil's lesson reflection sent offline waits across a reload and arrives once",
      { retry: 2 },
      () =>
        withPage(app.browser, 'offline-reflection', async (page, context) => {
          const since = new Date().toISOString();
          const text = `Желісіз рефлексия ${Date.now()}`;
          await login(page, app.base, 'student');
          await page.goto(`${app.base}/kk/schedule/lesson/${lesson7a}`);
          const comment = page.getByLabel('Пікір');
          await comment.waitFor();
          await controlled(page);

          await context.setOffline(true);
          await page.getByRole('radio', { name: 'Жартылай түсіндім' }).check();
          await comment.fill(text);
          await page.getByRole('button', { name: 'Жіберу' }).click();
          await page
            .getByText(
              'Интернет жоқ: рефлексия осы құрылғыда сақталды және байланыс қалпына келгенде жіберіледі.',
            )
            .waitFor();

          // A reload without the network: still waiting, with what the pupil wrote.
          await page.reload();
          await page
            .getByText(
              'Рефлексия жіберуді күтіп тұр: байланыс қалпына келгенде ол өздігінен жіберіледі.',
            )
            .waitFor({ timeout: 60_000 });
          expect(await comment.inputValue()).toBe(text);
          expect(await page.getByRole('radio', { name: 'Жартылай түсіндім' }).isChecked()).toBe(
            true,
          );

          await context.setOffline(false);
          await page
            .getByText('Барлық өзгерістер серверге жіберілді.')
            .waitFor({ timeout: 90_000 });
          await page.getByText('Рефлексия жіберілді').waitFor();
          const stored = await app.server.db.query<{ mood: string; text: string }>(
            'SELECT mood, text FROM reflections WHERE lesson_id = $1 AND user_id = $2',
            [lesson7a, studentId],
          );
          expect(stored).toEqual([{ mood: 'partly', text }]);
          expect(await ops('reflect', since)).toEqual({ n: 1, done: 1 });
        }),
    );
  },
);
