import type { Draft } from '@sabaq/engine';
import { jsonColumn, type Queryable } from '../db/db';
import { searchTerms } from './search-stem';
import { CATALOGUE_TYPES } from '@sabaq/platform';
import { isExamType } from './exam-use';

/**
 * Puts a published draft's snapshot into the catalogue (or refreshes it on a new publish).
 * Called by drafts.publish and the seed; types outside the catalogue (homework, olympiad) are
 * skipped. A SOR/SOCh's item is written too, but shown only while its author shares it
 * (`shared`, issue 28; `shareItem` flips it without a publish).
 */
export async function indexPublished(
  q: Queryable,
  row: { id: string; owner_id: number; school_id: number | null; shared: boolean },
  draft: Draft,
): Promise<void> {
  if (!(CATALOGUE_TYPES as readonly string[]).includes(draft.type)) return;
  const summary = draft.summary;
  await q.query(
    `INSERT INTO catalogue_items
       (draft_id, version, owner_id, school_id, type, title, summary, lang, subject, parallel, doc, search_terms, published_at, shared)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now(), $13)
     ON CONFLICT (draft_id) DO UPDATE SET version = excluded.version, type = excluded.type,
       title = excluded.title, summary = excluded.summary, lang = excluded.lang,
       subject = excluded.subject, parallel = excluded.parallel, doc = excluded.doc,
       search_terms = excluded.search_terms, published_at = now(), shared = excluded.shared`,
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
      !isExamType(draft.type) || row.shared,
    ],
  );
}

/** The author shares a published exam's item, or takes it back (drafts.share). */
export async function shareItem(q: Queryable, draftId: string, shared: boolean): Promise<void> {
  await q.query('UPDATE catalogue_items SET shared = $2 WHERE draft_id = $1 AND shared <> $2', [
    draftId,
    shared,
  ]);
}

/** Every published draft not yet in the catalogue (the seed's published demo content). */
export async function indexAllPublished(q: Queryable): Promise<number> {
  const rows = await q.query<{
    id: string;
    owner_id: number;
    school_id: number | null;
    doc: unknown;
    shared: boolean;
  }>(
    `SELECT d.id, d.owner_id, d.school_id, d.doc, d.shared_at IS NOT NULL AS shared FROM drafts d
      WHERE d.status = 'published' AND d.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM catalogue_items c WHERE c.draft_id = d.id)`,
  );
  for (const r of rows) {
    await indexPublished(q, r, jsonColumn<Draft>(r.doc));
  }
  return rows.length;
}
