import { z } from 'zod';

/**
 * The profile picture (issue 19, spec §7 `auth … avatar`). Uploaded as one multipart file to
 * `profile.avatarUpload`; the server decides the type from the content, decodes it, and stores a
 * 256×256 WebP without metadata under a random name — the URL the session user carries as
 * `avatar`. The web client reads the same limits to refuse a file before sending a byte.
 */
export const AVATAR_LIMITS = {
  /** Largest picture accepted, bytes (5 MB). */
  maxBytes: 5 * 1024 * 1024,
  /** Types the content may be (as detected by the server). */
  types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  /** What the error message lists. */
  shown: 'png, jpg, gif, webp',
  /** The stored picture's side, pixels (a square, cover-cropped). */
  side: 256,
} as const;

export const AvatarSchema = z
  .object({
    /** The picture's URL (a capability URL: its random name is the permission). */
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    size: z.number().int(),
  })
  .meta({ id: 'Avatar' });
export type Avatar = z.infer<typeof AvatarSchema>;
export const AvatarResponseSchema = z.object({ data: AvatarSchema });
