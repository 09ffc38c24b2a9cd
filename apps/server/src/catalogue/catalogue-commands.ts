import { randomUUID } from 'node:crypto';
import type { Draft } from '@sabaq/engine';
import { jsonColumn, type Db, type Queryable } from '../db/db';
import type { AuthContext } from '../http/context';
import { freezePublished } from '../teaching/content-queries';
import type { Viewer } from '../teaching/lessons';
import { setLessonContent } from '../teaching/schedule-queries';
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

/**
 * Puts a catalogue item on a lesson the caller manages, in one transaction: the caller's own copy
 * (as `copyItem`, naming its origin), published at once — it is the item's published snapshot —
 * frozen at that version and attached. The lesson carries the school's own draft, so every
 * tenancy rule of lesson content holds as for content built in the school. The copy is not put
 * in the catalogue (it would be a duplicate); once its owner edits and publishes it, it is.
 */
export async function attachItem(
  db: Db,
  auth: AuthContext,
  viewer: Viewer,
  item: CatalogueRow,
  lessonId: number,
): Promise<{ draftId: string; type: string; title: string; version: number }> {
  return db.transaction(async (tx) => {
    const copy = await copyItem(tx, auth, item);
    await tx.query(
      `UPDATE drafts SET status = 'published', published_at = now(), updated_at = now() WHERE id = $1`,
      [copy.id],
    );
    const frozen = await freezePublished(tx, viewer, copy.id, 'scheduleId');
    await setLessonContent(tx, lessonId, { draftId: copy.id, version: frozen.version });
    return { draftId: copy.id, type: copy.type, title: copy.title, version: frozen.version };
  });
}
