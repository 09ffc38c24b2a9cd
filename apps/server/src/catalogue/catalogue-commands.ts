import { randomUUID } from 'node:crypto';
import type { Draft } from '@sabaq/engine';
import { jsonColumn, type Queryable } from '../db/db';
import type { AuthContext } from '../http/context';
import type { CatalogueRow } from './catalogue-queries';

/**
 * Copies a catalogue item into the caller's drafts: a new draft (new id, the caller's, their
 * school's) whose doc and initial state are the published snapshot, so its history starts at the
 * copy; it names its origin (draft id + version). The original draft and its catalogue item are
 * only read.
 */
export async function copyItem(
  q: Queryable,
  auth: AuthContext,
  item: CatalogueRow,
): Promise<{ id: string; type: string; title: string }> {
  const snapshot = jsonColumn<Draft>(item.doc);
  const id = randomUUID();
  const draft: Draft = { ...snapshot, id };
  await q.query(
    `INSERT INTO drafts (id, owner_id, school_id, type, title, lang, version, doc, initial, origin_draft_id, origin_version)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10)`,
    [
      id,
      auth.userId,
      auth.schoolId,
      draft.type,
      draft.title,
      draft.lang,
      draft.version,
      JSON.stringify(draft),
      item.draft_id,
      item.version,
    ],
  );
  return { id, type: draft.type, title: draft.title };
}
