// @vitest-environment node
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, DEMO_PASSWORD, HAS_CHROMIUM, e2eSuite, login, withPage } from './harness';
import { controlled } from './offline-helpers';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

/** The user ids whose reads this browser keeps offline (IndexedDB `sabaq-offline`). */
function keptUsers(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes('sabaq-offline')) return [];
    // Opening without a version would create an empty database when the app has just deleted
    // it (logout): abort that upgrade, the copy is gone.
    const db = await new Promise<IDBDatabase | null>((resolve, reject) => {
      const r = indexedDB.open('sabaq-offline');
      r.onupgradeneeded = () => r.transaction?.abort();
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => (r.error?.name === 'AbortError' ? resolve(null) : reject(r.error));
    });
    if (!db) return [];
    if (!db.objectStoreNames.contains('reads')) {
      db.close();
      return [];
    }
    const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
      const r = db.transaction('reads').objectStore('reads').getAllKeys();
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    db.close();
    return [...new Set(keys.map((k) => String(k).split('|')[0] as string))];
  });
}

/**
 * Offline (issue 31) in Chromium against the real server: the app is installable; a teacher's
 * schedule and journal open again with the network switched off (after a previous visit), with
 * the offline banner; logout wipes what the device kept, and the next user's copy is theirs only.
 */
