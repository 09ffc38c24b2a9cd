// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CHROMIUM, HAS_CHROMIUM, audit, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

const SCREEN = { serious: true, within: '#main' };

/**
 * Monitoring questionnaires in Chromium against the real server (issue 16): a director fills in
 * the organization's questionnaire (saved as they go) and submits it; the country worker follows
 * completion from the country to a school's respondents and back by the breadcrumbs. axe clean.
 */
describe.skipIf(!HAS_CHROMIUM)('monitoring in Chromium', { timeout: 300_000 }, () => {
  const app = e2eSuite();

  it('a director fills in the questionnaire, is told what is missing, and submits it', () =>
    withPage(app.browser, 'monitoring-director', async (page) => {
      await login(page, app.base, 'director');
      await page.goto(`${app.base}/kk/monitoring-director`);
      await page.getByRole('heading', { name: 'Менің сауалнамам' }).waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);
      await page
        .getByRole('link', { name: 'Білім беру ұйымы басшысының сауалнамасы: Толтыру' })
        .click();
      await page
        .getByRole('heading', { name: 'Білім беру ұйымы басшысының сауалнамасы', level: 1 })
        .waitFor();
      await page.getByRole('radio', { name: 'Иә', exact: true }).first().check();
      const status = page.getByRole('status').filter({ hasText: /Сақталды/ });
      await status.waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);

      // Submitting now: the server names what is missing, and the first one is marked.
      await page.getByRole('button', { name: 'Сауалнаманы жіберу' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Иә, жіберу' }).click();
      await page.getByText(/Міндетті сұрақтардың барлығына жауап беріңіз/).waitFor();
      expect(await page.locator('.mon-question-invalid').count()).toBeGreaterThan(3);

      // Every required question answered: scales at 4, the first choice of each, a number.
      const groups = page.locator('fieldset.mon-group');
      for (const radiogroup of await groups.getByRole('radiogroup').all()) {
        const four = radiogroup.getByRole('radio', { name: '4', exact: true });
        if ((await four.count()) > 0) await four.check();
        else await radiogroup.getByRole('radio').first().check();
      }
      await page.getByRole('checkbox', { name: 'Физика' }).check();
      await page.getByRole('textbox', { name: /Оқушыларға арналған компьютерлер саны/ }).fill('42');
      await page.getByRole('textbox', { name: /Ұйымның басты қиындықтары/ }).fill('Кадр тапшылығы');
      await page.getByRole('button', { name: 'Сауалнаманы жіберу' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Иә, жіберу' }).click();
      await page.getByText(/Сауалнама \d{2}\.\d{2}\.\d{4} жіберілді/).waitFor();
      expect(await page.getByRole('button', { name: 'Сауалнаманы жіберу' }).count()).toBe(0);
      await page.getByText('Кадр тапшылығы').waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);

      // The organization's page lists the director as sent.
      await page.getByRole('link', { name: 'Ұйым мониторингіне оралу' }).click();
      const me = page
        .getByRole('table', { name: 'Респонденттер' })
        .getByRole('row')
        .filter({ hasText: 'Ұйым басшылары' });
      await expect.poll(() => me.first().innerText()).toMatch(/Жіберілді/);
    }));

  it('the country worker follows completion down to a school and back by the breadcrumbs', () =>
    withPage(app.browser, 'monitoring-country', async (page) => {
      await login(page, app.base, 'country_worker');
      await page.goto(`${app.base}/ru/monitoring-country`);
      await page.getByRole('heading', { name: 'Казахстан', level: 1 }).waitFor();
      const regions = page.getByRole('table', { name: 'Регионы' });
      expect(await regions.getByRole('rowheader').count()).toBe(20);
      await page.getByRole('heading', { name: 'Результаты по разделам вопросов' }).waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);

      await page.getByRole('link', { name: 'Открыть: город Астана' }).click();
      await page.getByRole('heading', { name: 'город Астана', level: 1 }).waitFor();
      await page
        .getByRole('link', { name: 'Открыть: Управление образования города Астаны' })
        .click();
      await page.getByRole('link', { name: 'Открыть: Школа-лицей № 54 города Астаны' }).click();
      await page
        .getByRole('heading', { name: 'Школа-лицей № 54 города Астаны', level: 1 })
        .waitFor();
      const respondents = page.getByRole('table', { name: 'Респонденты' });
      await respondents.getByRole('rowheader').first().waitFor();
      expect(await respondents.getByRole('rowheader').count()).toBeGreaterThan(3);
      const trail = page.getByRole('navigation', { name: 'Уровни' });
      expect(await trail.getByRole('listitem').allInnerTexts()).toEqual([
        'Казахстан',
        'город Астана',
        'Управление образования города Астаны',
        'Школа-лицей № 54 города Астаны',
      ]);
      expect(await audit(page, SCREEN)).toEqual([]);
      await trail.getByRole('link', { name: 'Казахстан' }).click();
      await page.getByRole('heading', { name: 'Казахстан', level: 1 }).waitFor();
    }));
});
