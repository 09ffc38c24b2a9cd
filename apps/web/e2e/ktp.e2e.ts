// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  CHROMIUM,
  HAS_CHROMIUM,
  audit,
  e2eSuite,
  login,
  openAlgebraShow,
  withPage,
} from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

/** The audits here look at the KTP screen itself. */
const KTP = { within: '.ktp-page' };

/**
 * Calendar plans (KTP) in Chromium against the real server and the demo seed: the teacher goes
 * from backoffice/ktp to 7А's algebra plan, creates a lecture for a plan lesson (the builder
 * opens), sees it on the view screen, presents the demo lecture with the keyboard, and grades a
 * pupil's answer; the demo student opens the show mode of their group's lecture.
 */
describe.skipIf(!HAS_CHROMIUM)('calendar plans (KTP) in Chromium', { timeout: 120_000 }, () => {
  const app = e2eSuite({ accessTokenTtlSeconds: 900 });

  it('the teacher reaches a plan by clicking, creates a lecture for a plan lesson and sees it in view', () =>
    withPage(app.browser, 'ktp-create', async (page) => {
      await login(page, app.base, 'teacher');
      await page.goto(`${app.base}/kk/backoffice/ktp`);
      await page.getByRole('heading', { name: 'Күнтізбелік-тақырыптық жоспар' }).waitFor();
      expect(await audit(page, KTP)).toEqual([]);
      await page.getByRole('link', { name: /^7А/ }).click();
      await page.getByRole('heading', { name: 'Күнтізбелік жоспарлар: 7А' }).waitFor();
      expect(await audit(page, KTP)).toEqual([]);
      await page.getByRole('link', { name: 'Алгебра', exact: true }).click();
      await page.getByRole('heading', { name: 'КТЖ: Алгебра · 7А' }).waitFor();
      expect(await audit(page, KTP)).toEqual([]);
      const topic = (await page.getByRole('row').nth(2).getByRole('rowheader').textContent()) ?? '';
      expect(topic).toBe('Бірмүше. Бірмүшенің стандарт түрі');

      await page.getByRole('link', { name: 'Дәріс құру: №2' }).click();
      await page.waitForURL(/\/kk\/content\/lectures\/control\/edit\//);
      const lectureId = decodeURIComponent(page.url().split('/').pop() ?? '');
      const linked = await app.server.db.query<{ draft_id: string; title: string }>(
        `SELECT c.draft_id, d.title FROM calendar_plan_content c JOIN drafts d ON d.id = c.draft_id
          JOIN calendar_plan_lessons l ON l.uuid = c.lesson_uuid
         WHERE l.number = 2 AND c.kind = 'lecture' AND l.topic = $1`,
        [topic],
      );
      expect(linked).toEqual([{ draft_id: lectureId, title: topic }]);
      await page.locator('.sbq-editor').waitFor();

      // Back in the plan the row now offers the lecture's view.
      await page.goBack();
      await page.getByRole('heading', { name: 'КТЖ: Алгебра · 7А' }).waitFor();
      await page.getByRole('link', { name: 'Дәрісті қарау: №2' }).click();
      await page.getByRole('heading', { name: `Дәріс: №2. ${topic}` }).waitFor();
      await page.getByText('Дәріс әлі жарияланбаған: оқушылар оны сабақта көрмейді').waitFor();
      await page
        .getByRole('region', { name: 'Оқушы көретін түрі' })
        .getByRole('heading', { name: topic })
        .waitFor();
      expect(await audit(page, KTP)).toEqual([]);
      expect(await page.getByRole('link', { name: 'Дәрісті өңдеу' }).getAttribute('href')).toBe(
        `/kk/content/lectures/control/edit/${encodeURIComponent(lectureId)}`,
      );

      // Materials of plan lesson №3: link the school's published SOR from the product view.
      await page.goBack();
      await page.getByRole('heading', { name: 'КТЖ: Алгебра · 7А' }).waitFor();
      await page.getByRole('link', { name: 'Материалдар: №3' }).click();
      await page
        .getByRole('navigation', { name: 'Материал түрлері' })
        .getByRole('link', { name: 'БЖБ' })
        .click();
      await page.getByText('Бұл сабаққа «БЖБ» материалы қосылмаған').waitFor();
      await page.getByLabel('Жарияланған материал').selectOption('demo-sor-algebra-7-kz');
      await page.getByRole('button', { name: 'Байланыстыру', exact: true }).click();
      await page.getByText('Материал жоспарға қосылды').waitFor();
      // Staff see the right answers.
      await page.getByText('Дұрыс жауап').first().waitFor();
      expect(await audit(page, KTP)).toEqual([]);
    }));

  it('the teacher presents the demo lecture with the keyboard, then grades a pupil’s answer', () =>
    withPage(app.browser, 'ktp-show-answer', async (page) => {
      await openAlgebraShow(page, app.base);
      expect(await audit(page, KTP)).toEqual([]);
      await page.keyboard.press('ArrowRight');
      await page.getByRole('heading', { name: 'Өзіңді тексер' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Теория' }).count()).toBe(0);
      await page.getByText('2-бет / 2').waitFor();
      await page.keyboard.press('PageUp');
      await page.getByRole('heading', { name: 'Теория' }).waitFor();
      await page.keyboard.press('PageDown');
      await page.getByRole('heading', { name: 'Өзіңді тексер' }).waitFor();
      await page.keyboard.press('Escape');
      await page.waitForURL(/\/kk\/schedule\/lecture\/control\/view\//);
      await page
        .getByRole('heading', { name: /^Дәріс: №1\. Натурал көрсеткішті дәреже/ })
        .waitFor();

      // The answers of the dated lesson: open the first pupil's.
      const table = page.getByRole('table', { name: 'Оқушылардың жауаптары' });
      await table.waitFor();
      expect(await audit(page, KTP)).toEqual([]);
      const firstRow = table.getByRole('row').nth(1);
      const name = (await firstRow.getByRole('link').textContent()) ?? '';
      await firstRow.getByRole('link').click();
      await page.getByRole('heading', { name: `Оқушы жауабы: ${name}` }).waitFor();
      expect(await audit(page, KTP)).toEqual([]);
      await page.getByText('Тексеруді күтеді').first().waitFor();
      await page.getByLabel('«Өз сөзіңмен» үшін балл (0–2)').fill('2');
      await page.getByLabel('Мұғалім пікірі').fill('Жарайсың, түсіндірмең дұрыс');
      await page.getByRole('button', { name: 'Бағалауды сақтау' }).click();
      await page.getByText('Сақталды').waitFor();
      await page.getByText('Нәтиже: 4 / 4 (100%)').waitFor();
      const stored = await app.server.db.query<{ comment: string }>(
        'SELECT comment FROM attempt_comments ORDER BY updated_at DESC LIMIT 1',
      );
      expect(stored[0]?.comment).toBe('Жарайсың, түсіндірмең дұрыс');
    }));

  it("the demo student opens the show mode of their group's lecture, without right answers", () =>
    withPage(app.browser, 'ktp-student-show', async (page) => {
      const rows = await app.server.db.query<{ uuid: string }>(
        `SELECT l.uuid::text AS uuid FROM calendar_plan_content c JOIN calendar_plan_lessons l ON l.uuid = c.lesson_uuid
          WHERE c.draft_id = 'demo-lecture-algebra-7-kz'`,
      );
      const dated = await app.server.db.query<{ id: number }>(
        `SELECT id FROM lessons WHERE content_draft_id = 'demo-lecture-algebra-7-kz'
          ORDER BY lesson_date LIMIT 1`,
      );
      await login(page, app.base, 'student');
      // The lesson page links to its plan lesson's show mode.
      await page.goto(`${app.base}/kk/schedule/lesson/${dated[0]!.id}`);
      await page.getByRole('link', { name: /^КТЖ сабағы: №1\. / }).click();
      await page.waitForURL(`${app.base}/kk/schedule/lecture/control/show/${rows[0]!.uuid}`);
      await page.getByRole('heading', { name: 'Теория' }).waitFor();
      await page.getByRole('button', { name: /Келесі бет/ }).click();
      await page.getByRole('heading', { name: 'Өзіңді тексер' }).waitFor();
      expect(await page.getByText('Дұрыс жауап').count()).toBe(0);
      expect(await audit(page, KTP)).toEqual([]);
    }));
});