describe.skipIf(!HAS_CHROMIUM)('offline in Chromium', { timeout: 180_000 }, () => {
  const app = e2eSuite({ accessTokenTtlSeconds: 900 });
  let g7a: number;
  let teacherId: number;

  beforeAll(async () => {
    const one = async <T>(sql: string) => (await app.server.db.query<T>(sql))[0] as T;
    g7a = (await one<{ id: number }>("SELECT id FROM groups WHERE parallel = 7 AND letter = 'А'"))
      .id;
    teacherId = (await one<{ id: number }>("SELECT id FROM users WHERE login = 'teacher'")).id;
  });

  it('is installable: a web manifest with icons and a service worker, no installability errors', () =>
    withPage(app.browser, 'offline-install', async (page, context) => {
      await page.goto(`${app.base}/kk/login`);
      await controlled(page);
      const manifest = (await (await fetch(`${app.base}/manifest.webmanifest`)).json()) as {
        name: string;
        icons: { sizes: string }[];
      };
      expect(manifest.name).toContain('оқу платформасы');
      expect(manifest.name).toContain('учебная платформа');
      expect(manifest.icons.map((i) => i.sizes)).toContain('512x512');
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      // A test's browser context is an incognito one, which Chromium never offers to install;
      // nothing else may stand in the way.
      expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
    }));

  it("a teacher's schedule and journal open offline after a visit; logout wipes the device's copy", () =>
    withPage(app.browser, 'offline-teacher', async (page, context) => {
      await login(page, app.base, 'teacher');
      await page.goto(`${app.base}/kk/control/journal/groups/${g7a}`);
      await page.getByRole('link', { name: 'Алгебра' }).click();
      const cells = page.getByRole('textbox', { name: /^Серікбаев Әлихан, / });
      await cells.first().waitFor();
      const journal = page.url();
      await page.goto(`${app.base}/kk/schedule`);
      await page.getByRole('heading', { name: 'Сабақ кестесі' }).first().waitFor();
      await controlled(page);
      await expect.poll(() => keptUsers(page)).toEqual([String(teacherId)]);

      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('offline-banner').waitFor();
      expect(await page.getByTestId('offline-banner').innerText()).toMatch(
        /^Интернет байланысы жоқ\. Осы құрылғыда сақталған деректер көрсетілген \(соңғы синхрондау: \d\d\.\d\d\.\d{4} \d\d:\d\d\)\.$/,
      );
      await page.getByRole('heading', { name: 'Сабақ кестесі' }).first().waitFor();
      await page.screenshot({ path: 'test-results/offline-schedule.png', fullPage: true });
      // Inside the app, offline: the journal the teacher opened before.
      await page.goto(journal);
      await cells.first().waitFor();
      await page.screenshot({ path: 'test-results/offline-journal.png', fullPage: true });

      // Back online: the banner goes and the real session returns.
      await context.setOffline(false);
      await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
      await page.getByText('Интернет байланысы қалпына келді.').waitFor();

      // Logout: nothing of the teacher stays on this browser.
      await page.getByRole('button', { name: 'Шығу' }).click();
      await page.waitForURL(/\/login$/);
      await expect.poll(() => keptUsers(page)).toEqual([]);
      await login(page, app.base, 'student');
      await page.getByRole('heading', { name: 'Сабақ кестесі' }).first().waitFor();
      const studentId = (
        await app.server.db.query<{ id: number }>("SELECT id FROM users WHERE login = 'student'")
      )[0]!.id;
      await expect.poll(() => keptUsers(page)).toEqual([String(studentId)]);
    }));
  it("a pupil's schedule and diary open offline after a visit; the role's other screens were loaded after sign-in", () =>
    withPage(app.browser, 'offline-pupil', async (page, context) => {
      await login(page, app.base, 'student');
      await page.goto(`${app.base}/kk/diary`);
      await page.getByRole('heading', { name: 'Күнделік' }).waitFor();
      await page.getByText('Алгебра').first().waitFor();
      await page.goto(`${app.base}/kk/schedule`);
      await page.getByRole('heading', { name: 'Сабақ кестесі' }).first().waitFor();
      await controlled(page);
      // The pupil's offline screens (homework, chat, lesson…) loaded in the background, then the
      // reads of this week, the next one and today's lessons.
      await page.waitForFunction(
        () =>
          Number(document.documentElement.dataset.offlineScreens) > 0 &&
          Number(document.documentElement.dataset.offlineReads) >= 2,
        undefined,
        { timeout: 90_000 },
      );
      await controlled(page);

      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('offline-banner').waitFor();
      await page.getByRole('heading', { name: 'Сабақ кестесі' }).first().waitFor();
      // The next week, never opened: read after sign-in.
      await page.getByRole('button', { name: /^Келесі апта/ }).click();
      await page.waitForURL(/\/kk\/schedule\/\d{4}-\d{2}-\d{2}$/);
      await page.locator('.tch-week, [data-testid="week"]').first().waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
      await page.goto(`${app.base}/kk/diary`);
      await page.getByRole('heading', { name: 'Күнделік' }).waitFor();
      await page.getByText('Алгебра').first().waitFor();
      // Never opened on this browser, yet its screen is here: it was loaded after sign-in.
      await page.goto(`${app.base}/kk/homework/list`);
      await page.getByRole('heading', { name: 'Үй тапсырмасы' }).first().waitFor();
      await context.setOffline(false);
    }));
  // The session was at times lost on reconnect: a notice's chunk, not kept yet, failed offline and
  // reloaded the page while its token refresh was under way, and the spent refresh token then
  // looked stolen. Fixed (no chunk reload offline, the notices kept at sign-in, a lost refresh
  // answer may be retried: auth/sessions.ts); one retry stays for a busy CI machine. Each attempt
  // uses fresh cells and counts only its own operations.
  it(
    'a teacher puts 10 marks and 3 absences offline; they survive a reload and reach the server once each',
    { retry: 1 },
    () =>
      withPage(app.browser, 'offline-marks', async (page, context) => {
        const since = new Date().toISOString();
        await login(page, app.base, 'teacher');
        await page.goto(`${app.base}/kk/control/journal/groups/${g7a}`);
        await page.getByRole('link', { name: 'Алгебра' }).click();
        await page
          .getByRole('textbox', { name: /^Серікбаев Әлихан, / })
          .first()
          .waitFor();
        const journal = page.url();
        await controlled(page);
        // Two lesson dates up to today where nobody has a mark yet.
        const [first, second] = await page.evaluate(() => {
          const today = new Date(Date.now() + 5 * 3600_000).toISOString().slice(0, 10);
          const byDate = new Map<string, HTMLInputElement[]>();
          for (const input of document.querySelectorAll<HTMLInputElement>(
            '.tch-grid input[inputmode="numeric"]',
          )) {
            const date = (input.getAttribute('aria-label') ?? '').split(', ').pop() ?? '';
            byDate.set(date, [...(byDate.get(date) ?? []), input]);
          }
          const iso = (d: string) => d.split('.').reverse().join('-');
          return [...byDate]
            .filter(([d, inputs]) => iso(d) <= today && inputs.every((i) => i.value === ''))
            .map(([d]) => d)
            .slice(-2);
        });
        expect(second).toBeDefined();
        const column = (date: string) =>
          page.getByRole('textbox', { name: new RegExp(`, ${date!.replaceAll('.', '\\.')}$`) });
        expect(await column(first!).count()).toBeGreaterThanOrEqual(10);

        await context.setOffline(true);
        for (let i = 0; i < 10; i++) {
          await column(first!)
            .nth(i)
            .fill(String(i + 1));
          await column(first!).nth(i).press('Enter');
        }
        for (let i = 0; i < 3; i++) {
          await column(second!).nth(i).fill('н');
          await column(second!).nth(i).press('Enter');
        }
        const banner = page.getByTestId('offline-banner');
        await expect
          .poll(() => banner.innerText())
          .toContain('Жіберуді күтіп тұрған өзгерістер: 13');
        await expect.poll(() => page.locator('td[data-queued]').count()).toBe(13);

        // A reload without the network: the marks are still there, waiting.
        await page.reload();
        await page
          .getByRole('textbox', { name: /^Серікбаев Әлихан, / })
          .first()
          .waitFor();
        await expect.poll(() => page.locator('td[data-queued]').count()).toBe(13);
        expect(await column(first!).nth(9).inputValue()).toBe('10');
        expect(await column(second!).nth(2).inputValue()).toBe('н');
        expect(page.url()).toBe(journal);

        // The link is back: everything is sent, once.
        await context.setOffline(false);
        await page.getByText('Барлық өзгерістер серверге жіберілді.').waitFor({ timeout: 90_000 });
        await expect.poll(() => page.locator('td[data-queued]').count()).toBe(0);
        const ops = await app.server.db.query<{ n: number; done: number }>(
          `SELECT count(*)::int AS n, count(*) FILTER (WHERE state = 'done')::int AS done
           FROM client_ops WHERE user_id = $1 AND route_id LIKE '%mark%' AND created_at >= $2`,
          [teacherId, since],
        );
        expect(ops[0]).toEqual({ n: 13, done: 13 });
        const [y1, m1, d1] = [first!.slice(6), first!.slice(3, 5), first!.slice(0, 2)];
        const marks = await app.server.db.query<{ mark: number }>(
          `SELECT m.mark FROM journal_marks m JOIN lessons l ON l.id = m.lesson_id
           JOIN timetable_slots s ON s.id = l.slot_id
          WHERE s.group_id = $1 AND l.lesson_date = $2::date AND m.mark IS NOT NULL ORDER BY m.mark`,
          [g7a, `${y1}-${m1}-${d1}`],
        );
        expect(marks.map((r) => r.mark)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        // The same through the API, as the teacher reads the journal.
        const token = (
          (await (
            await fetch(`${app.base}/api/v2/os/auth/login`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ login: 'teacher', password: DEMO_PASSWORD }),
            })
          ).json()) as { access_token: string }
        ).access_token;
        const subjectId = /\/control\/journal\/groups\/\d+\/(\d+)/.exec(journal)![1];
        const grid = (
          (await (
            await fetch(`${app.base}/api/v2/os/journal/groups/${g7a}/${subjectId}`, {
              headers: { authorization: `Bearer ${token}` },
            })
          ).json()) as {
            data: {
              lessons: { id: number; date: string }[];
              rows: { cells: { lessonId: number; mark: number | null; absent: boolean }[] }[];
            };
          }
        ).data;
        const iso = (d: string) => d.split('.').reverse().join('-');
        const lessonOn = (d: string) => grid.lessons.find((l) => l.date.startsWith(iso(d)))!.id;
        const cellsOf = (id: number) =>
          grid.rows.flatMap((r) => r.cells.filter((c) => c.lessonId === id));
        expect(
          cellsOf(lessonOn(first!))
            .map((c) => c.mark)
            .filter((m) => m !== null)
            .sort((a, b) => a! - b!),
        ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        expect(cellsOf(lessonOn(second!)).filter((c) => c.absent)).toHaveLength(3);
        // The grid shows the server's values now.
        await page.reload();
        expect(await column(first!).nth(9).inputValue()).toBe('10');
        expect(await column(second!).nth(0).inputValue()).toBe('н');
      }),
  );
  it('a mark someone else changed while the teacher was offline shows both values; the teacher chooses', () =>
    withPage(app.browser, 'offline-conflict', async (page, context) => {
      await login(page, app.base, 'teacher');
      await page.goto(`${app.base}/kk/control/journal/groups/${g7a}`);
      await page.getByRole('link', { name: 'Алгебра' }).click();
      const row = (n: number) => page.getByRole('textbox', { name: /^Серікбаев Әлихан, / }).nth(n);
      await row(0).waitFor();
      await controlled(page);
      // Two of the pupil's past cells, as the teacher last saw them.
      const cells = await page.evaluate(() => {
        const today = new Date(Date.now() + 5 * 3600_000).toISOString().slice(0, 10);
        return [
          ...document.querySelectorAll<HTMLInputElement>('.tch-grid input[inputmode="numeric"]'),
        ]
          .filter((i) => (i.getAttribute('aria-label') ?? '').startsWith('Серікбаев Әлихан, '))
          .map((i, index) => ({
            index,
            date: (i.getAttribute('aria-label') ?? '').split(', ')[1]!,
            value: i.value,
          }))
          .filter((c) => c.date.split('.').reverse().join('-') <= today)
          .slice(0, 2);
      });
      expect(cells).toHaveLength(2);

      await context.setOffline(true);
      for (const c of cells) {
        await row(c.index).fill('9');
        await row(c.index).press('Enter');
      }
      await expect.poll(() => page.locator('td[data-queued]').count()).toBe(2);

      // Meanwhile the class lead puts other marks in the same cells.
      const lead = (await (
        await fetch(`${app.base}/api/v2/os/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ login: 'group-lead', password: DEMO_PASSWORD }),
        })
      ).json()) as { access_token: string };
      const pupil = (
        await app.server.db.query<{ id: number }>("SELECT id FROM users WHERE login = 'student'")
      )[0]!.id;
      const lessons = await app.server.db.query<{ id: number; d: string }>(
        `SELECT l.id, to_char(l.lesson_date, 'DD.MM.YYYY') AS d FROM lessons l
           JOIN timetable_slots s ON s.id = l.slot_id JOIN subjects su ON su.id = s.subject_id
          WHERE s.group_id = $1 AND su.code = 'algebra'`,
        [g7a],
      );
      for (const [i, c] of cells.entries()) {
        const lessonId = lessons.find((l) => l.d === c.date)!.id;
        const res = await fetch(`${app.base}/api/v2/os/journal/marks`, {
          method: 'PUT',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${lead.access_token}`,
          },
          body: JSON.stringify({ lessonId, studentId: pupil, mark: 6 + i }),
        });
        expect(res.status).toBe(200);
      }
      const leadName = (
        await app.server.db.query<{ n: string }>(
          "SELECT concat_ws(' ', surname, firstname) AS n FROM users WHERE login = 'group-lead'",
        )
      )[0]!.n;

      await context.setOffline(false);
      const panel = page.getByTestId('journal-conflicts');
      await panel.waitFor({ timeout: 90_000 });
      const [first, second] = cells as [(typeof cells)[0], (typeof cells)[0]];
      const line = (c: typeof first, theirs: number) =>
        panel.getByRole('listitem').filter({
          hasText: `Серікбаев Әлихан, ${c.date}: ${leadName} қойғаны — «${theirs}», сіздікі — «9»`,
        });
      await line(first, 6).waitFor();
      await line(second, 7).waitFor();
      await line(first, 6).getByRole('button', { name: 'Менікін қалдыру' }).click();
      await line(second, 7).getByRole('button', { name: 'Оныкін қалдыру' }).click();
      await panel.waitFor({ state: 'detached', timeout: 60_000 });
      const stored = async (c: typeof first) =>
        (
          await app.server.db.query<{ mark: number }>(
            'SELECT mark FROM journal_marks WHERE lesson_id = $1 AND student_id = $2',
            [lessons.find((l) => l.d === c.date)!.id, pupil],
          )
        )[0]?.mark;
      await expect.poll(() => stored(first)).toBe(9);
      expect(await stored(second)).toBe(7);
      await expect.poll(() => row(first.index).inputValue()).toBe('9');
      await expect.poll(() => row(second.index).inputValue()).toBe('7');
    }));
  // Retried for the same reason as the marks (see above); each attempt sets its own homework.
  it(
    'a pupil hands in a homework answer offline; it waits across a reload and arrives once',
    { retry: 1 },
    () =>
      withPage(app.browser, 'offline-homework', async (page, context) => {
        const since = new Date().toISOString();
        // The teacher sets homework on a 7А lesson: the pupil has it to answer.
        const lesson = (
          await app.server.db.query<{ id: number }>(
            `SELECT l.id FROM lessons l JOIN timetable_slots s ON s.id = l.slot_id
            WHERE s.group_id = $1 AND s.teacher_id = $2 ORDER BY l.id LIMIT 1`,
            [g7a, teacherId],
          )
        )[0]!.id;
        const teacher = (await (
          await fetch(`${app.base}/api/v2/os/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ login: 'teacher', password: DEMO_PASSWORD }),
          })
        ).json()) as { access_token: string };
        const created = await fetch(`${app.base}/api/v2/os/homework/control/${lesson}/create`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${teacher.access_token}`,
          },
          body: JSON.stringify({
            text: '§15, № 3 теңдеуді шешу',
            deadline: new Date(Date.now() + 3 * 24 * 3600_000).toISOString(),
          }),
        });
        expect(created.status).toBeLessThan(300);
        const answer = (
          await app.server.db.query<{ id: number }>(
            `SELECT ha.id FROM homework_answers ha JOIN users u ON u.id = ha.student_id
            JOIN homework h ON h.id = ha.homework_id
            WHERE u.login = 'student' AND ha.status = 'assigned' AND h.text = '§15, № 3 теңдеуді шешу'
            ORDER BY ha.id DESC LIMIT 1`,
          )
        )[0]!.id;
        await login(page, app.base, 'student');
        await page.goto(`${app.base}/kk/homework/list/assigned/${answer}`);
        const box = page.getByLabel('Жауап', { exact: true });
        await box.waitFor();
        await controlled(page);

        await context.setOffline(true);
        await box.fill('Теңдеудің түбірі: x = 4');
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
        expect(await box.inputValue()).toBe('Теңдеудің түбірі: x = 4');

        await context.setOffline(false);
        await page.getByText('Барлық өзгерістер серверге жіберілді.').waitFor({ timeout: 90_000 });
        const stored = await app.server.db.query<{ status: string; text: string }>(
          'SELECT status, text FROM homework_answers WHERE id = $1',
          [answer],
        );
        expect(stored[0]).toEqual({ status: 'sent', text: 'Теңдеудің түбірі: x = 4' });
        const ops = await app.server.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM client_ops c JOIN users u ON u.id = c.user_id
          WHERE u.login = 'student' AND c.state = 'done' AND c.created_at >= $1`,
          [since],
        );
        expect(ops[0]!.n).toBe(1);
      }),
  );
});
