// @vitest-environment node
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, HAS_CHROMIUM, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: timetable week tests skipped`);

/** Visible day columns of the week (their header texts). */
const visibleDays = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.bo-week thead th')]
      .filter((th) => th.getBoundingClientRect().width > 0)
      .map((th) => th.innerText.trim())
      .slice(1),
  );

/**
 * The class timetable (issue 29): the director sees the demo class's week, Monday to Saturday,
 * in one view at 1366 px with no sideways scroll and compact cells (teacher as «Surname I. O.»,
 * the full name in the cell's title); at 375 px one day at a time with the day switcher.
 */
describe.skipIf(!HAS_CHROMIUM)('the class timetable week in Chromium', { timeout: 240_000 }, () => {
  const app = e2eSuite();

  it('fits Mon–Sat at 1366 px; one day at a time at 375 px', async () => {
    // A class of the director's school whose week has teachers (the seed names some).
    const [group] = await app.server.db.query<{ name: string }>(
      `SELECT g.parallel || g.letter AS name FROM timetable_slots s
         JOIN groups g ON g.id = s.group_id
         JOIN users u ON u.school_id = g.school_id AND u.login = 'director'
        WHERE s.teacher_id IS NOT NULL
        GROUP BY g.parallel, g.letter ORDER BY count(*) DESC LIMIT 1`,
    );
    expect(group).toBeDefined();
    await withPage(app.browser, 'timetable-week', async (page) => {
      await login(page, app.base, 'director');
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(`${app.base}/kk/backoffice/schedules`);
      await page.getByRole('heading', { name: 'Сабақ кестелері', level: 1 }).waitFor();
      await page
        .locator('main')
        .getByRole('link', { name: `${group!.name} кестесі` })
        .click();
      await page.locator('.bo-week').waitFor();
      await page.locator('.bo-slot').first().waitFor();

      const wide = await page.evaluate(() => {
        const saturday = [...document.querySelectorAll('.bo-week thead th')].at(-1)!;
        return {
          scroll: document.documentElement.scrollWidth - window.innerWidth,
          inner:
            (document.querySelector('.bo-week-wrap') as HTMLElement).scrollWidth -
            (document.querySelector('.bo-week-wrap') as HTMLElement).clientWidth,
          saturdayRight: saturday.getBoundingClientRect().right,
          width: window.innerWidth,
        };
      });
      expect(wide.scroll, 'page scrolls sideways at 1366').toBeLessThanOrEqual(0);
      expect(wide.inner, 'the week scrolls sideways at 1366').toBeLessThanOrEqual(0);
      expect(wide.saturdayRight).toBeLessThanOrEqual(wide.width);
      expect(await visibleDays(page)).toEqual([
        'Дүйсенбі',
        'Сейсенбі',
        'Сәрсенбі',
        'Бейсенбі',
        'Жұма',
        'Сенбі',
      ]);
      // Compact: the teacher's initials in the cell, the full name in its title.
      const named = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.bo-slot')]
          .map((slot) => ({
            meta: slot.querySelector<HTMLElement>('.bo-slot-meta')!.innerText.trim(),
            title: slot.title,
          }))
          .filter((slot) => /\S\./u.test(slot.meta)),
      );
      expect(named.length).toBeGreaterThan(0);
      for (const slot of named) {
        expect(slot.meta).toMatch(/^\S+ (\S\. ?)+/u);
        expect(slot.title).toContain(slot.meta.split(' ')[0]!);
        expect(slot.title.length).toBeGreaterThan(slot.meta.length);
      }

      await page.setViewportSize({ width: 375, height: 800 });
      await page.locator('.bo-day-switch').waitFor();
      await expect.poll(() => visibleDays(page)).toHaveLength(1);
      await page.locator('.bo-day-switch').getByText('Сб', { exact: true }).click();
      await expect.poll(() => visibleDays(page)).toEqual(['Сенбі']);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        'page scrolls sideways at 375',
      ).toBeLessThanOrEqual(0);
    });
  });
});
