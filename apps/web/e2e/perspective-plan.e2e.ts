// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CHROMIUM, HAS_CHROMIUM, audit, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

const SCREEN = { serious: true, within: '#main' };

/** Wednesday of this week in Kazakhstan time (UTC+5), as the server counts weeks. */
function wednesday(): string {
  const d = new Date(Date.now() + 5 * 3_600_000);
  const day = d.getUTCDay() === 0 ? 7 : d.getUTCDay();
  d.setUTCDate(d.getUTCDate() - (day - 1) + 2);
  return d.toISOString().slice(0, 10);
}

/**
 * The perspective plan in Chromium against the real server (issue 15): the demo `kindergarten`
 * teacher writes the health goal of this week's month, links Wednesday's second activity
 * (health: the national game «Асық») of the cyclogram to it, and sees the link on both pages.
 * Every screen is axe clean.
 */
describe.skipIf(!HAS_CHROMIUM)('perspective plan in Chromium', { timeout: 300_000 }, () => {
  const app = e2eSuite();

  it('the kindergarten teacher fills a goal, links a cyclogram activity to it and sees the link', (test) => {
    const date = wednesday();
    const month = Number(date.slice(5, 7));
    // The plan runs September to May: in summer this week has no plan month, and the test says
    // so as skipped rather than passing without a check.
    if (month >= 6 && month <= 8) test.skip();
    return withPage(app.browser, 'perspective-plan', async (page) => {
      await login(page, app.base, 'kindergarten');
      await page.goto(`${app.base}/kk/perspective-plan?month=${month}`);
      await page.getByRole('heading', { name: 'Перспективалық жоспар', level: 1 }).waitFor();
      const state = page.getByTestId('plan-state');
      const topic = page.getByRole('textbox', { name: 'Денсаулық: Тақырып, қазақша' });
      await topic.fill('Асық ойнап үйренеміз');
      await page
        .getByRole('textbox', { name: 'Денсаулық: Мақсаттар, қазақша' })
        .fill('Асық ату ережесін үйрету, көздің дәлдігін дамыту.');
      expect(await state.innerText()).toBe('Сақталмаған өзгерістер бар');
      await page.getByRole('button', { name: 'Сақтау' }).click();
      await expect.poll(() => state.innerText()).toMatch(/^Сақталды/);
      expect(await audit(page, SCREEN)).toEqual([]);

      await page.goto(`${app.base}/kk/cyclogramm`);
      await page.getByRole('heading', { name: 'Апталық циклограмма', level: 1 }).waitFor();
      const picker = page.getByRole('combobox', {
        name: 'Жоспар мақсаты: Сәрсенбі, Ұйымдастырылған іс-әрекет 2',
      });
      await picker.selectOption({ label: 'Асық ойнап үйренеміз' });
      await page.getByRole('button', { name: 'Сақтау' }).click();
      await expect.poll(() => page.getByTestId('cyclogram-state').innerText()).toMatch(/^Сақталды/);
      await page.reload();
      await expect
        .poll(() =>
          page
            .getByRole('combobox', {
              name: 'Жоспар мақсаты: Сәрсенбі, Ұйымдастырылған іс-әрекет 2',
            })
            .locator('option:checked')
            .innerText(),
        )
        .toBe('Асық ойнап үйренеміз');
      expect(await audit(page, SCREEN)).toEqual([]);

      await page.goto(`${app.base}/kk/perspective-plan?month=${month}`);
      const links = page.getByTestId('plan-links-health');
      await expect
        .poll(() => links.innerText())
        .toContain(`${date.split('-').reverse().join('.')}, Ұйымдастырылған іс-әрекет 2`);
      expect(await audit(page, SCREEN)).toEqual([]);
    });
  });
});
