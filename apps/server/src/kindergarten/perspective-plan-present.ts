import { REGIME_MOMENTS, calendarYearOf, schoolYearOf } from '@sabaq/platform';
import type { CyclogramCell, PlanGoal, PlanItem, PlanLink } from '@sabaq/platform';

/** The date of a weekday (1 Monday … 5 Friday) of the week starting on `week`. */
export function dateOf(week: string, day: number): string {
  const date = new Date(`${week}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + day - 1);
  return date.toISOString().slice(0, 10);
}

/** The months (school year, month) the weekdays of a week fall in: one, or two at a month's end. */
export function monthsOfWeek(week: string): { year: number; month: number }[] {
  const seen = new Map<string, { year: number; month: number }>();
  for (const day of [1, 5]) {
    const date = dateOf(week, day);
    seen.set(date.slice(0, 7), { year: schoolYearOf(date), month: Number(date.slice(5, 7)) });
  }
  return [...seen.values()];
}

/** The first and last Monday whose week may hold a day of the school year `year`. */
export function yearWeeks(year: number): { from: string; to: string } {
  return { from: `${year}-08-26`, to: `${calendarYearOf(year, 5)}-05-31` };
}

/** The goals with the cyclogram activities that name them, by date and regime moment. */
export function withLinks(
  goals: readonly PlanGoal[],
  weeks: readonly { week: string; cells: readonly CyclogramCell[] }[],
): PlanItem[] {
  const links = new Map<number, PlanLink[]>(goals.map((g) => [g.id, []]));
  for (const { week, cells } of weeks)
    for (const cell of cells) {
      const list = cell.planItemId ? links.get(cell.planItemId) : undefined;
      if (list) list.push({ date: dateOf(week, cell.day), moment: cell.moment, text: cell.text });
    }
  const order = (link: PlanLink) => `${link.date}:${REGIME_MOMENTS.indexOf(link.moment)}`;
  return goals.map((goal) => ({
    ...goal,
    links: (links.get(goal.id) ?? []).sort((a, b) => order(a).localeCompare(order(b))),
  }));
}

/** The text of a goal in the reader's language, else the other's. */
export function inLanguage(text: { kz: string; ru: string }, locale: 'kz' | 'ru'): string {
  return (locale === 'kz' ? text.kz || text.ru : text.ru || text.kz).trim();
}
