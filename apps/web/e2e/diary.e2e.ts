// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CHROMIUM, HAS_CHROMIUM, audit, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

/**
 * The pupil's diary in Chromium (issue 20): the demo student opens it from their menu and reads
 * their biology marks (diary-seed.ts: marks, an absence, a homework grade that reached the
 * journal), the SOR with their points and the quarter result; the page switches quarters, reads in
 * Russian too, fits a phone and axe finds nothing serious. Staff have no such menu item.
 */
describe.skipIf(!HAS_CHROMIUM)("the pupil's diary in Chromium", { timeout: 120_000 }, () => {
  const app = e2eSuite();

  it('the demo student sees their marks, SOR and quarter result from the menu', () =>
    withPage(app.browser, 'diary-student', async (page) => {
      await login(page, app.base, 'student');
      // The start page first: a click during the landing redirect would be undone by it.
      await page.waitForURL(/\/kk\/schedule$/);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.getByRole('link', { name: 'Күнделік' }).first().click();
      await page.waitForURL(/\/kk\/diary$/);
      await page.getByRole('heading', { level: 1, name: 'Күнделік' }).waitFor();
      const biology = page.getByRole('article', { name: /^Биология/ });
      await biology.waitFor();
      // Marks of the quarter: 8, 9 (from the homework), an absence, 7, …
      const marks = biology.getByRole('listitem').filter({ hasText: /\d\d\.\d\d/ });
      expect(await marks.count()).toBeGreaterThanOrEqual(3);
      await biology.getByText('сабаққа қатыспады').first().waitFor({ state: 'attached' });
      await biology.getByText('үй тапсырмасы үшін').first().waitFor({ state: 'attached' });
      await biology.getByText(/БЖБ · Жасуша құрылысы:\s*12 \/ 15 балл/).waitFor();
      await biology.getByText(/§5: жасушаның құрылысы/).waitFor();
      const grade = await biology.getByLabel(/^Баға [2-5]$/).textContent();
      expect(grade).toMatch(/^[2-5]$/);
      expect(await audit(page, { serious: true })).toEqual([]);

      // Another quarter: the first one has no marks of this pupil.
      const period = page.getByRole('combobox', { name: 'Тоқсан' });
      const options = await period.locator('option').allTextContents();
      expect(options.length).toBeGreaterThanOrEqual(4);
      const current = await period.inputValue();
      const other = await period
        .locator('option')
        .evaluateAll(
          (els, now) => (els as HTMLOptionElement[]).map((o) => o.value).find((v) => v !== now),
          current,
        );
      await period.selectOption(other!);
      await expect.poll(() => period.inputValue()).toBe(other);
      await period.selectOption(current);
      await page.getByRole('article', { name: /^Биология/ }).waitFor();
    }));

  it('reads in Russian on a phone', () =>
    withPage(
      app.browser,
      'diary-student-ru',
      async (page) => {
        await login(page, app.base, 'student');
        await page.goto(`${app.base}/ru/diary`);
        await page.getByRole('heading', { level: 1, name: 'Дневник' }).waitFor();
        const biology = page.getByRole('article', { name: /^Биология/ });
        await biology.getByText(/СОР · Жасуша құрылысы:\s*12 \/ 15 балл/).waitFor();
        await biology.getByText('Итог четверти:').waitFor();
        const box = await biology.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(375);
        expect(await audit(page, { serious: true })).toEqual([]);
      },
      { width: 375, height: 740 },
    ));

  it('is not in a teacher’s menu', () =>
    withPage(app.browser, 'diary-teacher', async (page) => {
      await login(page, app.base, 'teacher');
      await page.getByRole('link', { name: 'Сабақ кестесі' }).first().waitFor();
      expect(await page.getByRole('link', { name: 'Күнделік' }).count()).toBe(0);
    }));
});
