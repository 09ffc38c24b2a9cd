// @vitest-environment node
import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, HAS_CHROMIUM, audit, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

const SCREEN = { serious: true, within: '#main' };

/**
 * Individual developmental cards in Chromium against the real server (issue 15): the
 * kindergarten's director reads a group's levels per area; its teacher fills a child's card at
 * the start stage (each level saved at once, the area's level following); the director's chart
 * and table change. axe clean.
 */
describe.skipIf(!HAS_CHROMIUM)('developmental cards in Chromium', { timeout: 300_000 }, () => {
  const app = e2eSuite();

  it('a teacher fills a card at the start; the director sees the group change', async () => {
    const [group] = await app.server.db.query<{ id: number }>(
      "SELECT min(id) AS id FROM groups WHERE age_group = 'senior'",
    );
    // A child of the group whose start stage is not assessed yet.
    const [child] = await app.server.db.query<{ id: number; name: string }>(
      `SELECT u.id, u.surname || ' ' || u.firstname AS name FROM users u
        WHERE u.group_id = $1 AND u.role = 'student'
          AND NOT EXISTS (SELECT 1 FROM development_assessments a
                           WHERE a.child_id = u.id AND a.stage = 'start')
        ORDER BY u.id LIMIT 1`,
      [group!.id],
    );
    const healthThird = async (page: Page) => {
      await page.goto(`${app.base}/kk/individual_card-director/${group!.id}?stage=start`);
      const row = page
        .getByRole('table', { name: 'Деңгейлердің салалар бойынша бөлінуі' })
        .getByRole('row')
        .filter({ hasText: 'Денсаулық' });
      await row.waitFor();
      return Number(await row.getByRole('cell').nth(2).innerText());
    };
    let before = 0;
    await withPage(app.browser, 'development-director-before', async (page) => {
      await login(page, app.base, 'kindergarten-director');
      before = await healthThird(page);
      await page.locator('.recharts-surface').first().waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);
    });

    await withPage(app.browser, 'development-teacher', async (page) => {
      await login(page, app.base, 'kindergarten');
      await page.goto(`${app.base}/kk/individual-card`);
      await page.getByRole('link', { name: `${child!.name}: картаны ашу` }).click();
      await page.getByRole('heading', { name: child!.name, level: 1 }).waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);
      const health = page.getByRole('table', { name: 'Денсаулық' });
      const selects = health.getByRole('combobox', { name: /: Бастапқы бақылау$/ });
      const count = await selects.count();
      expect(count).toBeGreaterThan(2);
      for (let i = 0; i < count; i++) {
        await selects.nth(i).selectOption('3');
        await expect.poll(() => selects.nth(i).inputValue()).toBe('3');
      }
      await page.getByRole('status').filter({ hasText: 'Сақталды' }).waitFor();
      const areaLevel = health.getByRole('row').filter({ hasText: 'Сала деңгейі' });
      await expect.poll(() => areaLevel.getByRole('cell').first().innerText()).toBe('III');
      // A comment and a recommendation for the area at the start stage.
      await page
        .getByRole('textbox', { name: 'Денсаулық: Пікір' })
        .fill('Қимылды ойындарды ұнатады');
      await page
        .getByRole('textbox', { name: 'Денсаулық: Даму бойынша ұсыныс' })
        .fill('Таза ауада көбірек серуендеу');
      await page.getByRole('button', { name: 'Сақтау' }).first().click();
      await page.getByText('Пікір: Қимылды ойындарды ұнатады').waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);
    });

    await withPage(app.browser, 'development-director-after', async (page) => {
      await login(page, app.base, 'kindergarten-director');
      expect(await healthThird(page)).toBe(before + 1);
      // The group summary as PDF: the child and the area, in Kazakh.
      const [file] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        page.getByRole('button', { name: 'PDF', exact: true }).click(),
      ]);
      const pdf = await getDocument({
        data: new Uint8Array(await readFile((await file.path())!)),
        useSystemFonts: false,
      }).promise;
      const words: string[] = [];
      for (let n = 1; n <= pdf.numPages; n++)
        for (const item of (await (await pdf.getPage(n)).getTextContent()).items)
          if ('str' in item) words.push(item.str);
      await pdf.destroy();
      expect(words.join(' ')).toContain('Денсаулық');
      expect(words.join(' ')).toContain(child!.name.split(' ')[0]!);
      // The director reads the card and cannot change it.
      await page.getByRole('link', { name: `${child!.name}: картаны ашу` }).click();
      await page.getByText('Картаны тек топ тәрбиешісі толтырады').waitFor();
      await page.getByText('Даму бойынша ұсыныс: Таза ауада көбірек серуендеу').waitFor();
      expect(await page.getByRole('combobox', { name: /Бастапқы бақылау$/ }).count()).toBe(0);
      expect(await audit(page, SCREEN)).toEqual([]);
    });
  });
});
