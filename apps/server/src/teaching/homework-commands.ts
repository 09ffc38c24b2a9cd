import type { Db } from '../db/db';
import type { Viewer } from './lessons';
import { freezePublished } from './content-queries';
import { insertAssignedAnswers, insertHomework } from './homework-queries';

/**
 * A homework on a lesson, in one transaction: its exercise frozen at the published version, and
 * an answer to fill in ('assigned') for every pupil of the group. Returns its id.
 */
export async function createHomework(
  db: Db,
  viewer: Viewer,
  lesson: { id: number; group_id: number },
  homework: { text: string; files: number[]; draftId: string | null; deadline: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const draftVersion = homework.draftId
      ? (await freezePublished(tx, viewer, homework.draftId, 'draftId')).version
      : null;
    const id = await insertHomework(tx, {
      ...homework,
      lessonId: lesson.id,
      teacherId: viewer.auth.userId,
      draftVersion,
    });
    await insertAssignedAnswers(tx, id, lesson.group_id);
    return id;
  });
}
