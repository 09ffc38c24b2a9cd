// @vitest-environment node
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, HAS_CHROMIUM, RESULTS, audit, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: builder layout tests skipped`);

const SOR = 'demo-sor-algebra-7-kz';
const SHOTS = join(RESULTS, 'builder');

/** Horizontal overflow of the document (0: no sideways scroll). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * The toolbar's visible buttons whose centre is covered by another element (elementFromPoint at
 * the centre is neither the button nor inside it), by accessible name.
 */
const coveredToolbarButtons = (page: Page) =>
  page.evaluate(() => {
    const bar = document.querySelector('.sbq-main-toolbar');
    if (!bar) throw new Error('no builder toolbar');
    const covered: string[] = [];
    for (const button of bar.querySelectorAll<HTMLElement>('button')) {
      const box = button.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      button.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const r = button.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(hit === button || button.contains(hit)))
        covered.push(
          `${button.getAttribute('aria-label') ?? button.textContent?.trim()} under ${hit?.outerHTML.slice(0, 120)}`,
        );
    }
    return covered;
  });

/** The matching editor's box against its column's box (the module editor). */
const matchingFits = (page: Page) =>
  page.evaluate(() => {
    const matching = document.querySelector('.sbq-columns');
    const column = document.querySelector('.sbq-center');
    if (!matching || !column) throw new Error('no matching editor open');
    const m = matching.getBoundingClientRect();
    const c = column.getBoundingClientRect();
    const inside = m.left >= c.left - 1 && m.right <= c.right + 1;
    // Nothing inside the matching editor sticks out of it either.
    const children = [...matching.querySelectorAll<HTMLElement>('input, button, textarea')];
    const stickOut = children.filter((el) => {
      const b = el.getBoundingClientRect();
      return b.width > 0 && (b.left < m.left - 1 || b.right > m.right + 1);
    });
    // The side panel does not lie over it.
    const side = document.querySelector('.sbq-right')?.getBoundingClientRect();
    const overlapsSide =
      !!side &&
      side.width > 0 &&
      side.left < m.right - 1 &&
      side.right > m.left + 1 &&
      side.top < m.bottom - 1 &&
      side.bottom > m.top + 1;
    return { inside, stickOut: stickOut.length, overlapsSide };
  });

/** Text a person reads that is an internal code or a raw timestamp (none expected). */
const rawCodes = (page: Page) =>
  page.evaluate(() => {
    const text = document.body.innerText;
    return [
      ...(text.match(/\b(sor|soch|customLesson|lecture)\b/g) ?? []),
      ...(text.match(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/g) ?? []),
    ];
  });

async function openBuilder(page: Page, base: string, width: number, lang: 'kk' | 'ru' = 'kk') {
  await page.setViewportSize({ width, height: width < 500 ? 800 : 900 });
  await page.goto(`${base}/${lang}/content/exams/sor/${SOR}`);
  await page.locator('.sbq-editor').waitFor();
  await page.locator('.sbq-save[data-status="saved"]').waitFor({ timeout: 20_000 });
}

async function openMatching(page: Page) {
  await page
    .getByRole('button', { name: /Сәйкестік/ })
    .first()
    .click();
  await page.locator('.sbq-columns').waitFor();
}

describe.skipIf(!HAS_CHROMIUM)('builder layout in Chromium', { timeout: 240_000 }, () => {
  const app = e2eSuite();

  it('the methodist’s SOR draft at 375, 1024, 1366 and 1920 px: no sideways scroll, the toolbar uncovered, the matching editor inside its column, no serious axe findings', () =>
    withPage(app.browser, 'builder-layout', async (page) => {
      mkdirSync(SHOTS, { recursive: true });
      await login(page, app.base, 'methodist');
      for (const width of [375, 1024, 1366, 1920]) {
        await openBuilder(page, app.base, width);
        // The draft's type and version come from the catalogue, never the raw code.
        await expect(page.locator('.sbq-draft-label').textContent()).resolves.toMatch(
          /^БЖБ · \d+-нұсқа/,
        );
        await openMatching(page);
        // One column on a phone, structure + editor (side panel under it) on laptops, three
        // columns on a wide screen.
        const columns = await page.evaluate(
          () =>
            getComputedStyle(document.querySelector('.sbq-layout')!).gridTemplateColumns.split(' ')
              .length,
        );
        expect(columns, `columns at ${width}`).toBe(width < 768 ? 1 : width < 1440 ? 2 : 3);
        expect(await rawCodes(page), `codes on screen at ${width}`).toEqual([]);
        expect(await overflow(page), `sideways scroll at ${width}`).toBeLessThanOrEqual(0);
        expect(await coveredToolbarButtons(page), `covered toolbar at ${width}`).toEqual([]);
        const fit = await matchingFits(page);
        expect(fit, `matching editor at ${width}`).toEqual({
          inside: true,
          stickOut: 0,
          overlapsSide: false,
        });
        expect(await audit(page, { serious: true }), `axe at ${width}`).toEqual([]);
        await page.screenshot({ path: join(SHOTS, `sor-${width}.png`), fullPage: true });
        // The student preview is usable at this width too.
        await page.getByRole('button', { name: 'Алдын ала қарау' }).click();
        await page.locator('.sbq-preview').waitFor();
        expect(await overflow(page), `sideways scroll in preview at ${width}`).toBeLessThanOrEqual(
          0,
        );
        if (width === 375)
          await page.screenshot({ path: join(SHOTS, `sor-preview-${width}.png`), fullPage: true });
        await page.getByRole('button', { name: 'Редакторға оралу' }).click();
      }
    }));

  it('has an h1 with the draft title and an editing column wider than 270 px at 1366 (issue 29)', () =>
    withPage(app.browser, 'builder-h1', async (page) => {
      await login(page, app.base, 'methodist');
      await openBuilder(page, app.base, 1366);
      const h1 = page.getByRole('heading', { level: 1 });
      expect(await h1.count()).toBe(1);
      expect((await h1.innerText()).trim()).not.toBe('');
      await openMatching(page);
      const width = await page.evaluate(
        () => document.querySelector('.sbq-center')!.getBoundingClientRect().width,
      );
      console.log(`builder editing column at 1366: ${Math.round(width)} px`);
      expect(width).toBeGreaterThan(420);
    }));

  it('in Russian at 375 and 1366 px: the kind and version in words, dates DD.MM.YYYY HH:MM, no codes, no sideways scroll', () =>
    withPage(app.browser, 'builder-layout-ru', async (page) => {
      await login(page, app.base, 'methodist');
      for (const width of [375, 1366]) {
        await openBuilder(page, app.base, width, 'ru');
        await expect(page.locator('.sbq-draft-label').textContent()).resolves.toMatch(
          /^СОР · версия \d+/,
        );
        await page.getByRole('tab', { name: 'История изменений' }).click();
        const times = await page.locator('.sbq-editor time').allTextContents();
        for (const time of times) expect(time).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
        expect(await rawCodes(page), `codes on screen at ${width}`).toEqual([]);
        expect(await overflow(page), `sideways scroll at ${width}`).toBeLessThanOrEqual(0);
        expect(await coveredToolbarButtons(page), `covered toolbar at ${width}`).toEqual([]);
        expect(await audit(page, { serious: true }), `axe at ${width}`).toEqual([]);
        if (width === 1366)
          await page.screenshot({ path: join(SHOTS, `sor-ru-${width}.png`), fullPage: true });
      }
    }));

  it('publishing a new SOR shows the problems first and no copyright confirmation while there are any; the pairing hint goes once a pair is made', () =>
    withPage(app.browser, 'builder-publish', async (page) => {
      await login(page, app.base, 'methodist');
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(`${app.base}/kk/content/lessons`);
      await page.getByLabel('Атауы').fill('БЖБ: сәйкестендіру');
      await page.getByLabel('Түрі').selectOption('sor');
      await page.getByRole('button', { name: 'Құру' }).click();
      await page.waitForURL(/\/kk\/content\/exams\/sor\/[\w-]+$/);
      await page.locator('.sbq-save[data-status="saved"]').waitFor({ timeout: 20_000 });

      // A task with a matching answer: pick on the left, link on the right.
      await page.getByRole('button', { name: 'Бет қосу' }).click();
      await page.getByRole('button', { name: 'Тапсырма қосу' }).click();
      await page.getByRole('radio', { name: 'Сәйкестендіру' }).check();
      const addItem = page.getByRole('button', { name: 'Элемент қосу' });
      await addItem.nth(0).click();
      await addItem.nth(1).click();
      for (const [label, value] of [
        ['Сол жақ баған: Элемент 1', 'x + 2 = 5'],
        ['Оң жақ баған: Элемент 1', '3'],
      ] as const) {
        const field = page.getByLabel(label, { exact: true });
        await field.fill(value);
        await field.press('Enter');
      }
      await page.getByRole('button', { name: 'Жұпқа таңдау: 1. x + 2 = 5' }).click();
      const announce = page.locator('.sbq-announce');
      await expect(announce.textContent()).resolves.toMatch(/^Таңдалды/);
      await page.getByRole('button', { name: 'Таңдалғанмен байланыстыру: 1. 3' }).click();
      await expect(announce.textContent()).resolves.toBe('Жұп қосылды: 1. x + 2 = 5 → 1. 3.');
      await page.screenshot({ path: join(SHOTS, 'matching-1366.png') });

      // The task has no content or descriptors: publishing is blocked and says why first.
      await page.locator('.sbq-save[data-status="saved"]').waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Жариялау' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('alert').waitFor();
      expect(await dialog.getByRole('checkbox').count()).toBe(0);
      expect(await dialog.getByRole('button', { name: /^Растау/ }).count()).toBe(0);
      expect(await audit(page, { serious: true })).toEqual([]);
      await page.screenshot({ path: join(SHOTS, 'publish-problems-1366.png') });
      // A problem's link closes the list and opens its module.
      await dialog.locator('.sbq-problem-link').first().click();
      expect(await page.getByRole('dialog').count()).toBe(0);
    }));
});
