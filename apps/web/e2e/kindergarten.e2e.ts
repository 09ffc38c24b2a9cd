// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CHROMIUM, HAS_CHROMIUM, audit, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

const SCREEN = { serious: true, within: '#main' };

/**
 * The kindergarten document sections in Chromium against the real server (issue 15): the demo
 * `kindergarten` teacher (kindergarden subscription) finds the STEAM activity «Су айналымы» and
 * reads it; a school teacher without the subscription has no kindergarten menu items and is sent
 * to the tariffs. Every screen is axe clean.
 */
describe.skipIf(!HAS_CHROMIUM)('kindergarten documents in Chromium', { timeout: 300_000 }, () => {
  const app = e2eSuite();

  it('the kindergarten teacher opens the STEAM document «Су айналымы»', () =>
    withPage(app.browser, 'kindergarten-steam', async (page) => {
      await login(page, app.base, 'kindergarten');
      await page.goto(`${app.base}/kk/steam`);
      await page.getByRole('heading', { name: 'STEAM', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Су айналымы' }).waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);
      await page.getByRole('searchbox', { name: 'Іздеу' }).fill('ҚАҒАЗ');
      await page.getByRole('link', { name: 'Қағаз көпір' }).waitFor();
      await expect.poll(() => page.getByRole('link', { name: 'Су айналымы' }).count()).toBe(0);
      await page.getByRole('searchbox', { name: 'Іздеу' }).fill('су');
      await page.getByRole('link', { name: 'Су айналымы' }).click();
      await page.waitForURL(/\/kk\/steam\/\d+$/);
      await page.getByRole('heading', { name: 'Су айналымы', level: 1 }).waitFor();
      await page.getByText('Материалдар', { exact: true }).waitFor();
      expect(await page.locator('.doc-rich').innerText()).toContain('Мөлдір пластик ыдыс');
      expect(await audit(page, SCREEN)).toEqual([]);
      // The reader writes nothing here.
      expect(
        await page
          .locator('.doc-page')
          .getByRole('button', { name: 'Өзгерту', exact: true })
          .count(),
      ).toBe(0);
    }));

  it('a school teacher without the subscription has no kindergarten menu and is redirected', () =>
    withPage(app.browser, 'kindergarten-locked', async (page) => {
      await login(page, app.base, 'teacher');
      await page.goto(`${app.base}/kk/steam`);
      await page.waitForURL(/\/kk\/tariffs$/);
      expect(await page.getByRole('link', { name: 'STEAM', exact: true }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Әдістемелік бөлім' }).count()).toBe(0);
      expect(await audit(page, SCREEN)).toEqual([]);
    }));

  it('the kindergarten teacher sees her katalog and searches it', () =>
    withPage(app.browser, 'kindergarten-katalog', async (page) => {
      await login(page, app.base, 'kindergarten');
      await page.goto(`${app.base}/kk/katalog`);
      await page.getByRole('heading', { name: 'Балабақша материалдарының каталогы' }).waitFor();
      await page.getByRole('cell', { name: 'Асық жиыны', exact: true }).waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);
      await page.getByRole('searchbox', { name: 'Іздеу' }).fill('ДОМБЫРА');
      await expect
        .poll(() => page.getByRole('cell', { name: 'Асық жиыны', exact: true }).count())
        .toBe(0);
      await page.getByRole('cell', { name: 'Домбыра (балаларға арналған)', exact: true }).waitFor();
    }));

  it('a school teacher sees no kindergarten materials in the katalog', () =>
    withPage(app.browser, 'kindergarten-katalog-empty', async (page) => {
      await login(page, app.base, 'teacher');
      await page.goto(`${app.base}/kk/katalog`);
      await page.getByText(/Сіздің ұйымыңыз балабақша емес/).waitFor();
      expect(await page.getByRole('cell').count()).toBe(0);
      expect(await audit(page, SCREEN)).toEqual([]);
    }));

  it('the kindergarten teacher builds a week from the template, copies it on and gets a PDF', () =>
    withPage(app.browser, 'kindergarten-cyclogram', async (page) => {
      await login(page, app.base, 'kindergarten');
      await page.goto(`${app.base}/kk/cyclogramm`);
      await page.getByRole('heading', { name: 'Апталық циклограмма', level: 1 }).waitFor();
      const state = page.getByTestId('cyclogram-state');
      await page.getByRole('button', { name: 'Үлгіден толтыру' }).click();
      const cell = page.getByRole('textbox', { name: 'Дүйсенбі, Таңғы жаттығу' });
      expect(await cell.inputValue()).toBe('«Күнге сәлем» таңғы жаттығуы');
      await cell.fill('Доппен таңғы жаттығу');
      expect(await state.innerText()).toBe('Сақталмаған өзгерістер бар');
      await page.getByRole('button', { name: 'Сақтау' }).click();
      await expect.poll(() => state.innerText()).toMatch(/^Сақталды/);
      expect(await audit(page, SCREEN)).toEqual([]);

      await page.getByRole('button', { name: 'Келесі апта' }).click();
      await expect.poll(() => state.innerText()).toBe('Бұл апта әлі сақталмаған');
      await page.getByRole('button', { name: 'Алдыңғы аптадан көшіру' }).click();
      await expect
        .poll(() => page.getByRole('textbox', { name: 'Дүйсенбі, Таңғы жаттығу' }).inputValue())
        .toBe('Доппен таңғы жаттығу');
      await expect.poll(() => state.innerText()).toMatch(/^Сақталды/);

      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'PDF жүктеу' }).click(),
      ]);
      expect(file.suggestedFilename()).toMatch(/^Апталық циклограмма \d{4}-\d{2}-\d{2}\.pdf$/);
      const chunks: Buffer[] = [];
      for await (const chunk of (await file.createReadStream())!) chunks.push(chunk as Buffer);
      const pdf = Buffer.concat(chunks);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.length).toBeGreaterThan(5000);
    }));

  it('the methodist attaches a file to a STEAM document; the teacher downloads it', async () => {
    await withPage(app.browser, 'kindergarten-document-file', async (page) => {
      // The kindergarten's methodist: the platform one has no subscription to reach the screens.
      await login(page, app.base, 'kindergarten-methodist');
      await page.goto(`${app.base}/ru/steam`);
      await page.getByRole('button', { name: 'Добавить документ' }).click();
      const form = page.getByRole('form', { name: 'Новый документ' });
      await form.getByLabel('Название (на казахском)').fill('Магниттермен тәжірибе');
      await form.getByLabel('Название (на русском)').fill('Опыты с магнитами');
      await form.getByLabel('Статус', { exact: true }).first().click();
      await page.getByRole('option', { name: 'Опубликован', exact: true }).click();
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        form.getByRole('button', { name: 'Прикрепить файл' }).click(),
      ]);
      await chooser.setFiles({
        name: 'магниты.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Магнит тартады: темір, болат'),
      });
      await form.getByRole('button', { name: 'Убрать файл «магниты.txt»' }).waitFor();
      expect(await audit(page, { serious: true })).toEqual([]);
      await form.getByRole('button', { name: 'Сохранить' }).click();
      await page.getByRole('heading', { name: 'Опыты с магнитами', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Скачать: магниты.txt' }).waitFor();
    });
    await withPage(app.browser, 'kindergarten-document-file-teacher', async (page) => {
      await login(page, app.base, 'kindergarten');
      await page.goto(`${app.base}/kk/steam?q=Магниттермен`);
      await page.getByRole('link', { name: 'Магниттермен тәжірибе' }).click();
      await page.getByRole('heading', { name: 'Магниттермен тәжірибе', level: 1 }).waitFor();
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Жүктеп алу: магниты.txt' }).click(),
      ]);
      expect(file.suggestedFilename()).toBe('магниты.txt');
      expect(await audit(page, SCREEN)).toEqual([]);
    });
  });
});
