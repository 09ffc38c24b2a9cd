import type { Db, Queryable } from '../db/db';
import { assertModuleRemovable, assertSameModules } from './course-authoring-access';
import {
  deleteModule,
  insertModule,
  renumberModules,
  touchCourse,
} from './course-authoring-queries';

/**
 * Writes of a course's modules and test, each in one transaction that first locks the course row:
 * two authors' tabs changing the modules at once take turns, so positions stay 1…n.
 */

async function lockCourse(tx: Queryable, courseId: number): Promise<void> {
  await tx.query('SELECT id FROM courses WHERE id = $1 FOR UPDATE', [courseId]);
}

async function moduleIds(tx: Queryable, courseId: number): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    'SELECT id FROM course_modules WHERE course_id = $1 ORDER BY position',
    [courseId],
  );
  return rows.map((r) => r.id);
}

export function addModule(
  db: Db,
  row: { courseId: number; title: { kz: string; ru: string }; draftId: string },
): Promise<void> {
  return db.transaction(async (tx) => {
    await lockCourse(tx, row.courseId);
    await insertModule(tx, row);
    await touchCourse(tx, row.courseId);
  });
}

export function reorderModules(db: Db, courseId: number, order: readonly number[]): Promise<void> {
  return db.transaction(async (tx) => {
    await lockCourse(tx, courseId);
    assertSameModules(await moduleIds(tx, courseId), order);
    await renumberModules(tx, courseId, order);
    await touchCourse(tx, courseId);
  });
}

/**
 * Removes a module nobody studied (checked again under the lock, with the module's progress as
 * it stands now) and closes the gap in the numbering.
 */
export function removeModule(
  db: Db,
  course: { id: number; published: boolean },
  moduleId: number,
): Promise<void> {
  return db.transaction(async (tx) => {
    await lockCourse(tx, course.id);
    const ids = await moduleIds(tx, course.id);
    const [progress] = await tx.query<{ studied: number }>(
      'SELECT count(*)::int AS studied FROM course_progress WHERE module_id = $1',
      [moduleId],
    );
    assertModuleRemovable(progress!.studied, { published: course.published, modules: ids.length });
    await deleteModule(tx, moduleId);
    await renumberModules(
      tx,
      course.id,
      ids.filter((id) => id !== moduleId),
    );
    await touchCourse(tx, course.id);
  });
}
