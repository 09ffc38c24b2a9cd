// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHROMIUM, HAS_CHROMIUM, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

const menu = (page: Page) => page.getByRole('navigation', { name: 'Негізгі мәзір' });

/**
 * Every role's journey (issue 30) in Chromium against the real server: a teacher's menu reaches
 * their SOR/SOCh list, each role lands on a screen meant for it, a kindergarten teacher sees a
 * kindergarten's words and menu, a refused route says why and where to go, and a user whose
 * subscription ended is told so on landing.
 */
describe.skipIf(!HAS_CHROMIUM)('role journeys in Chromium (issue 30)', { timeout: 300_000 }, () => {
  const app = e2eSuite();

  it("a teacher's menu reaches content/exams, the catalogues and the courses", () =>
    withPage(app.browser, 'journey-teacher', async (page) => {
      await login(page, app.base, 'teacher');
      await page.waitForURL(/\/kk\/control\/courses\/list$/);
      for (const name of ['Дәрістер каталогы', 'БЖБ мен ТЖБ каталогы', 'Курстар'])
        await menu(page).getByRole('link', { name, exact: true }).waitFor();
      await menu(page).getByRole('link', { name: 'Менің жиынтық бағалауларым' }).click();
      await page.waitForURL(/\/kk\/content\/exams$/);
      await page.getByRole('heading', { name: 'Менің жиынтық бағалауларым', level: 1 }).waitFor();
    }));

  it('a pupil lands on their schedule, and the courses page sends them back there saying why', () =>
    withPage(app.browser, 'journey-pupil', async (page) => {
      await login(page, app.base, 'student');
      await page.waitForURL(/\/kk\/schedule$/);
      await menu(page).getByRole('link', { name: 'Сабақ кестесі' }).waitFor();
      await page.goto(`${app.base}/kk/control/courses/list`);
      await page.waitForURL(/\/kk\/schedule$/);
      await expect
        .poll(() => page.getByTestId('refused-notice').innerText(), { timeout: 30_000 })
        .toContain('«Курстар» сіздің рөліңізге ашылмайды');
    }));

  const landings = [
    ['director', /\/kk\/backoffice\/groups$/, 'Сыныптар мен оқушылар'],
    ['methodist', /\/kk\/content\/exams$/, 'Менің жиынтық бағалауларым'],
    ['guest', /\/kk\/catalog\/lectures$/, 'Дәрістер каталогы'],
  ] as const;
  for (const [who, url, item] of landings)
    it(`the ${who} lands on a screen of their own menu, not the teachers' courses`, () =>
      withPage(app.browser, `journey-landing-${who}`, async (page) => {
        await login(page, app.base, who);
        await page.waitForURL(url);
        await menu(page).getByRole('link', { name: item }).waitFor();
        expect(await page.getByText('Бұл курстарға педагогтер жазыла алады').count()).toBe(0);
      }));

  it('a kindergarten teacher sees kindergarten words and a kindergarten menu', () =>
    withPage(app.browser, 'journey-kindergarten', async (page) => {
      await login(page, app.base, 'kindergarten');
      await page.waitForURL(/\/kk\/methodical$/);
      const info = page.locator('.info-bar');
      await info.getByText('Балабақша', { exact: true }).waitFor();
      expect(await info.getByText('Мектеп', { exact: true }).count()).toBe(0);
      expect(await info.getByText('Сынып', { exact: true }).count()).toBe(0);
      await menu(page).getByRole('link', { name: 'Әдістемелік бөлім' }).waitFor();
      await menu(page).getByRole('link', { name: 'Номенклатура' }).waitFor();
      for (const school of ['Сабақ кестесі', 'Электрондық журнал', 'КТЖ', 'БЖБ мен ТЖБ каталогы'])
        expect(await menu(page).getByRole('link', { name: school, exact: true }).count()).toBe(0);
    }));

  /** A school's word starting a word (not the kindergarten's own «Мектепке дейінгі»). */
  const SCHOOL_WORD = /(?<!\p{L})(?:[Мм]ектеп(?!ке дейінгі)|[Шш]кол|[Сс]ынып|[Кк]ласс)\p{L}*/gu;
  const schoolWords = async (page: Page) =>
    [...(await page.locator('main').innerText()).matchAll(SCHOOL_WORD)].map((m) => m[0]);
  /** What a kindergarten's staff must never find in their menu: a school's own items. */
  const SCHOOL_ITEMS = {
    kz: [
      'Сабақ кестесі',
      'Электрондық журнал',
      'КТЖ',
      'Кестелер',
      'Статистика',
      'БЖБ мен ТЖБ каталогы',
      'Менің сабақтарым',
      'Мектеп мониторингі',
      'Мектеп баптаулары',
    ],
    ru: [
      'Расписание',
      'Электронный журнал',
      'КТП',
      'Расписания',
      'Статистика',
      'Каталог СОР и СОЧ',
      'Мои уроки',
      'Мониторинг школы',
      'Настройки школы',
    ],
  } as const;

  it("a kindergarten's director reads Балабақша / Топ on every screen of the groups, settings and cabinet, kz and ru", () =>
    withPage(app.browser, 'journey-kindergarten-director', async (page) => {
      await login(page, app.base, 'kindergarten-director');
      await page.waitForURL(/\/kk\/backoffice\/groups$/);
      const words = {
        kz: {
          nav: 'Негізгі мәзір',
          groups: 'Топтар мен балалар',
          settings: 'Балабақша баптаулары',
          monitoring: 'Балабақша мониторингі',
          group: 'Топ',
          org: 'Балабақша',
          teachers: 'Топ тәрбиешілері',
          year: 'Жаңа оқу жылы',
        },
        ru: {
          nav: 'Главное меню',
          groups: 'Группы и дети',
          settings: 'Настройки детского сада',
          monitoring: 'Мониторинг детского сада',
          group: 'Группа',
          org: 'Детский сад',
          teachers: 'Воспитатели группы',
          year: 'Новый учебный год',
        },
      } as const;
      for (const lang of ['kz', 'ru'] as const) {
        const w = words[lang];
        const url = lang === 'kz' ? 'kk' : 'ru';
        if (lang === 'ru') await page.evaluate(() => localStorage.setItem('lang', 'ru'));
        await page.goto(`${app.base}/${url}/backoffice/groups`);
        const nav = page.getByRole('navigation', { name: w.nav });
        for (const item of [w.groups, w.settings, w.monitoring])
          await nav.getByRole('link', { name: item, exact: true }).waitFor();
        for (const school of SCHOOL_ITEMS[lang])
          expect(await nav.getByRole('link', { name: school, exact: true }).count()).toBe(0);
        // The groups list: its heading, the group leads' column, no class or school.
        await page.getByRole('heading', { name: w.groups, level: 1 }).waitFor();
        await page.locator('.info-bar').getByText(w.org, { exact: true }).waitFor();
        await page.getByText(w.teachers).first().waitFor();
        expect(await schoolWords(page)).toEqual([]);
        // A group's card: the trail and the card say Топ / Группа.
        await page.goto(`${app.base}/${url}/backoffice/groups`);
        const card = page.locator('main a[href*="/backoffice/groups/"]').first();
        await card.waitFor();
        await card.click();
        await page.waitForURL(/\/backoffice\/groups\/\d+$/);
        const trail = page.getByRole('navigation', {
          name: lang === 'kz' ? 'Навигация жолы' : 'Навигационная цепочка',
        });
        await trail.getByText(w.groups).waitFor();
        await page.getByText(w.teachers).first().waitFor();
        expect(await schoolWords(page)).toEqual([]);
        // The settings: the kindergarten's own, without the school's year step (11th classes).
        await nav.getByRole('link', { name: w.settings, exact: true }).click();
        await page.getByRole('heading', { name: w.settings, level: 1 }).waitFor();
        expect(await page.title()).toBe(`${w.settings} — Sabaq`);
        expect(await page.getByRole('heading', { name: w.year }).count()).toBe(0);
        expect(await schoolWords(page)).toEqual([]);
        // The cabinet names the kindergarten and the group, not a school and a class.
        await page.goto(`${app.base}/${url}/profile/cabinet`);
        await page.getByLabel(w.org, { exact: true }).waitFor();
        await page.getByLabel(w.group, { exact: true }).waitFor();
        expect(await schoolWords(page)).toEqual([]);
      }
    }));

  it('a guest refused a route is told why (kz/ru) and where to go, and sees no «Создать»', () =>
    withPage(app.browser, 'journey-guest', async (page) => {
      await login(page, app.base, 'guest');
      await page.waitForURL(/\/kk\/catalog\/lectures$/);
      await page.goto(`${app.base}/kk/content/lessons`);
      await page.waitForURL(/\/kk\/catalog\/lectures$/);
      const notice = page.getByTestId('refused-notice');
      await expect
        .poll(() => notice.innerText(), { timeout: 30_000 })
        .toContain('«Менің сабақтарым» сіздің рөліңізге ашылмайды');
      expect(await page.getByRole('button', { name: 'Құру' }).count()).toBe(0);
      // A refused route elsewhere: the notice links to the guest's own start page.
      await page.goto(`${app.base}/kk/backoffice/groups`);
      await page.waitForURL(/\/kk\/catalog\/lectures$/);
      await notice.waitFor();
      // And in Russian.
      await page.evaluate(() => localStorage.setItem('lang', 'ru'));
      await page.goto(`${app.base}/ru/content/lessons`);
      await page.waitForURL(/\/ru\/catalog\/lectures$/);
      await expect
        .poll(() => notice.innerText(), { timeout: 30_000 })
        .toContain('Страница «Мои уроки» закрыта для вашей роли');
    }));

  it('a user whose subscription ended is told so on landing, with the way to renew', () =>
    withPage(app.browser, 'journey-locked', async (page) => {
      await login(page, app.base, 'locked');
      const notice = page.getByTestId('locked-notice');
      await expect
        .poll(() => notice.innerText(), { timeout: 30_000 })
        .toContain('Жазылымыңыздың мерзімі аяқталды');
      await notice.getByRole('link', { name: 'Тарифті таңдап, жазылымды ұзарту' }).click();
      await page.waitForURL(/\/kk\/tariffs$/);
    }));
});
