// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, HAS_CHROMIUM, audit, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

const SCREEN = { serious: true, within: '#main' };

/** The right answers of the demo criteria-based assessment course (courses/course-seed.ts). */
const RIGHT = [
  'Описание конкретного действия, показывающего достижение критерия',
  'Дать обратную связь для улучшения обучения',
  'Из цели обучения учебной программы',
  'После изучения раздела',
  'Назвать достижение и предложить конкретный следующий шаг',
];

/**
 * Courses in Chromium against the real server (issue 17): a teacher enrols in a
 * professional-development course, marks every module studied, passes the final test, downloads
 * the certificate, and its code verifies on the public page for a visitor who is not signed in.
 */
describe.skipIf(!HAS_CHROMIUM)('courses in Chromium', { timeout: 300_000 }, () => {
  const app = e2eSuite();
  let code = '';

  it('a teacher studies the modules, passes the final test and downloads the certificate', () =>
    withPage(app.browser, 'courses-teacher', async (page) => {
      await login(page, app.base, 'teacher');
      await page.goto(`${app.base}/ru/control/courses/list`);
      await page.getByRole('heading', { name: 'Курсы повышения квалификации', level: 1 }).waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);
      await page
        .getByRole('link', { name: 'Открыть: Критериальное оценивание: от теории к практике' })
        .click();
      await page
        .getByRole('heading', { name: 'Критериальное оценивание: от теории к практике', level: 1 })
        .waitFor();
      await page.getByRole('button', { name: 'Записаться на курс' }).click();
      await page.getByRole('status').filter({ hasText: 'Вы записаны на курс' }).waitFor();
      await page.getByText('Тест откроется после изучения всех модулей.').waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);

      const marks = page.getByRole('checkbox', { name: /^Изучено: / });
      expect(await marks.count()).toBe(3);
      for (let i = 0; i < 3; i++) {
        await marks.nth(i).check();
        await page.getByText(`Изучено: ${i + 1} из 3`).waitFor();
      }
      for (const answer of RIGHT) await page.getByRole('radio', { name: answer }).check();
      expect(await audit(page, SCREEN)).toEqual([]);
      await page.getByRole('button', { name: 'Отправить ответы' }).click();
      await page.getByRole('heading', { name: 'Сертификат', level: 2 }).waitFor();
      const line = await page.getByText(/^Код проверки: /).innerText();
      code = line.replace('Код проверки: ', '').trim();
      expect(code).toMatch(/^SBQ-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      expect(await audit(page, SCREEN)).toEqual([]);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Скачать сертификат в PDF' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`Сертификат-${code}.pdf`);
      const bytes = readFileSync((await download.path())!);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

      await page.getByRole('link', { name: 'Открыть страницу проверки сертификата' }).click();
      await page.getByRole('heading', { name: 'Сертификат действителен' }).waitFor();
    }));

  it('the code verifies on the public page for a visitor', () =>
    withPage(app.browser, 'courses-check', async (page) => {
      expect(code).not.toBe('');
      await page.goto(`${app.base}/kk/certificate/${code}`);
      await page.getByRole('heading', { name: 'Сертификатты тексеру', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Сертификат жарамды' }).waitFor();
      const details = await page.locator('dl.course-check').innerText();
      expect(details).toContain('Ахметова Гүлнар Қайратқызы');
      expect(details).toContain('Критериалды бағалау: теориядан тәжірибеге');
      expect(details).toContain(code);
      expect(await audit(page, SCREEN)).toEqual([]);
      // A wrong code is refused.
      await page.getByLabel('Басқа кодты тексеру').fill('SBQ-AAAA-BBBB');
      await page.getByRole('button', { name: 'Тексеру' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Мұндай кодпен сертификат берілмеген' })
        .waitFor();
      expect(await audit(page, SCREEN)).toEqual([]);
    }));
});
