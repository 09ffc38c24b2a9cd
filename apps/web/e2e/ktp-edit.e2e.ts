// @vitest-environment node
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  CHROMIUM,
  HAS_CHROMIUM,
  audit,
  e2eSuite,
  login,
  openAlgebraShow,
  withPage,
} from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

/** The audits here look at the KTP screen itself. */
const KTP = { within: '.ktp-page' };

/** The topics of the edit table, in order. */
async function topics(page: Page): Promise<string[]> {
  return page
    .locator('.ktp-edit-table tbody .ktp-topic input')
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
}

/**
 * Editing a calendar plan in Chromium against the real server and the demo seed: the teacher
 * (7А's class teacher) deletes 7А's geography plan (nothing answered), creates it anew from the
 * group page, adds three lessons, moves one with Alt+↓, reloads and sees the order, exports the
 * plan as .xlsx, changes it, imports the file back and gets the exported plan again, sees a bad
 * pasted row listed, and drags a row to the top.
 */
describe.skipIf(!HAS_CHROMIUM)(
  'editing calendar plans (KTP) in Chromium',
  { timeout: 180_000 },
  () => {
    const app = e2eSuite({ accessTokenTtlSeconds: 900 });

    it('the teacher creates a plan, adds three lessons, reorders by keyboard, exports and re-imports', () =>
      withPage(app.browser, 'ktp-edit', async (page) => {
        await login(page, app.base, 'teacher');
        await page.goto(`${app.base}/kk/backoffice/ktp`);
        await page.getByRole('link', { name: /^7А/ }).click();
        await page.getByRole('heading', { name: 'Күнтізбелік жоспарлар: 7А' }).waitFor();
        // Every subject of 7А has a demo plan: no create form yet.
        expect(await page.getByRole('button', { name: 'Жоспар құру' }).count()).toBe(0);

        // Delete the geography plan (no materials, no answers).
        await page.getByRole('link', { name: 'География', exact: true }).click();
        await page.getByRole('heading', { name: 'КТЖ: География · 7А' }).waitFor();
        await page.getByRole('button', { name: 'Жоспарды өңдеу' }).click();
        await page.getByRole('button', { name: 'Жоспарды жою' }).click();
        const confirm = page.getByRole('alertdialog', { name: 'Жоспарды жою' });
        await confirm.getByText('Бүкіл жоспарды жоясыз ба?', { exact: false }).waitFor();
        await confirm.getByRole('button', { name: 'Жоспарды жою' }).click();
        await page.getByRole('heading', { name: 'Күнтізбелік жоспарлар: 7А' }).waitFor();

        // Create it again from the group page.
        const form = page.getByRole('form', { name: /оқу жылына жаңа жоспар$/ });
        await form.waitFor();
        expect(await audit(page, KTP)).toEqual([]);
        await form.getByLabel('Пән').selectOption({ label: 'География' });
        await form.getByRole('button', { name: 'Жоспар құру' }).click();
        await page.getByRole('heading', { name: 'КТЖ: География · 7А' }).waitFor();
        const planId = Number(page.url().split('/').pop());
        // An empty plan opens in edit mode.
        await page.getByText('Жоспарда сабақ жоқ: төменде қосыңыз немесе .xlsx жүктеңіз').waitFor();
        expect(await audit(page, KTP)).toEqual([]);

        // Three lessons, typed and sent with Enter.
        const add = page.getByRole('form', { name: 'Жаңа сабақ' });
        for (const [topic, hours] of [
          ['Жер шары және оның бейнелері', '2'],
          ['Литосфера', '3'],
          ['Гидросфера', '1'],
        ] as const) {
          await add.getByLabel('Тақырып').fill(topic);
          await add.getByLabel('Сағат').fill(hours);
          await add.getByLabel('Сағат').press('Enter');
          await page.locator(`.ktp-edit-table input[value="${topic}"]`).waitFor();
        }
        expect(await topics(page)).toEqual([
          'Жер шары және оның бейнелері',
          'Литосфера',
          'Гидросфера',
        ]);
        // A bad value is refused in place.
        await page.getByLabel('№2 сағаты').fill('12');
        await page.getByLabel('№2 сағаты').press('Enter');
        await page.getByText('Сағат: 1-ден 10-ға дейінгі бүтін сан').waitFor();
        await page.getByLabel('№2 сағаты').fill('3');
        expect(await audit(page, KTP)).toEqual([]);

        // Move «Жер шары…» down with Alt+↓ from its topic field: focus stays on it.
        await page.getByLabel('№1 тақырыбы').focus();
        await page.keyboard.press('Alt+ArrowDown');
        await page
          .getByRole('status')
          .getByText('«Жер шары және оның бейнелері» енді №2')
          .waitFor();
        expect(await topics(page)).toEqual([
          'Литосфера',
          'Жер шары және оның бейнелері',
          'Гидросфера',
        ]);
        expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe(
          'Жер шары және оның бейнелері',
        );

        // After a reload the order is the server's.
        await page.reload();
        await page.getByRole('heading', { name: 'КТЖ: География · 7А' }).waitFor();
        const rows = page.getByRole('table').getByRole('rowheader');
        expect(await rows.allTextContents()).toEqual([
          'Литосфера',
          'Жер шары және оның бейнелері',
          'Гидросфера',
        ]);
        expect(await audit(page, KTP)).toEqual([]);

        // Export, edit, import the export back: the exported plan again.
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: '.xlsx жүктеп алу' }).click(),
        ]);
        const file = await download.path();
        expect(download.suggestedFilename()).toMatch(/^KTP 7А География .*\.xlsx$/);
        await page.getByRole('button', { name: 'Жоспарды өңдеу' }).click();
        await page.getByLabel('№3 тақырыбы').fill('Атмосфера');
        await page.getByRole('button', { name: '№3 сақтау' }).click();
        await page.getByRole('status').getByText('Сақталды').waitFor();
        expect((await topics(page))[2]).toBe('Атмосфера');
        await page.locator('.ktp-import input[type="file"]').setInputFiles(file);
        await page.getByRole('status').getByText('Жоспар ауыстырылды: 3 сабақ').waitFor();
        expect(await topics(page)).toEqual([
          'Литосфера',
          'Жер шары және оның бейнелері',
          'Гидросфера',
        ]);
        const stored = await app.server.db.query<{ number: number; topic: string; hours: number }>(
          'SELECT number, topic, hours FROM calendar_plan_lessons WHERE plan_id = $1 ORDER BY number',
          [planId],
        );
        expect(stored).toEqual([
          { number: 1, topic: 'Литосфера', hours: 3 },
          { number: 2, topic: 'Жер шары және оның бейнелері', hours: 2 },
          { number: 3, topic: 'Гидросфера', hours: 1 },
        ]);

        // A pasted list with a bad row: its problem is listed and nothing changes.
        await page.getByText('Тізімнен қою').click();
        await page.getByLabel(/^Жолдар/).fill('1\tМұхиттар\t2\t1\n2\t\t1\t5');
        await page.getByRole('button', { name: 'Тізіммен ауыстыру' }).click();
        const alert = page.getByRole('alert').filter({ hasText: 'Ештеңе сақталмады' });
        await alert.getByText('2-жол: тақырып бос; тоқсан 1, 2, 3 немесе 4 болуы керек').waitFor();
        expect((await topics(page))[0]).toBe('Литосфера');
        expect(await audit(page, KTP)).toEqual([]);

        // Drag the third row by its handle onto the first (both on screen: a scroll in the
        // middle of a drag would move the pointer off the handle).
        await page.evaluate(() => window.scrollTo(0, 0));
        await page
          .getByTitle('№3 сабақты сүйреу')
          .dragTo(page.locator('.ktp-edit-table tbody tr').first());
        await page.getByRole('status').getByText('«Гидросфера» енді №1').waitFor();
        expect(await topics(page)).toEqual([
          'Гидросфера',
          'Литосфера',
          'Жер шары және оның бейнелері',
        ]);
        const dragged = await app.server.db.query<{ topic: string }>(
          'SELECT topic FROM calendar_plan_lessons WHERE plan_id = $1 ORDER BY number',
          [planId],
        );
        expect(dragged.map((r) => r.topic)).toEqual([
          'Гидросфера',
          'Литосфера',
          'Жер шары және оның бейнелері',
        ]);
      }));

    it('show mode: Esc in full screen leaves full screen and the show in one press', () =>
      withPage(app.browser, 'ktp-show-fullscreen', async (page) => {
        await openAlgebraShow(page, app.base);
        await page.getByRole('button', { name: 'Толық экран' }).click();
        await page.waitForFunction(() => document.fullscreenElement !== null);
        await page.getByRole('button', { name: 'Толық экраннан шығу' }).waitFor();
        // The exit button is inside the full-screen box, and the help line says what Esc does.
        await page
          .locator(':fullscreen')
          .getByRole('button', { name: 'Көрсетуден шығу' })
          .waitFor();
        await page.getByText('Толық экранда: Esc – көрсетуден шығу', { exact: false }).waitFor();
        expect(await audit(page, KTP)).toEqual([]);
        await page.keyboard.press('Escape');
        await page.waitForURL(/\/kk\/schedule\/lecture\/control\/view\//);
        expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
      }));
  },
);
