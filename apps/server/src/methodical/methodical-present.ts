import type { Locale, MethodicalCard, MethodicalDetail } from '@sabaq/platform';
import type { MaterialDetailRow, MaterialFileRow, MaterialRow } from './methodical-queries';

export function presentCard(row: MaterialRow, locale: Locale): MethodicalCard {
  return {
    id: row.id,
    title: row.title[locale],
    summary: row.summary[locale],
    subject: { id: row.subject.id, name: row.subject.name[locale] },
    parallelFrom: row.parallelFrom,
    parallelTo: row.parallelTo,
    kind: row.kind,
    status: row.status,
    author: row.author,
    fileCount: row.fileCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentDetail(
  row: MaterialDetailRow,
  files: readonly MaterialFileRow[],
  locale: Locale,
  canManage: boolean,
): MethodicalDetail {
  return {
    ...presentCard(row, locale),
    body: row.body[locale],
    titles: row.title,
    summaries: row.summary,
    bodies: row.body,
    files: [...files],
    canManage,
  };
}
