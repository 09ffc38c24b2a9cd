import type { MethodicalInput } from '@sabaq/platform';
import type { Db } from '../db/db';
import { attachableIds, saveWithFiles } from '../files/rich-documents';
import { assertFilesKnown } from './methodical-access';
import {
  MATERIAL_FILES,
  insertMaterial,
  subjectExists,
  updateMaterial,
} from './methodical-queries';
import { MethodicalError } from './methodical-texts';

/** The subject must exist and every file be a `methodical` upload (422 on the field otherwise). */
async function checkInput(db: Db, input: MethodicalInput): Promise<string[]> {
  if (!(await subjectExists(db, input.subjectId)))
    throw new MethodicalError(422, 'methodical_subject_invalid', 'subjectId');
  const fileIds = [...new Set(input.fileIds)];
  assertFilesKnown(fileIds, await attachableIds(db, MATERIAL_FILES, fileIds));
  return fileIds;
}

/** Writes a new material with its files, in one transaction; returns its id. */
export async function createMaterial(
  db: Db,
  input: MethodicalInput,
  authorId: number,
): Promise<number> {
  const fileIds = await checkInput(db, input);
  return saveWithFiles(db, MATERIAL_FILES, fileIds, (tx) => insertMaterial(tx, input, authorId));
}

/** Changes a material and its files, in one transaction. */
export async function changeMaterial(db: Db, id: number, input: MethodicalInput): Promise<void> {
  const fileIds = await checkInput(db, input);
  await saveWithFiles(db, MATERIAL_FILES, fileIds, async (tx) => {
    await updateMaterial(tx, id, input);
    return id;
  });
}
