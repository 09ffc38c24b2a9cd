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

  it('the landing banners load as images; a missing static file is a 404, not the app', () =>
    withPage(app.browser, 'journey-banners', async (page) => {
      await page.goto(`${app.base}/kk`);
      const banners = page.locator('img[src*="/banners/"]');
      await banners.first().waitFor({ state: 'attached' });
      const sources = await banners.evaluateAll((imgs) =>
        imgs.map((img) => (img as HTMLImageElement).src),
      );
      expect(sources.length).toBeGreaterThanOrEqual(3);
      for (const src of sources) {
        const answer = await page.request.get(src);
        expect(answer.status(), src).toBe(200);
        expect(answer.headers()['content-type'], src).toMatch(/^image\//);
      }
      // Each picture is drawn once it is in view (a broken image has no natural width).
      for (let i = 0; i < sources.length; i++) {
        await banners.nth(i).scrollIntoViewIfNeeded();
        await expect
          .poll(() => banners.nth(i).evaluate((img) => (img as HTMLImageElement).naturalWidth), {
            timeout: 30_000,
          })
          .toBeGreaterThan(0);
      }
      const missing = await page.request.get(`${app.base}/banners/no-such-picture.svg`);
      expect(missing.status()).toBe(404);
      expect(await missing.text()).not.toContain('<div id="root"');
    }));

  it("the timetable offers the subject's teachers first, and the law's days off are set in school settings only", async () => {
    // A subject of the director's school that some staff teach (declared, or taught this school
    // year: the personnel screen's subjects), and the staff who do and who do not teach it.
    const TEACHES = `WITH year AS (
        SELECT school_year FROM periods WHERE school_id = $1 GROUP BY school_year
         ORDER BY bool_or(is_current) DESC, max(end_date) DESC LIMIT 1),
      teaches AS (
        SELECT user_id, subject_id FROM personnel_subjects
        UNION SELECT t.teacher_id, t.subject_id FROM timetable_slots t
                JOIN periods p ON p.id = t.period_id
               WHERE p.school_id = $1 AND p.school_year = (SELECT school_year FROM year))`;
    const [{ school }] = (await app.server.db.query<{ school: number }>(
      "SELECT school_id AS school FROM users WHERE login = 'director'",
    )) as [{ school: number }];
    const [subject] = await app.server.db.query<{ id: number; name: string }>(
      `${TEACHES}
       SELECT sub.id, sub.name_kz AS name FROM subjects sub
         JOIN teaches x ON x.subject_id = sub.id
         JOIN users u ON u.id = x.user_id AND u.school_id = $1 AND u.dismissed_at IS NULL
                     AND u.role IN ('teacher', 'zavuch', 'director')
        WHERE sub.code NOT LIKE 'kg-%'
        GROUP BY sub.id, sub.name_kz ORDER BY count(*) DESC, sub.id LIMIT 1`,
      [school],
    );
    expect(subject).toBeDefined();
    const staff = await app.server.db.query<{ fullname: string; teaches: boolean }>(
      `${TEACHES}
       SELECT trim(u.surname || ' ' || u.firstname || coalesce(' ' || u.lastname, '')) AS fullname,
              EXISTS (SELECT 1 FROM teaches x WHERE x.user_id = u.id AND x.subject_id = $2) AS teaches
         FROM users u
        WHERE u.school_id = $1 AND u.role IN ('teacher', 'zavuch', 'director')
          AND u.dismissed_at IS NULL`,
      [school, subject!.id],
    );
    const teachers = staff.filter((p) => p.teaches).map((p) => p.fullname);
    const others = staff.filter((p) => !p.teaches).map((p) => p.fullname);
    expect(teachers.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    const [group] = await app.server.db.query<{ name: string }>(
      `SELECT g.parallel || g.letter AS name FROM groups g
         JOIN users u ON u.school_id = g.school_id AND u.login = 'director'
        WHERE NOT g.archived AND g.parallel BETWEEN 1 AND 11 ORDER BY g.parallel DESC, g.letter LIMIT 1`,
    );
    await withPage(app.browser, 'journey-timetable', async (page) => {
      await login(page, app.base, 'director');
      await page.setViewportSize({ width: 1366, height: 900 });
      const openTimetable = async () => {
        await page.goto(`${app.base}/kk/backoffice/schedules`);
        await page.getByRole('heading', { name: 'Сабақ кестелері', level: 1 }).waitFor();
        await page
          .locator('main')
          .getByRole('link', { name: `${group!.name} кестесі` })
          .click();
        await page.locator('.bo-week').waitFor();
        await page.getByRole('heading', { name: 'Сабақсыз күндер' }).waitFor();
      };
      await openTimetable();
      await page
        .getByRole('button', { name: /сабақ қосу$/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.locator('input').and(dialog.getByLabel(/^Пән/)).click();
      await dialog.getByRole('option', { name: subject!.name, exact: true }).click();
      const options = async () => {
        await dialog
          .locator('input')
          .and(dialog.getByLabel(/^Мұғалім/))
          .click();
        await dialog.getByRole('option').first().waitFor();
        const names = await dialog.getByRole('option').allInnerTexts();
        // Closed by a click on the dialog's title (Escape would close the dialog as well).
        await dialog.locator('.mantine-Modal-title').click();
        await dialog.getByRole('option').first().waitFor({ state: 'hidden' });
        return names.map((n) => n.trim());
      };
      // Only the subject's teachers…
      const first = await options();
      expect(first.sort()).toEqual([...teachers].sort());
      // …the rest of the staff behind «show all staff», after them.
      await dialog.getByRole('switch', { name: 'Барлық қызметкерлерді көрсету' }).check();
      const all = await options();
      expect(all.slice(0, teachers.length).sort()).toEqual([...teachers].sort());
      expect(all.slice(teachers.length).sort()).toEqual([...others].sort());
      await dialog.getByRole('button', { name: 'Болдырмау' }).click();

      // The class timetable's days without lessons are the settings' days: one source.
      const daysOff = (await page.locator('main ul.bo-list li').allInnerTexts()).map((line) =>
        line.split(' — ')[0]!.trim(),
      );
      await page.goto(`${app.base}/kk/backoffice/school-settings`);
      const law = page.getByTestId('public-holidays');
      await law.waitFor();
      const lawDays = (await law.locator('li').allInnerTexts()).map((l) => l.trim().slice(0, 10));
      const shared = daysOff.find((day) => lawDays.includes(day));
      expect(shared, `a day of ${daysOff.join(', ')} among ${lawDays.join(', ')}`).toBeDefined();
      // The school works that day: ticked and saved in the settings, it leaves the timetable.
      await law.getByRole('checkbox', { name: `Мектеп жұмыс істейді: ${shared}` }).check();
      const saved = page.waitForResponse(
        (r) => r.url().includes('school-settings') && r.request().method() === 'PUT',
      );
      await page.getByRole('button', { name: 'Сақтау', exact: true }).click();
      expect((await saved).status()).toBe(200);
      await openTimetable();
      const after = (await page.locator('main ul.bo-list li').allInnerTexts()).map((line) =>
        line.split(' — ')[0]!.trim(),
      );
      expect(after).not.toContain(shared);
    });
  });
});
