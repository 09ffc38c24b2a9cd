import { z } from 'zod';
import { isValidDisplayDate, isValidEmail, isValidName } from '../../validators/fields';

/**
 * profile/cabinet (issue 19, spec §5): the user's own names, phone, e-mail and birth date. School
 * and class are read-only (they come from the school's records). Empty optional fields clear.
 */
const Name = z
  .string({ error: 'field_required' })
  .trim()
  .min(1, 'field_required')
  .max(100, 'field_too_long')
  .refine((v) => isValidName(v), { message: 'name_invalid' });

const Optional = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .nullable()
    .optional();

export const ProfileUpdateRequestSchema = z
  .object({
    firstname: Name,
    surname: Name,
    lastname: Optional(Name),
    /** Digits only after stripping (spec §5 number fields); 10 to 15 of them. */
    phone: Optional(
      z
        .string()
        .max(32, 'field_too_long')
        .refine((v) => /^\d{10,15}$/.test(v.replace(/\D+/g, '')), { message: 'field_invalid' }),
    ),
    email: Optional(
      z
        .string()
        .trim()
        .max(254, 'field_too_long')
        .refine((v) => isValidEmail(v), { message: 'email_invalid' }),
    ),
    /** DD.MM.YYYY (spec §5), a real day not in the future. */
    bornDate: Optional(
      z
        .string()
        .refine((v) => isValidDisplayDate(v), { message: 'date_invalid' })
        .refine(
          (v) => {
            const [d, m, y] = v.split('.').map(Number);
            const at = Date.UTC(y as number, (m as number) - 1, d as number);
            return (y as number) >= 1900 && at <= Date.now();
          },
          { message: 'date_invalid' },
        ),
    ),
  })
  .meta({ id: 'ProfileUpdateRequest' });
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequestSchema>;

export const ProfileSchema = z
  .object({
    firstname: z.string(),
    surname: z.string(),
    lastname: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    bornDate: z.string().nullable(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof ProfileSchema>;
export const ProfileResponseSchema = z.object({ data: ProfileSchema });
