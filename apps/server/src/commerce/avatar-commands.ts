import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from '../db/db';
import type { FileStorage } from '../files/storage';
import {
  deleteStoredFile,
  deleteUserAvatar,
  insertAvatarFile,
  lockUserAvatar,
  upsertUserAvatar,
} from './avatar-queries';
import type { AvatarPicture } from './avatar-image';

/** The URL a picture is served at (its random name is the permission). */
export function avatarUrl(name: string): string {
  return `/api/v2/os/profile/avatars/${name}`;
}

/**
 * Stores the user's new picture through the file service's storage and points the user at it, in
 * one transaction with the removal of the old one's row; the old bytes are removed once that has
 * committed (a failed write removes the new bytes instead, so nothing is left half-done).
 */
export async function replaceAvatar(
  db: Db,
  storage: FileStorage,
  owner: { userId: number; schoolId: number | null },
  picture: AvatarPicture,
): Promise<{ url: string; size: number }> {
  const storedId = randomUUID();
  const name = `${randomUUID()}.webp`;
  await storage.put(storedId, Readable.from([picture.bytes]), 'image/webp');
  let old: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const previous = await lockUserAvatar(tx, owner.userId);
      await insertAvatarFile(tx, {
        id: storedId,
        ownerId: owner.userId,
        schoolId: owner.schoolId,
        size: picture.bytes.length,
        sha256: createHash('sha256').update(picture.bytes).digest('hex'),
      });
      await upsertUserAvatar(tx, owner.userId, { name, storedId });
      if (previous) {
        await deleteStoredFile(tx, previous.storedId);
        old = previous.storedId;
      }
    });
  } catch (err) {
    await storage.remove(storedId).catch(() => undefined);
    throw err;
  }
  if (old) await storage.remove(old).catch(() => undefined);
  return { url: avatarUrl(name), size: picture.bytes.length };
}

/** Removes the user's picture (nothing to do without one); true when one was removed. */
export async function removeAvatar(db: Db, storage: FileStorage, userId: number): Promise<boolean> {
  const removed = await db.transaction(async (tx) => {
    const current = await lockUserAvatar(tx, userId);
    if (!current) return null;
    await deleteUserAvatar(tx, userId);
    await deleteStoredFile(tx, current.storedId);
    return current.storedId;
  });
  if (removed) await storage.remove(removed).catch(() => undefined);
  return removed !== null;
}
