// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, DEMO_PASSWORD, HAS_CHROMIUM, audit, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

const SOR = 'demo-sor-algebra-7-kz';

/**
 * Exam results (issue 20) in Chromium: a pupil hands in the demo SOR, its author corrects it and
 * republishes it in the builder, is asked whether to re-grade the handed-in work (old and new
 * points listed), confirms, and sees the new points on the pupil's result, where the teacher may
 * also override them with a comment.
 */
describe.skipIf(!HAS_CHROMIUM)('re-grading a republished exam', { timeout: 120_000 }, () => {
  const app = e2eSuite({ accessTokenTtlSeconds: 900 }, 240_000);
  let lesson: number;
  let studentId: number;

  const api = async (method: string, path: string, token: string | null, body?: unknown) => {
    const r = await fetch(`${app.base}/api/v2/os/${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await r.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
    return json;
  };
  const tokenOf = async (name: string) =>
    (await api('POST', 'auth/login', null, { login: name, password: DEMO_PASSWORD }))
      .access_token as string;

  beforeAll(async () => {
    lesson = (
      await app.server.db.query<{ id: number }>(
        'SELECT id FROM lessons WHERE content_draft_id = $1',
        [SOR],
      )
    )[0]!.id;
    const student = await api('POST', 'auth/login', null, {
      login: 'student',
      password: DEMO_PASSWORD,
    });
    studentId = student.user.userId as number;
    // The pupil hands in: m2 answered «Шексіз көп», which the published key calls wrong.
    await api('POST', `schedule/exam/${lesson}/sor/${SOR}`, student.access_token, {
      answers: {
        m1: { kind: 'choice', optionIds: ['m1-a'] },
        m2: { kind: 'select', optionId: 'm2-c' },
        m3: { kind: 'choice', optionIds: ['m3-a', 'm3-c'] },
        m4: {
          kind: 'connection',
          links: [
            { left: 'm4-l1', right: 'm4-r1' },
            { left: 'm4-l2', right: 'm4-r2' },
          ],
        },
      },
    });
    // The author corrects the key and the open task (the seed's copy lacks what publishing asks
    // of a SOR: purposes, options on every task). Published below, in the builder.
    const teacher = await tokenOf('teacher');
    const draft = await api('GET', `drafts/${SOR}`, teacher);
    await api('POST', `drafts/${SOR}/commands`, teacher, {
      expectedVersion: draft.data.summary.version,
      commands: [
        { type: 'select/setRight', moduleId: 'm2', optionId: 'm2-c' },
        { type: 'module/remove', moduleId: 'm5' },
        { type: 'purpose/add', purposeId: 'purpose-7-2-2-1', title: '7.2.2.1 Сызықтық теңдеулер' },
        ...['m1', 'm2', 'm3', 'm4'].map((moduleId) => ({
          type: 'purpose/attach',
          purposeId: 'purpose-7-2-2-1',
          moduleId,
        })),
      ],
    });
  }, 60_000);

  it('asks on republish, shows old and new points, re-grades on confirmation; the teacher sees the new points and may override them', () =>
    withPage(app.browser, 'exam-regrade', async (page) => {
      await login(page, app.base, 'teacher');
      await page.goto(`${app.base}/kk/content/exams/sor/${SOR}`);
      await page.locator('.sbq-save[data-status="saved"]').waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Жариялау' }).click();
      const publish = page.getByRole('dialog', { name: 'Жариялауды растау' });
      await publish.getByRole('checkbox', { name: /авторлық құқықты/ }).check();
      await publish.getByRole('button', { name: 'Растау' }).click();
      await publish.waitFor({ state: 'detached' });

      const dialog = page.getByRole('dialog', { name: 'Тапсырылған жұмыстарды қайта бағалау' });
      await dialog.waitFor();
      const row = dialog.getByRole('row').filter({ hasText: '6 / 11' });
      await expect(row.count()).resolves.toBe(1);
      await expect(row.getByRole('cell').nth(2).textContent()).resolves.toBe('7 / 8');
      expect(await audit(page, { within: '[role="dialog"]', serious: true })).toEqual([]);
      // Nothing changed until the publisher says so.
      const before = await app.server.db.query<{ version: number }>(
        'SELECT version FROM attempts WHERE lesson_id = $1 AND user_id = $2',
        [lesson, studentId],
      );
      await dialog.getByRole('button', { name: 'Қайта бағалау' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Қайта бағаланды: 1 жұмыс').waitFor();
      const after = await app.server.db.query<{ version: number; score: string }>(
        'SELECT version, score FROM attempts WHERE lesson_id = $1 AND user_id = $2',
        [lesson, studentId],
      );
      expect(after[0]!.version).toBeGreaterThan(before[0]!.version);
      expect(Number(after[0]!.score)).toBe(7);

      // The teacher's view of the pupil's result: the new points, then an override with a comment.
      await page.goto(
        `${app.base}/kk/schedule/control/lesson/progress/sor/${lesson}/${SOR}/${studentId}`,
      );
      await page.getByText('Нәтиже: 7 / 8 (87.5%)').waitFor();
      const form = page.getByRole('region', { name: 'Бағаны өзгерту' });
      await form.getByText('Автоматты есептелген балл: 7 / 8').waitFor();
      await form.getByRole('button', { name: 'Бағаны сақтау' }).click();
      await form.getByText('Бағаны өзгерткенде түсініктеме жазыңыз').waitFor();
      await form.getByLabel('Балл (0–8)').fill('7.5');
      await form.getByLabel('Түсініктеме').fill('4-тапсырмадағы шешім толық есептелді');
      await form.getByRole('button', { name: 'Бағаны сақтау' }).click();
      await form.getByText('Мұғалім өзгерткен балл: 7.5 / 8').waitFor();
      await page.getByText('Нәтиже: 7.5 / 8 (93.8%)').waitFor();
      expect(await audit(page, { serious: true })).toEqual([]);
    }));
});
