// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CHROMIUM, HAS_CHROMIUM, audit, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

const SCREEN = { serious: true, within: '#main' };

/**
 * The content catalogue in Chromium against the real server (issue 17): a teacher finds a lesson
 * by a Kazakh word with a suffix, previews it as a student would, attaches it to one of their
 * lessons (which then carries it), copies it and lands in the builder that names the origin; a guest opens the lecture catalogue and a lecture. axe clean.
 */
describe.skipIf(!HAS_CHROMIUM)('content catalogue in Chromium', { timeout: 300_000 }, () => {
  const app = e2eSuite();

  it('a teacher finds «судың», previews it, attaches it to a lesson and copies it', () =>
    withPage(app.browser, 'catalogue-teacher', async (page) => {
      await login(page, app.base, 'teacher');
      await page.goto(`${app.base}/kk/catalog/lectures`);
      await page.getByRole('heading', { name: 'Дәрістер каталогы', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Сабақтар' }).click();
      await page.getByRole('textbox', { name: 'Іздеу' }).fill('судың');
      await page.getByRole('button', { name: 'Табу' }).click();
      const link = page.getByRole('link', { name: 'Қарау: Судың айналымы' });
      await link.waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);
      await link.click();
      await page.waitForURL(
        /\/kk\/content\/lessons\/platform\/lesson\/demo-catalogue-water-cycle-kz$/,
      );
      await page.getByRole('heading', { name: 'Судың айналымы', level: 1 }).waitFor();
      await page.getByText('Күн жылуымен мұхиттар').first().waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);

      // Attach it to one of the teacher's lessons: the lesson then carries it.
      await page.getByRole('button', { name: 'Сабаққа бекіту' }).click();
      const dialog = page.getByRole('dialog', {
        name: '«Судың айналымы» материалын сабаққа бекіту',
      });
      await dialog.waitFor();
      const lessonSelect = dialog.getByRole('combobox', { name: 'Сабақ' });
      const none = dialog.getByText('Бұл аптада сабағыңыз жоқ.');
      await lessonSelect.or(none).first().waitFor();
      if (await none.isVisible()) {
        await dialog.getByText('Келесі апта').click();
        await lessonSelect.waitFor();
      }
      // Audited once the dialog has faded in (mid-fade, its text is pale for a moment).
      await page.waitForFunction(() => {
        const content = document.querySelector('[role="dialog"]');
        return content !== null && getComputedStyle(content).opacity === '1';
      });
      expect(await audit(page, { within: '[role="dialog"]', serious: true })).toEqual([]);
      const lessonLabel = await lessonSelect.locator('option:checked').innerText();
      await dialog.getByRole('button', { name: 'Бекіту' }).click();
      await page.getByRole('status').filter({ hasText: lessonLabel }).waitFor();
      await page.getByRole('link', { name: 'Сабақты ашу' }).click();
      await page.waitForURL(/\/kk\/schedule\/lesson\/\d+$/);
      await page.getByText('Судың айналымы').first().waitFor();
      await page.goBack();
      await page.getByRole('heading', { name: 'Судың айналымы', level: 1 }).waitFor();

      await page.getByRole('button', { name: 'Өзіме көшіру' }).click();
      await page.waitForURL(/\/kk\/content\/lessons\?draft=/);
      await page.getByTestId('draft-origin').waitFor();
      expect(await page.getByTestId('draft-origin').innerText()).toContain('Судың айналымы');
    }));

  it('the second school sees school 1’s SOR in use: marked, no keys, no copy (issue 28)', () =>
    withPage(app.browser, 'catalogue-exam-in-use', async (page) => {
      await login(page, app.base, 'school2-teacher');
      await page.goto(`${app.base}/ru/catalog/lectures`);
      await page.getByRole('button', { name: 'СОР и СОЧ' }).click();
      const title = 'Алгебра, 7-сынып: «Сызықтық теңдеулер» бөлімі бойынша жиынтық бағалау';
      const card = page.locator('.mantine-Paper-root').filter({ hasText: title });
      await card.waitFor();
      await card.getByText(/^Пишут до \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/).waitFor();
      expect(await card.getByRole('button', { name: 'Копировать себе' }).count()).toBe(0);
      expect(await audit(page, SCREEN)).toEqual([]);
      await card.getByRole('link', { name: `Открыть: ${title}` }).click();
      await page.getByTestId('exam-in-use').waitFor();
      expect(await page.getByTestId('exam-in-use').innerText()).toMatch(
        /^Эту работу ещё пишут или будут писать классы школы её автора: до \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/,
      );
      expect(await page.getByRole('button', { name: 'Копировать себе' }).count()).toBe(0);
      expect(await audit(page, SCREEN)).toEqual([]);
    }));

  it('a guest opens the lecture catalogue and a lecture', () =>
    withPage(app.browser, 'catalogue-guest', async (page) => {
      await login(page, app.base, 'guest');
      await page.goto(`${app.base}/kk/content/lectures`);
      await page.getByRole('heading', { name: 'Дәрістер каталогы', level: 1 }).waitFor();
      await page.goto(`${app.base}/kk/catalog/lectures`);
      const link = page.getByRole('link', { name: 'Қарау: Қазақстанның жабайы жануарлары' });
      await link.waitFor();
      expect(await page.getByRole('button', { name: 'Өзіме көшіру' }).count()).toBe(0);
      expect(await audit(page, SCREEN)).toEqual([]);
      await link.click();
      await page
        .getByRole('heading', { name: 'Қазақстанның жабайы жануарлары', level: 1 })
        .waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);
    }));
});
