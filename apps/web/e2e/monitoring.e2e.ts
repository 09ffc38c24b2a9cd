// @vitest-environment node
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, HAS_CHROMIUM, audit, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

const SCREEN = { serious: true, within: '#main' };

/**
 * Monitoring questionnaires in Chromium against the real server (issue 16): a director fills in
 * the organization's questionnaire (saved as they go) and submits it; the country worker follows
 * completion from the country to a school's respondents and back by the breadcrumbs. axe clean.
 */
/** Clicks an export button and returns the file the page saved. */
async function downloadOf(page: Page, button: string): Promise<Buffer> {
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  return readFile((await file.path())!);
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++)
    for (const item of (await (await pdf.getPage(n)).getTextContent()).items)
      if ('str' in item) parts.push(item.str);
  await pdf.destroy();
  return parts.join(' ');
}

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

  it('a region worker downloads the region as Excel and PDF with the figures of the screen', () =>
    withPage(app.browser, 'monitoring-export', async (page) => {
      await login(page, app.base, 'region_worker');
      await page.goto(`${app.base}/ru/monitoring-region`);
      await page.getByRole('heading', { name: 'город Астана', level: 1 }).waitFor();
      const expected = await page
        .locator('.stat-tile')
        .filter({ hasText: 'Респонденты' })
        .locator('dd')
        .innerText();
      expect(await audit(page, SCREEN)).toEqual([]);

      const xlsx = await downloadOf(page, 'Excel (.xlsx)');
      await page
        .getByRole('status')
        .filter({ hasText: /Файл скачан/ })
        .waitFor();
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const rows: string[][] = [];
      sheet.eachRow((row) =>
        rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))),
      );
      expect(rows.flat().join(' ')).toContain('Мониторинг анкетирования');
      const total = rows.find((row) => row[0] === 'Итого')!;
      expect(total).toBeDefined();
      expect(total).toContain(expected);

      const pdf = await pdfText(await downloadOf(page, 'PDF'));
      expect(pdf).toContain('Мониторинг анкетирования');
      expect(pdf).toContain('город Астана');
    }));
});
