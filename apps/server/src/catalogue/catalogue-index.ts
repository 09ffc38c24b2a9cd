import type { Draft } from '@sabaq/engine';
import { jsonColumn, type Queryable } from '../db/db';
import { searchTerms } from './search-stem';
import { CATALOGUE_TYPES } from '@sabaq/platform';

/**
 * Puts a published draft's snapshot into the catalogue (or refreshes it on a new publish).
 * Called by drafts.publish and the seed; types outside the catalogue (homework, olympiad) are
 * skipped.
 */
export async function indexPublished(
  q: Queryable,
  row: { id: string; owner_id: number; school_id: number | null },
  draft: Draft,
): Promise<void> {
  if (!(CATALOGUE_TYPES as readonly string[]).includes(draft.type)) return;
  const summary = draft.summary;
  await q.query(
    `INSERT INTO catalogue_items
       (draft_id, version, owner_id, school_id, type, title, summary, lang, subject, parallel, doc, search_terms, published_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now())
     ON CONFLICT (draft_id) DO UPDATE SET version = excluded.version, type = excluded.type,
       title = excluded.title, summary = excluded.summary, lang = excluded.lang,
       subject = excluded.subject, parallel = excluded.parallel, doc = excluded.doc,
       search_terms = excluded.search_terms, published_at = now()`,
    [
      row.id,
      draft.version,
      row.owner_id,
      row.school_id,
      draft.type,
      draft.title,
      summary,
      draft.lang,
      draft.discipline ?? null,
      draft.class ?? null,
      JSON.stringify(draft),
      searchTerms(`${draft.title} ${summary}`),
    ],
  );
}

/** Every published draft not yet in the catalogue (the seed's published demo content). */
export async function indexAllPublished(q: Queryable): Promise<number> {
  const rows = await q.query<{
    id: string;
    owner_id: number;
    school_id: number | null;
    doc: unknown;
  }>(
    `SELECT d.id, d.owner_id, d.school_id, d.doc FROM drafts d
      WHERE d.status = 'published' AND d.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM catalogue_items c WHERE c.draft_id = d.id)`,
  );
  for (const r of rows) {
    await indexPublished(q, r, jsonColumn<Draft>(r.doc));
  }
  return rows.length;
}
