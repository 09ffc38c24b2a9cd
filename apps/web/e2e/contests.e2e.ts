// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CHROMIUM, HAS_CHROMIUM, audit, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

const SCREEN = { serious: true, within: '#main' };

/**
 * Contests in Chromium against the real server (issue 17): a visitor filters the list; a teacher
 * enters one of their published lessons in the open contest; a methodist scores the entries of the
 * contest whose entries closed and publishes the results, which anyone then reads with places.
 */
describe.skipIf(!HAS_CHROMIUM)('contests in Chromium', { timeout: 300_000 }, () => {
  const app = e2eSuite();

  it('a visitor filters contests; a teacher enters a lesson in the open one', () =>
    withPage(app.browser, 'contests-teacher', async (page) => {
      await page.goto(`${app.base}/ru/contest/list`);
      await page.getByRole('heading', { name: 'Конкурсы', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Открыть: Лучший урок — 2026' }).waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);
      await page.getByRole('combobox', { name: 'Тип материала' }).selectOption('sor');
      await page.waitForURL(/lessonType=sor/);
      await page.getByRole('link', { name: 'Открыть: Лучшие задания СОР' }).waitFor();
      // Only the SOR contest is left (polled: the list reloads as the address changes).
      await expect.poll(() => page.getByRole('link', { name: /^Открыть:/ }).count()).toBe(1);

      await login(page, app.base, 'teacher');
      await page.goto(`${app.base}/kk/contest/list`);
      await page.getByRole('link', { name: 'Ашу: Үздік сабақ — 2026' }).click();
      await page.getByRole('heading', { name: 'Үздік сабақ — 2026', level: 1 }).waitFor();
      const choose = page.getByRole('combobox', { name: 'Жарияланған материалым' });
      const title = await choose.locator('option:checked').innerText();
      await page.getByRole('button', { name: 'Байқауға ұсыну' }).click();
      await page.getByRole('status').filter({ hasText: 'Жұмыс байқауға қабылданды' }).waitFor();
      const entries = page.getByRole('table', { name: 'Ұсынылған жұмыстар' });
      await entries.getByRole('rowheader').filter({ hasText: title }).waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);
    }));

  it('a methodist scores the closed contest and publishes places', () =>
    withPage(app.browser, 'contests-jury', async (page) => {
      await login(page, app.base, 'methodist');
      await page.goto(`${app.base}/ru/contest/list?type=digital-resource`);
      await page.getByRole('link', { name: 'Открыть: Цифровой урок: естествознание' }).click();
      await page.getByRole('heading', { name: 'Жюри' }).waitFor();
      const forms = page.locator('form.contest-jury-entry');
      expect(await forms.count()).toBe(2);
      const scores = [
        [9, 9, 8, 5],
        [6, 7, 5, 3],
      ];
      for (const [i, points] of scores.entries()) {
        const form = forms.nth(i);
        const inputs = form.getByRole('textbox');
        for (const [n, value] of points.entries()) await inputs.nth(n).fill(String(value));
        await form.getByRole('button', { name: 'Сохранить оценку' }).click();
        await form.getByText('Оценка сохранена').waitFor();
      }
      expect(await audit(page, SCREEN)).toEqual([]);
      await page.getByRole('button', { name: 'Опубликовать итоги' }).click();
      const table = page.getByRole('table', { name: 'Поданные работы' });
      await table.getByRole('columnheader', { name: 'Место' }).waitFor();
      expect(await table.getByRole('row').nth(1).getByRole('cell').first().innerText()).toBe('1');
      expect(await table.getByRole('row').nth(1).innerText()).toContain('31');
    }));
});
