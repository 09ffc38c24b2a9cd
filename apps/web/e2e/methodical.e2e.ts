// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CHROMIUM, HAS_CHROMIUM, audit, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

const SCREEN = { serious: true, within: '#main' };

/**
 * The methodical cabinet in Chromium against the real server (issue 17): a teacher finds the
 * physics assessment by subject and by a Kazakh word with another suffix, opens it and downloads
 * its file; the methodist writes a new material as a draft and publishes it. Axe clean.
 */
describe.skipIf(!HAS_CHROMIUM)('methodical cabinet in Chromium', { timeout: 300_000 }, () => {
  const app = e2eSuite();

  it('a teacher finds a material by subject and words, opens it and downloads its file', () =>
    withPage(app.browser, 'methodical-teacher', async (page) => {
      await login(page, app.base, 'teacher');
      await page.goto(`${app.base}/kk/methodical_cabinet`);
      await page.getByRole('heading', { name: 'Әдістемелік кабинет', level: 1 }).waitFor();
      await page.getByRole('link', { name: /Оқу сауаттылығын дамыту/ }).waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);

      await page.getByLabel('Пән', { exact: true }).first().click();
      await page.getByRole('option', { name: 'Физика', exact: true }).click();
      await page.getByText('Табылды: 1').waitFor();
      // «қысымды» is in no title: its stem «қысым» is.
      await page.getByRole('searchbox', { name: 'Іздеу' }).fill('қысымды');
      const link = page.getByRole('link', { name: 'Бөлім бойынша жиынтық бағалау: «Қысым»' });
      await link.waitFor();
      await page.getByText('Табылды: 1').waitFor();
      await link.click();
      await page
        .getByRole('heading', { name: 'Бөлім бойынша жиынтық бағалау: «Қысым»', level: 1 })
        .waitFor();
      await page.getByText('Бағалау критерийлері').waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: /жүктеп алу$/ }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/Қысым/);
      expect(await page.locator('#main').getByRole('button', { name: 'Өзгерту' }).count()).toBe(0);
    }));

  it('the methodist writes a draft and publishes it', () =>
    withPage(app.browser, 'methodical-methodist', async (page) => {
      await login(page, app.base, 'methodist');
      await page.goto(`${app.base}/ru/methodical_cabinet`);
      await page.getByRole('heading', { name: 'Методический кабинет', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Добавить материал' }).click();
      const form = page.getByRole('form', { name: 'Новый материал' });
      await form.waitFor();
      await form.getByLabel('Название (на казахском)').fill('Жобалық оқыту географияда');
      await form.getByLabel('Название (на русском)').fill('Проектное обучение на географии');
      await form
        .getByLabel('Краткое содержание (на русском)')
        .fill('Как провести мини-проект о климате своего района');
      await form.getByLabel('Предмет', { exact: true }).first().click();
      await page.getByRole('option', { name: 'География', exact: true }).click();
      await form.getByRole('button', { name: 'Сохранить' }).click();

      await page
        .getByRole('heading', { name: 'Проектное обучение на географии', level: 1 })
        .waitFor();
      await page.getByText('Черновик').first().waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);
      await page.getByRole('button', { name: 'Опубликовать' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Опубликовать' }).count()).toBe(0);
      await page.getByRole('link', { name: /Вернуться к списку/ }).click();
      await page.getByRole('searchbox', { name: 'Поиск' }).fill('проектное');
      await page.getByRole('link', { name: 'Проектное обучение на географии' }).waitFor();
    }));
});
