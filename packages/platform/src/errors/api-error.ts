import { z } from 'zod';

/** Error body of spec §8: `{ message, errors?: {field: [messages]}, redirect?, action? }`. */
export const ApiErrorSchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    redirect: z.string().optional(),
    action: z.string().optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** HTTP statuses of spec §8 and what a client does with each. */
export const ERROR_STATUS = {
  redirect: 302,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  validation: 422,
  locked: 423,
  upgradeRequired: 426,
  tooManyRequests: 429,
  internal: 500,
  badGateway: 502,
} as const;
export type ErrorStatus = (typeof ERROR_STATUS)[keyof typeof ERROR_STATUS];
