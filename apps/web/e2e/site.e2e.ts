// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { call, login as apiLogin } from '../../server/src/test/harness';
import { CHROMIUM, HAS_CHROMIUM, audit, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

const SCREEN = { serious: true, within: '#main' };

/**
 * The public site's content in Chromium (issue 19): the administrator writes and publishes a news
 * article in both languages in the app; a visitor who is not signed in reads it in kz and ru. A
 * demo subscriber cannot copy lesson text, and copies freely elsewhere.
 */
describe.skipIf(!HAS_CHROMIUM)('the public site in Chromium', { timeout: 300_000 }, () => {
  const app = e2eSuite();

  it('an administrator publishes a news article that a visitor then reads in kz and ru', async () => {
    await withPage(app.browser, 'site-admin', async (page) => {
      await login(page, app.base, 'admin');
      await page.waitForURL(/\/kk\/admin\/site/);
      await page.getByRole('heading', { name: 'Сайт мазмұны', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Жаңа мақала' }).click();
      await page.getByLabel('Тақырып (қазақша)').fill('Олимпиадаға тіркелу басталды');
      await page.getByLabel('Тақырып (орысша)').fill('Началась регистрация на олимпиаду');
      await page.getByLabel('Қысқаша мазмұны (қазақша)').fill('Тіркелу 1 желтоқсанға дейін');
      await page.getByLabel('Қысқаша мазмұны (орысша)').fill('Регистрация до 1 декабря');
      const kzBody = page.getByRole('textbox', { name: 'Мәтін (қазақша)' });
      await kzBody.click();
      await page.keyboard.type('Мектеп олимпиадасына өтінімдерді мұғалімдер қабылдайды.');
      const ruBody = page.getByRole('textbox', { name: 'Мәтін (орысша)' });
      await ruBody.click();
      await page.keyboard.type('Заявки на школьную олимпиаду принимают учителя.');
      await page.getByLabel('Жариялау').check();
      expect(await audit(page, SCREEN)).toEqual([]);
      await page.getByRole('button', { name: 'Сақтау' }).click();
      const row = page.getByRole('row', { name: /Олимпиадаға тіркелу басталды/ });
      await row.waitFor();
      expect(await row.innerText()).toMatch(/Жарияланды \d{2}\.\d{2}\.\d{4}/);
      // A title left empty is named at its field, and nothing is saved.
      await page.getByRole('button', { name: 'Жаңа мақала' }).click();
      await page.getByLabel('Тақырып (орысша)').fill('Без казахского заголовка');
      await page.getByRole('button', { name: 'Сақтау' }).click();
      await page.getByText('Белгіленген өрістерді түзетіңіз').waitFor();
      expect(await page.getByLabel('Тақырып (қазақша)').getAttribute('aria-invalid')).toBe('true');
      expect(await audit(page, SCREEN)).toEqual([]);
    });

    await withPage(app.browser, 'site-visitor', async (page) => {
      await page.goto(`${app.base}/kk/news`);
      const link = page.getByRole('link', { name: 'Олимпиадаға тіркелу басталды' });
      await link.waitFor();
      expect(await page.getByText('Тіркелу 1 желтоқсанға дейін').count()).toBe(1);
      expect(await audit(page, SCREEN)).toEqual([]);
      await link.click();
      await page.getByRole('heading', { name: 'Олимпиадаға тіркелу басталды', level: 1 }).waitFor();
      await page.getByText('Мектеп олимпиадасына өтінімдерді мұғалімдер қабылдайды.').waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);
      const ru = page.url().replace('/kk/', '/ru/');
      await page.goto(ru);
      await page
        .getByRole('heading', { name: 'Началась регистрация на олимпиаду', level: 1 })
        .waitFor();
      await page.getByText('Заявки на школьную олимпиаду принимают учителя.').waitFor();
      // Visitors see no editing link; the FAQ and the agreement are the administrator's texts.
      expect(await page.getByRole('link', { name: 'Редактировать' }).count()).toBe(0);
      await page.goto(`${app.base}/ru/faq`);
      await page.getByRole('heading', { name: 'Частые вопросы', level: 1 }).waitFor();
      await page.getByText('Как войти на платформу?').click();
      await page.getByText(/Введите ИИН \(12 цифр\)/).waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);
      await page.goto(`${app.base}/kk/agreement`);
      await page.getByRole('heading', { name: /Пайдаланушы келісімі/, level: 1 }).waitFor();
      await page.getByText(/№ 94-V/).waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);
    });
  });

  it('a demo subscriber cannot copy lesson text; off content screens copying works', async () => {
    await withPage(app.browser, 'site-demo-copy', async (page) => {
      await login(page, app.base, 'demo');
      // A lecture of their own, opened as the pupil sees it (the preview: a content screen).
      const token = (await apiLogin(app.server, 'demo')).access_token;
      const draft = await call(app.server, 'POST', '/api/v2/os/drafts', {
        token,
        body: { init: { type: 'lecture', title: 'Көшіруге болмайды', lang: 'kz' } },
      });
      expect(draft.status).toBe(201);
      const created = draft.body.data.draft.id as string;
      await page.goto(`${app.base}/kk/content/lectures/control/preview/${created}`);
      await page.getByText('Көшіруге болмайды').first().waitFor();
      const copied = () =>
        page.evaluate(() => {
          const event = new ClipboardEvent('copy', { bubbles: true, cancelable: true });
          document.querySelector('#main')!.dispatchEvent(event);
          return !event.defaultPrevented;
        });
      await page.locator('#main').click();
      await page.keyboard.press('Control+A');
      expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
      expect(await copied()).toBe(false);
      await page.getByText('Демо-жазылымда материалды көшіруге болмайды').waitFor();
      // The FAQ is not a content screen: select-all and copy work there.
      await page.goto(`${app.base}/kk/faq`);
      await page.getByRole('heading', { name: 'Жиі қойылатын сұрақтар', level: 1 }).waitFor();
      await page.locator('#main h1').click();
      await page.keyboard.press('Control+A');
      expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toContain(
        'Жиі қойылатын сұрақтар',
      );
      expect(await copied()).toBe(true);
    });
  });
});
