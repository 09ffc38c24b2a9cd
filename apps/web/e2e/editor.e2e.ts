// @vitest-environment node
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, HAS_CHROMIUM, audit, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: editor browser tests skipped`);

/** Presses Tab until the focused element has `name` (aria-label or text): keyboard only. */
async function tabTo(page: Page, name: string, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
    });
    if (label === name) return;
  }
  throw new Error(`Tab never reached “${name}”`);
}

const saved = (page: Page) => page.locator('.sbq-save[data-status="saved"]').waitFor();

async function fill(page: Page, label: string, value: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.press('Enter');
}

async function addDescriptor(page: Page, criterion: string, row: string) {
  await fill(page, 'Бағалау критерийі', criterion);
  await page.getByRole('button', { name: 'Дескриптор қосу' }).click();
  await fill(page, 'Дескриптор 1', row);
}

describe.skipIf(!HAS_CHROMIUM)(
  'builder editor in Chromium against the real server',
  { timeout: 180_000 },
  () => {
    const app = e2eSuite();

    it('a methodist builds a SOR exam with every option kind, descriptors and purposes, publishes it and finds it unchanged after a reload', () =>
      withPage(app.browser, 'editor-sor', async (page) => {
        await login(page, app.base, 'methodist');
        await page.goto(`${app.base}/kk/content/lessons`);
        await page.getByLabel('Атауы').fill('БЖБ: Алгебра, 7-сынып');
        await page.getByLabel('Түрі').selectOption('sor');
        await page.getByRole('button', { name: 'Құру' }).click();
        await page.waitForURL(/\/kk\/content\/exams\/sor\/[\w-]+$/);
        const examUrl = page.url();

        await page.getByRole('button', { name: 'Бет қосу' }).click();
        await fill(page, 'Бет атауы 1', 'Бірінші бөлім');

        // 1. select
        await page.getByRole('button', { name: 'Тапсырма қосу' }).click();
        await fill(page, 'Модуль атауы', 'Астана');
        await page.getByRole('textbox', { name: 'Мазмұны' }).click();
        await page.keyboard.type('Қазақстанның астанасы қай қала?');
        await page.getByRole('radio', { name: 'Тізімнен таңдау' }).check();
        await page.getByRole('button', { name: 'Нұсқа қосу' }).click();
        await page.getByRole('button', { name: 'Нұсқа қосу' }).click();
        await fill(page, 'Нұсқа 1', 'Алматы');
        await fill(page, 'Нұсқа 2', 'Астана');
        await page.getByRole('radio', { name: 'Дұрыс жауап: Нұсқа 2' }).check();
        await addDescriptor(page, 'Астананы біледі', 'Дұрыс қаланы таңдайды');

        // 2. choice (multiple)
        await page.getByRole('button', { name: 'Тапсырма қосу' }).click();
        await fill(page, 'Модуль атауы', 'Жұп сандар');
        await page.getByRole('radio', { name: 'Нұсқаларды таңдау' }).check();
        await page.getByRole('checkbox', { name: 'Бірнеше дұрыс жауап' }).check();
        for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Нұсқа қосу' }).click();
        await fill(page, 'Нұсқа 1', '2');
        await fill(page, 'Нұсқа 2', '3');
        await fill(page, 'Нұсқа 3', '4');
        await page.getByRole('checkbox', { name: 'Дұрыс жауап: Нұсқа 1' }).check();
        await page.getByRole('checkbox', { name: 'Дұрыс жауап: Нұсқа 3' }).check();
        await addDescriptor(page, 'Жұп сандарды ажыратады', 'Екі жұп санды табады');

        // 3. connection, linked by keyboard only
        await page.getByRole('button', { name: 'Тапсырма қосу' }).click();
        await fill(page, 'Модуль атауы', 'Ақындар мен шығармалар');
        await page.getByRole('radio', { name: 'Сәйкестендіру' }).check();
        const addLeft = page.getByRole('button', { name: 'Элемент қосу' }).first();
        const addRight = page.getByRole('button', { name: 'Элемент қосу' }).last();
        await addLeft.click();
        await addLeft.click();
        await addRight.click();
        await addRight.click();
        await fill(page, 'Сол жақ баған: Элемент 1', 'Абай');
        await fill(page, 'Сол жақ баған: Элемент 2', 'Мұхтар Әуезов');
        await fill(page, 'Оң жақ баған: Элемент 1', 'Қара сөздер');
        await fill(page, 'Оң жақ баған: Элемент 2', 'Абай жолы');
        await page.getByLabel('Сол жақ баған: Элемент 1', { exact: true }).focus();
        await tabTo(page, 'Жұпқа таңдау: 1. Абай');
        await page.keyboard.press('Enter');
        await tabTo(page, 'Таңдалғанмен байланыстыру: 1. Қара сөздер');
        await page.keyboard.press('Enter');
        await page.getByLabel('Сол жақ баған: Элемент 2', { exact: true }).focus();
        await tabTo(page, 'Жұпқа таңдау: 2. Мұхтар Әуезов');
        await page.keyboard.press('Space');
        await tabTo(page, 'Таңдалғанмен байланыстыру: 2. Абай жолы');
        await page.keyboard.press('Space');
        const pairs = page.getByRole('region', { name: 'Дұрыс жұптар' });
        await expect(pairs.getByRole('listitem').count()).resolves.toBe(2);
        await addDescriptor(page, 'Шығармаларды біледі', 'Жұптарды дұрыс құрады');

        // Purposes: one, attached to every task.
        await page.getByRole('tab', { name: 'Оқу мақсаттары' }).click();
        await page.getByRole('button', { name: 'Мақсат қосу' }).click();
        const purpose = page.getByRole('textbox', { name: 'Оқу мақсаты 1', exact: true });
        await purpose.fill('7.1.1.1 білім мен түсінік');
        await purpose.press('Enter');
        await page.getByLabel('Тілдік деңгей').selectOption('B1');
        for (const name of [
          '1 Астана (Тапсырма)',
          '2 Жұп сандар (Тапсырма)',
          '3 Ақындар мен шығармалар (Тапсырма)',
        ]) {
          await page.getByRole('button', { name, exact: true }).click();
          await page.getByRole('checkbox', { name: '7.1.1.1 білім мен түсінік' }).check();
        }

        // Undo/redo of own edits with the keyboard.
        await page.getByRole('button', { name: '1 Астана (Тапсырма)', exact: true }).click();
        await fill(page, 'Модуль атауы', 'Астана қаласы');
        await page.getByRole('heading', { name: '1. Астана қаласы' }).waitFor();
        await page.locator('.sbq-main-toolbar button').first().focus();
        await page.keyboard.press('Control+z');
        await page.getByRole('heading', { name: '1. Астана' }).waitFor();
        await page.keyboard.press('Control+Shift+z');
        await page.getByRole('heading', { name: '1. Астана қаласы' }).waitFor();

        // Statistics and problems.
        await page.getByRole('tab', { name: 'Статистика' }).click();
        expect(await page.getByTestId('countTask').textContent()).toBe('3');
        expect(await page.getByTestId('countGrade').textContent()).toBe('3');
        await page.getByRole('button', { name: 'Тексеру' }).click();
        await page.getByText('Қате табылмады — жариялауға болады.').waitFor();
        await saved(page);

        // Publish through the copyright confirm.
        await page.getByRole('button', { name: 'Жариялау' }).click();
        const dialog = page.getByRole('dialog', { name: 'Жариялауды растау' });
        const confirm = dialog.getByRole('button', { name: 'Растау' });
        expect(await confirm.isDisabled()).toBe(true);
        // The share tick box (issue 28) is there and off by default: sharing is the author's choice.
        expect(
          await dialog.getByRole('checkbox', { name: /Жалпы каталогта бөлісу/ }).isChecked(),
        ).toBe(false);
        await dialog.getByRole('checkbox', { name: /авторлық құқықты/ }).check();
        expect(await confirm.isDisabled()).toBe(false);
        await confirm.click();
        await dialog.waitFor({ state: 'detached' });

        // Reload: everything is as it was.
        await page.goto(examUrl);
        await page.getByRole('button', { name: '1 Астана қаласы (Тапсырма)', exact: true }).click();
        expect(await page.getByLabel('Нұсқа 2', { exact: true }).inputValue()).toBe('Астана');
        expect(await page.getByRole('radio', { name: 'Дұрыс жауап: Нұсқа 2' }).isChecked()).toBe(
          true,
        );
        expect(await page.getByRole('textbox', { name: 'Мазмұны' }).textContent()).toBe(
          'Қазақстанның астанасы қай қала?',
        );
        await page
          .getByRole('button', { name: '3 Ақындар мен шығармалар (Тапсырма)', exact: true })
          .click();
        await expect(
          page.getByRole('region', { name: 'Дұрыс жұптар' }).getByRole('listitem').count(),
        ).resolves.toBe(2);
        expect(await audit(page, { within: '.sbq-editor' })).toEqual([]);
        await page.getByRole('button', { name: 'Алдын ала қарау' }).click();
        expect(await audit(page, { within: '.sbq-editor' })).toEqual([]);
        await page.goto(`${app.base}/kk/content/lessons`);
        await page.getByRole('row', { name: /БЖБ: Алгебра, 7-сынып.*Жарияланды/ }).waitFor();
      }));

    it('a teacher builds a custom lesson and checks answers in the preview', () =>
      withPage(app.browser, 'editor-teacher-preview', async (page) => {
        await login(page, app.base, 'teacher');
        await page.goto(`${app.base}/kk/content/lessons`);
        await page.getByLabel('Атауы').fill('Сабақ: Қазақстан қалалары');
        await page.getByRole('button', { name: 'Құру' }).click();
        await page.waitForURL(/content\/lessons\?draft=/);
        await page.getByRole('button', { name: 'Бет қосу' }).click();
        await page.getByRole('button', { name: 'Мәтіндік модуль қосу' }).click();
        await fill(page, 'Модуль атауы', 'Кіріспе');
        await page.getByRole('button', { name: 'Тапсырма қосу' }).click();
        await fill(page, 'Модуль атауы', 'Астана');
        await page.getByRole('radio', { name: 'Тізімнен таңдау' }).check();
        await page.getByRole('button', { name: 'Нұсқа қосу' }).click();
        await page.getByRole('button', { name: 'Нұсқа қосу' }).click();
        await fill(page, 'Нұсқа 1', 'Алматы');
        await fill(page, 'Нұсқа 2', 'Астана');
        await page.getByRole('radio', { name: 'Дұрыс жауап: Нұсқа 2' }).check();
        // Custom lessons do not number simple modules (the bullet is hidden from screen readers).
        await page
          .getByRole('button', { name: 'Кіріспе (Мәтіндік модуль)', exact: true })
          .waitFor();
        await page.getByRole('button', { name: '1 Астана (Тапсырма)', exact: true }).waitFor();
        await page.getByRole('button', { name: 'Алдын ала қарау' }).click();
        await page.getByLabel('Сіздің жауабыңыз').selectOption({ label: 'Алматы' });
        await page.getByRole('button', { name: 'Жауаптарды тексеру' }).click();
        await page.getByText('Нәтиже: 0 / 1').waitFor();
        await page.getByLabel('Сіздің жауабыңыз').selectOption({ label: 'Астана' });
        await page.getByRole('button', { name: 'Жауаптарды тексеру' }).click();
        await page.getByText('Нәтиже: 1 / 1').waitFor();
        await saved(page);
      }));
  },
);
