import { z } from 'zod';
import { LOCALES } from '../errors/messages';

/** `{ data: … }` envelope used by every success body the spec gives no other shape for. */
export function dataEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

export const LocaleSchema = z.enum(LOCALES);

/** Path parameter `{locale}`: kz, kk (→ kz) or ru. */
export const LocaleParamsSchema = z.object({
  locale: z.enum(['kz', 'kk', 'ru']),
});

/** Positive integer id in a path, e.g. `/group/{groupId}` (arrives as a string). */
export const IdParam = z.coerce.number().int().positive().max(2_147_483_647);

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** Request headers every call carries (spec §7). */
export const REQUEST_HEADERS = {
  locale: 'x-localization',
  quarter: 'x-quarter',
} as const;

/** Name of the refresh-token cookie (HttpOnly, SameSite=Lax, Path=/api, one month). */
export const REFRESH_COOKIE = 'sabaq_refresh';
/** One month (spec §9), in seconds. */
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;
