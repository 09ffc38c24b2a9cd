// The signed-in daily screens of issue 29, each with the demo account that uses it every day, and
// how a script signs in and finds a real address for each (the first class and subject of the
// teacher's journal, the first SOR/SOCh of the methodist's). Shared by page-weight.mjs and
// lighthouse.mjs.

/** Debian's Chromium as the scripts start it (headless, no sandbox, nothing fetched by itself). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export const DAILY_PAGES = [
  { name: "teacher's schedule", login: 'teacher', path: '/kk/schedule' },
  { name: 'journal (class, subject)', login: 'teacher', find: 'journal' },
  { name: 'SOR builder', login: 'methodist', find: 'builder' },
  { name: "pupil's schedule", login: 'student', path: '/kk/schedule' },
];

async function journalPath(page, base) {
  await page.goto(`${base}/kk/control/journal/groups`);
  const group = page.locator('a[href*="/control/journal/groups/"]').first();
  await group.waitFor({ timeout: 30_000 });
  const classPath = new URL(await group.evaluate((a) => a.href)).pathname;
  await page.goto(`${base}${classPath}`);
  const subject = page.locator(`a[href^="${classPath}/"]`).first();
  await subject.waitFor({ timeout: 30_000 });
  return new URL(await subject.evaluate((a) => a.href)).pathname;
}

async function builderPath(page, base) {
  await page.goto(`${base}/kk/content/exams`);
  const link = page.locator('a[href*="/content/exams/so"]').first();
  await link.waitFor({ timeout: 30_000 });
  return new URL(await link.evaluate((a) => a.href)).pathname;
}

/** Signs in through the real form on `page` and returns the page's path to measure. */
export async function signInAndFind(page, base, spec, password) {
  await page.goto(`${base}/kk/login`);
  await page.getByLabel('Пайдаланушы аты').fill(spec.login);
  await page.getByLabel('Құпиясөз', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Кіру', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.endsWith('/login'), { timeout: 30_000 });
  if (spec.find === 'journal') return journalPath(page, base);
  if (spec.find === 'builder') return builderPath(page, base);
  return spec.path;
}
