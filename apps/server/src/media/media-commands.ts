import type { MediaInput } from '@sabaq/platform';
import type { Db, Queryable } from '../db/db';
import type { FileStorage } from '../files/storage';
import { assertFileFits, isWebVtt } from './media-access';
import type { FileSlot } from './media-access';
import {
  deleteMedia,
  deleteUnusedFiles,
  filesOfMedia,
  insertMedia,
  loadStoredFiles,
  markCaptions,
  replaceTracks,
  subjectExists,
  updateMedia,
} from './media-queries';
import type { MediaRow, MediaValues } from './media-queries';
import { MediaError } from './media-texts';

/**
 * Writes of the media sections: publishing, changing and deleting an entry. Every file an entry
 * names must be one of the catalogue's uploads (`use=media`) of the right type; captions must be
 * WebVTT. Files an entry stops using (changed or deleted) leave the storage with it.
 */

/** The files an input names, each with the place it takes and the field a 422 names. */
function slotsOf(input: MediaInput): { id: string; slot: FileSlot; field: string }[] {
  const slots: { id: string; slot: FileSlot; field: string }[] = [];
  if (input.posterId) slots.push({ id: input.posterId, slot: 'picture', field: 'posterId' });
  if (input.fileId) slots.push({ id: input.fileId, slot: 'video', field: 'fileId' });
  if (input.captions.kz)
    slots.push({ id: input.captions.kz, slot: 'captions', field: 'captions.kz' });
  if (input.captions.ru)
    slots.push({ id: input.captions.ru, slot: 'captions', field: 'captions.ru' });
  input.tracks.forEach((track, i) =>
    slots.push({ id: track.fileId, slot: 'audio', field: `tracks.${i}.fileId` }),
  );
  return slots;
}

/** 422s of the shape of an entry: a video has a file and a length, a playlist has tracks. */
function assertShape(input: MediaInput): void {
  if (input.kind === 'video') {
    if (!input.fileId || input.durationSeconds === null)
      throw new MediaError(
        422,
        'media_video_file_required',
        input.fileId ? 'durationSeconds' : 'fileId',
      );
    if (input.tracks.length > 0) throw new MediaError(422, 'media_video_no_tracks', 'tracks');
    return;
  }
  if (input.fileId || input.captions.kz || input.captions.ru)
    throw new MediaError(422, 'media_playlist_no_video', input.fileId ? 'fileId' : 'captions');
  if (input.tracks.length === 0) throw new MediaError(422, 'media_tracks_required', 'tracks');
}

async function readHead(storage: FileStorage, id: string): Promise<Buffer> {
  const stream = await storage.read(id, { start: 0, end: 15 });
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}

/** Checks an input against the database and the stored bytes; returns the values to write. */
async function checkInput(db: Db, storage: FileStorage, input: MediaInput): Promise<MediaValues> {
  assertShape(input);
  if (input.subjectId !== null && !(await subjectExists(db, input.subjectId)))
    throw new MediaError(422, 'media_subject_unknown', 'subjectId');
  const slots = slotsOf(input);
  const files = new Map(
    (await loadStoredFiles(db, [...new Set(slots.map((s) => s.id))])).map((f) => [f.id, f]),
  );
  for (const { id, slot, field } of slots) {
    const file = files.get(id);
    assertFileFits(file, slot, field);
    if (slot === 'captions' && !isWebVtt(await readHead(storage, id)))
      throw new MediaError(422, 'media_file_captions', field, { label: file.label });
  }
  return {
    kind: input.kind,
    title: input.title,
    description: input.description,
    ageGroup: input.ageGroup,
    subjectId: input.subjectId,
    fileId: input.fileId,
    durationSeconds: input.kind === 'video' ? input.durationSeconds : null,
    posterId: input.posterId,
    captions: input.captions,
  };
}

async function markAllCaptions(tx: Queryable, values: MediaValues): Promise<void> {
  for (const id of [values.captions.kz, values.captions.ru]) if (id) await markCaptions(tx, id);
}

async function removeBytes(storage: FileStorage, ids: readonly string[]): Promise<void> {
  // The rows are gone already: a file whose bytes cannot be removed now is only wasted space.
  await Promise.all(ids.map((id) => storage.remove(id).catch(() => undefined)));
}

export async function createMedia(
  db: Db,
  storage: FileStorage,
  input: MediaInput,
  authorId: number,
): Promise<number> {
  const values = await checkInput(db, storage, input);
  return db.transaction(async (tx) => {
    const id = await insertMedia(tx, values, authorId);
    await replaceTracks(tx, id, input.tracks);
    await markAllCaptions(tx, values);
    return id;
  });
}

export async function changeMedia(
  db: Db,
  storage: FileStorage,
  current: MediaRow,
  input: MediaInput,
): Promise<void> {
  if (input.kind !== current.kind) throw new MediaError(422, 'media_kind_fixed', 'kind');
  const values = await checkInput(db, storage, input);
  const dropped = await db.transaction(async (tx) => {
    const before = await filesOfMedia(tx, current.id);
    await updateMedia(tx, current.id, values);
    await replaceTracks(tx, current.id, input.tracks);
    await markAllCaptions(tx, values);
    return deleteUnusedFiles(tx, before);
  });
  await removeBytes(storage, dropped);
}

export async function removeMedia(db: Db, storage: FileStorage, mediaId: number): Promise<void> {
  const dropped = await db.transaction(async (tx) => {
    const before = await filesOfMedia(tx, mediaId);
    await deleteMedia(tx, mediaId);
    return deleteUnusedFiles(tx, before);
  });
  await removeBytes(storage, dropped);
}
