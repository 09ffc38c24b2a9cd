/**
 * «Сапарова Айгүл Маратқызы» → «Сапарова А. М.» (issue 29: a timetable cell has room for the
 * surname and initials; the full name is in the cell's detail). A single word stays as it is.
 */
export function shortPersonName(fullname: string): string {
  const [surname, ...rest] = fullname.trim().split(/\s+/);
  if (!surname) return '';
  const initials = rest
    .filter((part) => part !== '')
    .map((part) => `${[...part][0]!.toLocaleUpperCase('kk')}.`);
  return [surname, ...initials].join(' ');
}
