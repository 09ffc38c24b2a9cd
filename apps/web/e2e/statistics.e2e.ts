// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CHROMIUM, HAS_CHROMIUM, audit, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

const SCREEN = { serious: true, within: '#main' };

/**
 * School and class statistics in Chromium against the real server (issue 16): the director reads
 * the school's figures computed from the demo journal, sorts the class table, opens 7А and comes
 * back; the group lead's page is the class they lead. Charts come with their tables; axe clean.
 */
describe.skipIf(!HAS_CHROMIUM)('statistics in Chromium', { timeout: 300_000 }, () => {
  const app = e2eSuite();

  it('the director reads the school, sorts classes by quality, opens 7А and goes back', () =>
    withPage(app.browser, 'statistics-director', async (page) => {
      await login(page, app.base, 'director');
      await page.goto(`${app.base}/ru/statistics`);
      await page.getByRole('heading', { name: 'Статистика школы', level: 1 }).waitFor();
      // The demo journal has algebra marks in 7А: the quality tile shows a percentage.
      const quality = page.locator('.stat-tile').filter({ hasText: 'Качество знаний' });
      await expect.poll(() => quality.locator('dd').innerText()).toMatch(/^\d+(,\d)? %$/);
      // The chart is drawn and its table is there for screen readers.
      await page.locator('.recharts-surface').first().waitFor();
      await page.getByRole('table', { name: 'Распределение оценок' }).waitFor();
      // Platform usage from the demo pupils' homework and lessons.
      const usage = page.locator('.stat-tile').filter({ hasText: 'Использование платформы' });
      await expect.poll(() => usage.locator('dd').innerText()).toMatch(/^\d+(,\d)? %$/);
      expect(await audit(page, SCREEN)).toEqual([]);

      // Year to date, from the keyboard: every quarter's grades together, the pupils graded grow.
      const graded = async () =>
        Number(
          await page
            .getByRole('table', { name: 'По классам' })
            .getByRole('row')
            .filter({ hasText: '7А' })
            .locator('td')
            .first()
            .innerText(),
        );
      const quarterQuality = await quality.locator('dd').innerText();
      // The span is a radio group: focused, the arrow key moves to the year.
      await page.getByRole('radio', { name: 'Четверть' }).focus();
      await page.keyboard.press('ArrowRight');
      await page.getByText(/с начала года по .* включительно/).waitFor();
      expect(await page.getByRole('radio', { name: 'С начала года' }).isChecked()).toBe(true);
      await expect.poll(() => quality.locator('dd').innerText()).toMatch(/^\d+(,\d)? %$/);
      expect(await graded()).toBeGreaterThan(0);
      expect(await audit(page, SCREEN)).toEqual([]);
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => quality.locator('dd').innerText()).toBe(quarterQuality);

      const classes = page.getByRole('table', { name: 'По классам' });
      await classes.getByRole('button', { name: /Качество знаний/ }).click();
      await expect
        .poll(() => classes.locator('th[aria-sort]').getAttribute('aria-sort'))
        .toBe('descending');
      await page.getByRole('link', { name: 'Открыть класс 7А' }).click();
      await page.waitForURL(/\/ru\/statistics\/\d+$/);
      await page.getByRole('heading', { name: 'Статистика класса 7А', level: 1 }).waitFor();
      const algebra = page
        .getByRole('table', { name: 'По предметам' })
        .getByRole('row')
        .filter({ hasText: 'Алгебра' });
      await algebra.waitFor();
      expect(
        await page.getByRole('table', { name: 'По ученикам' }).getByRole('row').count(),
      ).toBeGreaterThan(10);
      expect(await audit(page, SCREEN)).toEqual([]);
      await page.getByRole('link', { name: 'Назад к статистике школы' }).click();
      await page.getByRole('heading', { name: 'Статистика школы', level: 1 }).waitFor();
    }));

  it('the group lead sees the class they lead, in Kazakh', () =>
    withPage(app.browser, 'statistics-group-lead', async (page) => {
      await login(page, app.base, 'group-lead');
      await page.goto(`${app.base}/kk/statistics`);
      await page
        .getByRole('heading', { name: 'Менің сыныптарымның статистикасы', level: 1 })
        .waitFor();
      const rows = page.getByRole('table', { name: 'Сыныптар бойынша' }).getByRole('rowheader');
      expect(await rows.allInnerTexts()).toEqual(['7А']);
      expect(await audit(page, SCREEN)).toEqual([]);
    }));

  it('a teacher opening the statistics reads its promo from the site pages (spec §2)', () =>
    withPage(app.browser, 'statistics-promo', async (page) => {
      await login(page, app.base, 'teacher');
      await page.goto(`${app.base}/ru/statistics`);
      await page.getByRole('heading', { name: 'Статистика образования', level: 1 }).waitFor();
      await page.getByText(/Директор и заместитель/).waitFor();
      expect(page.url()).toMatch(/\/ru\/statistics$/);
      expect(await audit(page, SCREEN)).toEqual([]);
    }));

  it('the country worker drills from the country to a class and back by the breadcrumbs', () =>
    withPage(app.browser, 'statistics-country', async (page) => {
      await login(page, app.base, 'country_worker');
      await page.goto(`${app.base}/ru/statistics/country`);
      await page.getByRole('heading', { name: 'Казахстан', level: 1 }).waitFor();
      const regions = page.getByRole('table', { name: 'Регионы' });
      expect(await regions.getByRole('rowheader').count()).toBe(20);
      expect(await audit(page, SCREEN)).toEqual([]);

      await page.getByRole('link', { name: 'Открыть: город Астана' }).click();
      await page.getByRole('heading', { name: 'город Астана', level: 1 }).waitFor();
      await page
        .getByRole('link', { name: 'Открыть: Управление образования города Астаны' })
        .click();
      await page
        .getByRole('heading', { name: 'Управление образования города Астаны', level: 1 })
        .waitFor();
      // Two schools with figures: the comparison chart and its table.
      await page
        .getByRole('heading', { name: 'Сравнение: качество знаний и успеваемость' })
        .waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);
      // The year to date at this level too, with platform usage per school.
      await page.getByRole('radio', { name: 'Четверть' }).focus();
      await page.keyboard.press('ArrowRight');
      await page.getByText(/с начала года по .* включительно/).waitFor();
      const schools = page.getByRole('table', { name: 'Школы' });
      await schools.getByRole('button', { name: /Использование платформы/ }).waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);
      await page.getByRole('link', { name: 'Открыть: Школа-лицей № 54 города Астаны' }).click();
      await page.getByRole('link', { name: 'Открыть: 7А' }).click();
      await page.getByRole('heading', { name: '7А', level: 1 }).waitFor();
      await page.getByRole('table', { name: 'Предметы' }).getByText('Алгебра').waitFor();
      const trail = page.getByRole('navigation', { name: 'Уровни' });
      expect(await trail.getByRole('listitem').allInnerTexts()).toEqual([
        'Казахстан',
        'город Астана',
        'Управление образования города Астаны',
        'Школа-лицей № 54 города Астаны',
        '7А',
      ]);
      expect(await audit(page, SCREEN)).toEqual([]);
      // Back up two levels by the breadcrumbs, then to the country.
      await trail.getByRole('link', { name: 'город Астана' }).click();
      await page.getByRole('heading', { name: 'город Астана', level: 1 }).waitFor();
      await page
        .getByRole('navigation', { name: 'Уровни' })
        .getByRole('link', { name: 'Казахстан' })
        .click();
      await page.getByRole('heading', { name: 'Казахстан', level: 1 }).waitFor();
    }));
});
