import type { DocumentCard, DocumentDetail, Locale } from '@sabaq/platform';
import type { DocumentRow } from './document-queries';

/** Words of a search: every one must appear in a title or summary (either language). */
export function matchesWords(row: DocumentRow, words: string | undefined): boolean {
  const wanted = (words ?? '').toLocaleLowerCase('kk').split(/\s+/).filter(Boolean);
  if (wanted.length === 0) return true;
  const text = [row.title.kz, row.title.ru, row.summary.kz, row.summary.ru]
    .join(' ')
    .toLocaleLowerCase('kk');
  return wanted.every((word) => text.includes(word));
}

export function presentCard(row: DocumentRow, locale: Locale): DocumentCard {
  return {
    id: row.id,
    section: row.section,
    title: row.title[locale],
    summary: row.summary[locale],
    ageGroup: row.ageGroup,
    area: row.area,
    status: row.status,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentDetail(
  row: DocumentRow,
  locale: Locale,
  canManage: boolean,
  files: DocumentDetail['files'] = [],
): DocumentDetail {
  return {
    ...presentCard(row, locale),
    body: row.body[locale],
    files,
    titles: row.title,
    summaries: row.summary,
    bodies: row.body,
    canManage,
  };
}
