// @vitest-environment node
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIn } from '../../server/src/test/cloudpayments-standin';
import type { StandIn } from '../../server/src/test/cloudpayments-standin';
import { CHROMIUM, HAS_CHROMIUM, audit, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

const SCREEN = { serious: true, within: '#main' };
const SECRET = 'e2e-cloudpayments-secret';
const PUBLIC_ID = 'pk_e2e_sabaq';

/** Opens the lecture builder's "new lecture": a section that needs a live subscription. */
async function openBuilder(page: Page, base: string, lang: 'kk' | 'ru'): Promise<void> {
  await page.goto(`${base}/${lang}/content/lectures/control/create/new`);
}

/** Pays through the stand-in's widget on the page: its card form, then "Pay". */
async function payInWidget(page: Page): Promise<void> {
  const widget = page.getByRole('dialog', { name: 'CloudPayments (stand-in)' });
  await widget.waitFor();
  await widget.getByRole('button', { name: 'Pay', exact: true }).click();
  await widget.waitFor({ state: 'detached' });
}

/**
 * Tariffs, payment and balance in Chromium against the real server (issue 19), with the
 * loopback CloudPayments stand-in as the provider: the server is configured with its public id,
 * secret and widget URL; the page loads the stand-in's widget, the stand-in posts the signed
 * Check and Pay notifications to the server. Nothing in the app knows it is a stand-in.
 */
describe.skipIf(!HAS_CHROMIUM)('commerce in Chromium', { timeout: 300_000 }, () => {
  let standIn: StandIn;
  beforeAll(async () => {
    standIn = await startStandIn(SECRET, PUBLIC_ID);
    process.env.CLOUDPAYMENTS_PUBLIC_ID = PUBLIC_ID;
    process.env.CLOUDPAYMENTS_API_SECRET = SECRET;
    process.env.CLOUDPAYMENTS_WIDGET_URL = standIn.widgetUrl;
  });
  const app = e2eSuite({ accessTokenTtlSeconds: 900 });
  beforeAll(() => {
    standIn.target = app.base;
  });
  afterAll(async () => standIn?.close());

  it('an individual teacher whose trial ended picks a tariff, pays by card, and the builder opens', () =>
    withPage(app.browser, 'commerce-trial', async (page) => {
      await login(page, app.base, 'trial');
      await openBuilder(page, app.base, 'kk');
      await page.waitForURL(/\/kk\/subscribe-locked$/);
      await page.getByRole('heading', { name: 'Жазылым бұғатталған' }).waitFor();
      await expect
        .poll(() => page.getByTestId('locked-text').innerText())
        .toMatch(/^Жазылымыңыздың мерзімі \d{2}\.\d{2}\.\d{4} аяқталды/);
      expect(await audit(page, SCREEN)).toEqual([]);

      await page.getByRole('link', { name: 'Тариф таңдау' }).click();
      await page.getByRole('heading', { name: 'Тарифтер', level: 1 }).waitFor();
      const month = page.getByTestId('tariff-personal-month');
      expect(await month.innerText()).toContain('5 990 ₸');
      expect(await page.getByTestId('tariff-personal-year').innerText()).toContain('65 000 ₸');
      // An individual teacher is offered what opens for them, the kindergarten library too (issue 30).
      expect(await page.getByTestId('tariff-kindergarden-month').innerText()).toContain('5 000 ₸');
      expect(await audit(page, SCREEN)).toEqual([]);

      await month.getByRole('button', { name: 'Картамен төлеу: Жеке: ай' }).click();
      const confirm = page.getByRole('dialog', { name: 'Сатып алуды растаңыз' });
      expect(await confirm.innerText()).toContain('Бағасы: 5 990 ₸');
      await confirm.getByRole('button', { name: 'Растау және төлеу' }).click();
      await payInWidget(page);
      await page.waitForURL(/\/kk\/payment\/\d+$/);
      await page.getByText('Төлем қабылданды. Рақмет!').waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);

      // The locked section opens: a new lecture is created and its editor shown.
      await openBuilder(page, app.base, 'kk');
      await page.waitForURL(/\/kk\/content\/lectures\/control\/edit\//);

      await page.goto(`${app.base}/kk/profile/balance`);
      await page.getByTestId('balance-now').waitFor();
      expect(await page.getByTestId('balance-now').innerText()).toBe('Балансыңыз: 0 ₸');
      const ledger = page.getByTestId('ledger');
      const rows = await ledger.getByRole('row').allInnerTexts();
      expect(rows.slice(1).map((r) => r.replace(/\s+/g, ' '))).toEqual([
        expect.stringMatching(/Сатып алу: Тарифті сатып алу: Жеке: ай −5 990 ₸ 0 ₸/),
        expect.stringMatching(/Толтыру: Балансты картамен толтыру \+5 990 ₸ 5 990 ₸/),
      ]);
      expect(await page.getByTestId('subscription').first().textContent()).toContain('Белсенді');
      expect(await audit(page, SCREEN)).toEqual([]);
      // A receipt downloads as a PDF.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        ledger
          .getByRole('button', { name: /түбіртегін PDF түрінде жүктеу$/ })
          .first()
          .click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^Түбіртек-\d+\.pdf$/);

      // The cabinet: own details saved, a bad e-mail named under its field; the sessions tab.
      await page.getByRole('tab', { name: 'Кабинет' }).click();
      await page.waitForURL(/\/kk\/profile\/cabinet$/);
      const email = page.getByLabel('Электрондық пошта');
      await email.fill('not-an-email');
      await page.getByRole('button', { name: 'Сақтау' }).click();
      await page.getByText('Электрондық пошта мекенжайы қате').waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);
      await email.fill('gulnar.new@demo.sabaq.kz');
      await page.getByRole('button', { name: 'Сақтау' }).click();
      await page.getByText('Деректер сақталды').waitFor();
      await page.getByRole('tab', { name: 'Сеанстар' }).click();
      await page.getByTestId('sessions').getByText('осы сеанс', { exact: true }).waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);
    }));

  it('the locked user pays in Russian and the 423 stops', () =>
    withPage(app.browser, 'commerce-locked', async (page) => {
      await login(page, app.base, 'locked');
      await openBuilder(page, app.base, 'ru');
      await page.waitForURL(/\/ru\/subscribe-locked$/);
      await page.getByRole('heading', { name: 'Подписка заблокирована' }).waitFor();
      await page.getByRole('link', { name: 'Выбрать тариф' }).click();
      await page.getByRole('heading', { name: 'Тарифы', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Оплатить картой: Личный: месяц' }).click();
      await page
        .getByRole('dialog', { name: 'Подтвердите покупку' })
        .getByRole('button', { name: 'Подтвердить и оплатить' })
        .click();
      await payInWidget(page);
      await page.waitForURL(/\/ru\/payment\/\d+$/);
      await page.getByText('Платёж принят. Спасибо!').waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);

      await openBuilder(page, app.base, 'ru');
      await page.waitForURL(/\/ru\/content\/lectures\/control\/edit\//);
      expect(standIn.sent.filter((s) => s.kind === 'pay').map((s) => s.answer)).toEqual([
        { code: 0 },
        { code: 0 },
      ]);
    }));
});
