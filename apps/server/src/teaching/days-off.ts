/**
 * Days without lessons (issue 13): the public holidays of Kazakhstan, computed here, and the
 * school's own holidays (`school_holidays`, backoffice school settings), read by SQL. Dated
 * lessons are never made on either (`ensureLessons`), and an untouched one already made there is
 * taken away.
 *
 * Public holidays (Labour Code of the RK, art. 84–85; Law "On holidays"): 1–2 January, 7 January
 * (Orthodox Christmas), 8 March, 21–23 March (Nauryz), 1 May, 7 May, 9 May, 6 July, 30 August,
 * 25 October, 16 December. When a holiday falls on a Saturday or Sunday the next working day is
 * off (art. 85), except for the religious ones (7 January, Kurban ait). Kurban ait moves with the
 * lunar calendar and is declared each year: it is left to the school's holiday list, as are the
 * government's yearly transfers of working days.
 */

interface Holiday {
  month: number;
  day: number;
  kz: string;
  ru: string;
  /** Religious holidays are not carried to the next working day. */
  religious?: boolean;
}

const HOLIDAYS: readonly Holiday[] = [
  { month: 1, day: 1, kz: 'Жаңа жыл', ru: 'Новый год' },
  { month: 1, day: 2, kz: 'Жаңа жыл', ru: 'Новый год' },
  {
    month: 1,
    day: 7,
    kz: 'Православтық Рождество',
    ru: 'Православное Рождество',
    religious: true,
  },
  { month: 3, day: 8, kz: 'Халықаралық әйелдер күні', ru: 'Международный женский день' },
  { month: 3, day: 21, kz: 'Наурыз мейрамы', ru: 'Наурыз мейрамы' },
  { month: 3, day: 22, kz: 'Наурыз мейрамы', ru: 'Наурыз мейрамы' },
  { month: 3, day: 23, kz: 'Наурыз мейрамы', ru: 'Наурыз мейрамы' },
  {
    month: 5,
    day: 1,
    kz: 'Қазақстан халқының бірлігі мерекесі',
    ru: 'Праздник единства народа Казахстана',
  },
  { month: 5, day: 7, kz: 'Отан қорғаушы күні', ru: 'День защитника Отечества' },
  { month: 5, day: 9, kz: 'Жеңіс күні', ru: 'День Победы' },
  { month: 7, day: 6, kz: 'Астана күні', ru: 'День столицы' },
  { month: 8, day: 30, kz: 'Конституция күні', ru: 'День Конституции' },
  { month: 10, day: 25, kz: 'Республика күні', ru: 'День Республики' },
  { month: 12, day: 16, kz: 'Тәуелсіздік күні', ru: 'День Независимости' },
];

export interface DayOff {
  /** YYYY-MM-DD */
  date: string;
  kz: string;
  ru: string;
}

function iso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function utc(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day));
}

function nextDay(date: Date): Date {
  return new Date(date.getTime() + 86_400_000);
}

function isWeekend(date: Date): boolean {
  const dow = date.getUTCDay();
  return dow === 0 || dow === 6;
}

/** The public days off of a calendar year, carried-over days included, in date order. */
export function publicDaysOff(year: number): DayOff[] {
  const out = new Map<string, DayOff>();
  for (const h of HOLIDAYS) {
    const date = utc(year, h.month, h.day);
    out.set(iso(date), { date: iso(date), kz: h.kz, ru: h.ru });
  }
  // Carry-overs after the fixed days are known, so a carried day never lands on another holiday.
  for (const h of HOLIDAYS) {
    const date = utc(year, h.month, h.day);
    if (h.religious || !isWeekend(date)) continue;
    let moved = nextDay(date);
    while (isWeekend(moved) || out.has(iso(moved))) moved = nextDay(moved);
    out.set(iso(moved), {
      date: iso(moved),
      kz: `${h.kz} (ауыстырылған демалыс)`,
      ru: `${h.ru} (перенесённый выходной)`,
    });
  }
  return [...out.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** Public days off between two dates (inclusive, YYYY-MM-DD). */
export function publicDaysOffBetween(from: string, to: string): DayOff[] {
  const first = Number(from.slice(0, 4));
  const last = Number(to.slice(0, 4));
  const out: DayOff[] = [];
  for (let year = first; year <= last; year++)
    for (const day of publicDaysOff(year)) if (day.date >= from && day.date <= to) out.push(day);
  return out;
}

/**
 * SQL condition: `dateExpr` is a day off of the school `schoolExpr` — one of the public days
 * passed as the date array `$publicParam` (unless the school works on it, `school_workdays`), or
 * inside one of the school's holidays.
 */
export function dayOffSql(dateExpr: string, schoolExpr: string, publicParam: string): string {
  // A public day the school marked as a working day (school settings, `school_workdays`) is not off.
  return `((${dateExpr} = ANY(${publicParam}::date[]) AND NOT EXISTS (
    SELECT 1 FROM school_workdays sw WHERE sw.school_id = ${schoolExpr} AND sw.day = ${dateExpr}))
    OR EXISTS (
    SELECT 1 FROM school_holidays sh
     WHERE sh.school_id = ${schoolExpr} AND ${dateExpr} BETWEEN sh.starts_on AND sh.ends_on))`;
}
