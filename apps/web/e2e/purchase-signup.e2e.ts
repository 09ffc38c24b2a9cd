// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeIin } from '../../server/src/core/seed-data';
import { CHROMIUM, HAS_CHROMIUM, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

/**
 * Issue 30 in Chromium against the real server: a purchase asks first (the modal names the
 * tariff, its period and price; cancel takes no money) and the shop offers an individual
 * teacher no kindergarten month; a sign-up completes without SMTP — the code is read from the
 * development mail view (/api/dev/mail) and confirming signs the new user in.
 */
describe.skipIf(!HAS_CHROMIUM)(
  'purchases people can trust, sign-up without SMTP',
  { timeout: 300_000 },
  () => {
    const app = e2eSuite({ devMail: true });

    it('the buy button asks first; cancel takes no money', () =>
      withPage(app.browser, 'issue30-purchase', async (page) => {
        await login(page, app.base, 'individual');
        await page.goto(`${app.base}/ru/profile/balance`);
        const before = await page.getByTestId('balance-now').innerText();
        await page.goto(`${app.base}/ru/tariffs`);
        await page.getByRole('heading', { name: 'Тарифы', level: 1 }).waitFor();
        const month = page.getByTestId('tariff-personal-month');
        await month.waitFor();
        await month.getByRole('button', { name: 'Оплатить с баланса: Личный: месяц' }).click();
        const dialog = page.getByRole('dialog', { name: 'Подтвердите покупку' });
        await dialog.waitFor();
        const text = await dialog.innerText();
        expect(text).toContain('Тариф: Личный: месяц');
        expect(text).toContain('Срок: 30 дн.');
        expect(text).toContain('Цена: 5 990 ₸');
        await dialog.getByRole('button', { name: 'Отмена' }).click();
        await dialog.waitFor({ state: 'detached' });
        await page.goto(`${app.base}/ru/profile/balance`);
        await page.getByTestId('balance-now').waitFor();
        expect(await page.getByTestId('balance-now').innerText()).toBe(before);
      }));

    it('an individual teacher buys the kindergarten month and the library opens in the menu', () =>
      withPage(app.browser, 'issue30-kindergarten-month', async (page) => {
        await login(page, app.base, 'individual');
        await page.goto(`${app.base}/ru/methodical`);
        // Without the subscription the section sends them to the tariffs.
        await page.waitForURL(/\/ru\/tariffs$/);
        const month = page.getByTestId('tariff-kindergarden-month');
        await month.getByRole('button', { name: 'Оплатить с баланса: Детский сад: месяц' }).click();
        const dialog = page.getByRole('dialog', { name: 'Подтвердите покупку' });
        expect(await dialog.innerText()).toContain('Цена: 5 000 ₸');
        await dialog.getByRole('button', { name: /^Подтвердить/ }).click();
        await dialog.waitFor({ state: 'detached' });
        await page.goto(`${app.base}/ru/methodical`);
        await page.getByRole('heading', { name: 'Методический раздел', level: 1 }).waitFor();
        expect(page.url()).toMatch(/\/ru\/methodical$/);
        // The menu now holds the library's four sections, not the group work of a kindergarten.
        const nav = page.getByRole('navigation', { name: 'Главное меню' });
        await nav.getByRole('link', { name: 'Номенклатура' }).waitFor();
        expect(await nav.getByRole('link', { name: 'Циклограмма' }).count()).toBe(0);
      }));

    it('a sign-up reads its code in the dev mail view and ends signed in', () =>
      withPage(app.browser, 'issue30-signup', async (page) => {
        const iin = makeIin('2001-03-15', 'w', 7790);
        const email = 'e2e.signup@mail.kz';
        await page.goto(`${app.base}/ru/registation`);
        await page.getByLabel('ИИН', { exact: true }).fill(iin);
        await page.getByLabel('Фамилия', { exact: true }).fill('Бекова');
        await page.getByLabel('Имя', { exact: true }).fill('Аружан');
        await page.getByLabel('Электронная почта', { exact: true }).fill(email);
        await page.getByLabel('Пароль', { exact: true }).fill('Aruzhan-2026');
        await page.getByLabel('Повторите пароль', { exact: true }).fill('Aruzhan-2026');
        await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
        await page.waitForURL(/\/ru\/registation\/confirm/);
        const confirmUrl = page.url();

        // The development mail view lists the letter with the code.
        let code = '';
        await expect
          .poll(
            async () => {
              await page.goto(`${app.base}/api/dev/mail`);
              const letter = page.locator(`[data-testid="dev-letter"][data-recipient="${email}"]`);
              if ((await letter.count()) === 0) return '';
              code = /(\d{6})/.exec(await letter.first().innerText())?.[1] ?? '';
              return code;
            },
            { timeout: 30_000 },
          )
          .toMatch(/^\d{6}$/);

        await page.goto(confirmUrl);
        await page.getByLabel('Код подтверждения').fill(code);
        await page.getByRole('button', { name: 'Подтвердить', exact: true }).click();
        await page.waitForURL((url) => !/\/(login|registation)/.test(url.pathname));
        // Signed in: the own cabinet opens without a login.
        await page.goto(`${app.base}/ru/profile/cabinet`);
        await page.getByRole('heading', { name: 'Личный кабинет' }).waitFor();
        expect(page.url()).not.toMatch(/\/login/);
      }));
  },
);
