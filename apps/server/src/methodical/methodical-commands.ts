import type { MethodicalInput } from '@sabaq/platform';
import type { Db } from '../db/db';
import { assertFilesKnown } from './methodical-access';
import {
  insertMaterial,
  methodicalStoredIds,
  replaceMaterialFiles,
  subjectExists,
  updateMaterial,
} from './methodical-queries';
import { MethodicalError } from './methodical-texts';

/** The subject must exist and every file be a `methodical` upload (422 on the field otherwise). */
async function checkInput(db: Db, input: MethodicalInput): Promise<string[]> {
  if (!(await subjectExists(db, input.subjectId)))
    throw new MethodicalError(422, 'methodical_subject_invalid', 'subjectId');
  const fileIds = [...new Set(input.fileIds)];
  assertFilesKnown(fileIds, await methodicalStoredIds(db, fileIds));
  return fileIds;
}

/** Writes a new material with its files, in one transaction; returns its id. */
export async function createMaterial(
  db: Db,
  input: MethodicalInput,
  authorId: number,
): Promise<number> {
  const fileIds = await checkInput(db, input);
  return db.transaction(async (tx) => {
    const id = await insertMaterial(tx, input, authorId);
    await replaceMaterialFiles(tx, id, fileIds);
    return id;
  });
}

/** Changes a material and its files, in one transaction. */
export async function changeMaterial(db: Db, id: number, input: MethodicalInput): Promise<void> {
  const fileIds = await checkInput(db, input);
  await db.transaction(async (tx) => {
    await updateMaterial(tx, id, input);
    await replaceMaterialFiles(tx, id, fileIds);
  });
}
