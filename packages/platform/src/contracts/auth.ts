import { z } from 'zod';
import { ROLES } from '../roles/roles';
import { isValidIin } from '../validators/iin';
import { isValidEmail, isValidName, passwordProblem } from '../validators/fields';
import { dataEnvelope } from './common';

// Field-rule messages are catalogue keys (errors/messages.ts); the server and the web app
// translate them into the reader's language, so both show the same words.

/** A new password: spec §5's rules. */
export const NewPasswordSchema = z
  .string()
  .max(1000)
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const IinSchema = z
  .string()
  .max(32)
  .refine((v) => isValidIin(v), { message: 'iin_invalid' });

export const EmailSchema = z
  .string()
  .max(254)
  .refine((v) => isValidEmail(v), { message: 'email_invalid' });

export const PersonNameSchema = z
  .string()
  .max(100)
  .refine((v) => isValidName(v), { message: 'name_invalid' });

export const LoginRequestSchema = z
  .object({
    /** IIN, e-mail or a demo login such as `teacher`. */
    login: z.string().trim().min(1, 'field_required').max(254, 'field_too_long'),
    password: z.string().min(1, 'field_required').max(1000, 'field_too_long'),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const SubscriptionTypeSchema = z.enum(['kindergarden', 'personal']);
export type SubscriptionType = z.infer<typeof SubscriptionTypeSchema>;

/** The session user of spec §3, exactly as GET /api/v2/os/user-info returns it. */
export const SessionUserSchema = z
  .object({
    token: z.string(),
    userId: z.number().int(),
    iin: z.string().nullable(),
    chatToken: z.string().nullable(),
    position: z.string().nullable(),
    /** A teacher's subrole (e.g. group-lead) replaces the role. */
    role: z.enum(ROLES),
    group: z.object({ name: z.string() }).nullable(),
    /** w in the records becomes f, anything else m. */
    gender: z.enum(['m', 'f']),
    firstname: z.string(),
    surname: z.string(),
    lastname: z.string().nullable(),
    photo: z.string().nullable(),
    /** The profile picture's URL (256×256 WebP, issue 19); null without one. */
    avatar: z.string().nullable(),
    quarter: z.number().int(),
    /**
     * `kind` (issue 30): a kindergarten says «Балабақша / Детский сад» and «Топ / Группа» and its
     * staff get its menu; absent in sessions stored before it existed (read as a school).
     */
    school: z
      .object({
        address: z.string(),
        name: z.string(),
        bin: z.string(),
        kind: z.enum(['school', 'kindergarten']).optional(),
      })
      .nullable(),
    /** DD.MM.YYYY */
    bornDate: z.string().nullable(),
    defaultPass: z.boolean(),
    regionId: z.number().int().nullable(),
    departmentId: z.number().int().nullable(),
    balance: z.number(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    subscription: z
      .object({
        type: SubscriptionTypeSchema,
        isDemo: z.boolean(),
        group: z.string().nullable(),
      })
      .nullable(),
    // Live subscriptions (spec §3: a list with tariff_type, the tariff's code); `type` says what
    // each opens, so a second subscription beside the main one (issue 30) opens its sections.
    subscriptions: z.array(z.object({ tariff_type: z.string(), type: SubscriptionTypeSchema })),
    hasSubscription: z.boolean(),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const UserInfoResponseSchema = dataEnvelope(SessionUserSchema);

export const LoginResponseSchema = z
  .object({
    access_token: z.string(),
    /** Absent for a session on someone's behalf: it lasts one access token and is not renewed. */
    refresh_token: z.string().optional(),
    /** Access-token lifetime in seconds. */
    expires_in: z.number().int(),
    user: SessionUserSchema,
  })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const RefreshRequestSchema = z.object({
  /** Optional: the `sabaq_refresh` cookie is used when absent. */
  refreshToken: z.string().max(512).optional(),
});
export type RefreshRequest = z.infer<typeof RefreshRequestSchema>;

export const RefreshResponseSchema = z.object({
  access_token: z.string(),
  /**
   * The new refresh token when the old one came in the body (mobile apps). When it came in the
   * cookie (browsers) the new one goes back only in the HttpOnly cookie: a script in the page
   * must not be able to read it from this answer.
   */
  refresh_token: z.string().optional(),
  expires_in: z.number().int(),
});
export type RefreshResponse = z.infer<typeof RefreshResponseSchema>;

/**
 * check-token only says whether the presented access token is valid and for how many seconds
 * more: renewing is the refresh flow's job (rotation, reuse detection), so a stolen access token
 * cannot be kept alive through this call.
 */
export const CheckTokenResponseSchema = dataEnvelope(
  z.object({ valid: z.literal(true), expires_in: z.number().int() }),
);
export type CheckTokenResponse = z.infer<typeof CheckTokenResponseSchema>;

export const SessionInfoSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
  /** Set when an authorised user opened this session on behalf of the owner. */
  behalfOf: z.number().int().nullable(),
});
export const SessionsResponseSchema = dataEnvelope(z.array(SessionInfoSchema));
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

export const PasswordChangeRequestSchema = z
  .object({
    password: NewPasswordSchema,
    password_confirmation: z.string().max(1000),
    old_password: z.string().min(1, 'field_required').max(1000),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.password_confirmation) {
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: 'password_mismatch',
      });
    }
  })
  .meta({ id: 'PasswordChangeRequest' });
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequestSchema>;

export const NeedPassChangeResponseSchema = z.object({ defaultPass: z.boolean() });
export type NeedPassChangeResponse = z.infer<typeof NeedPassChangeResponseSchema>;

export const ForgotPasswordRequestSchema = z.object({ email: EmailSchema });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

export const ResetPasswordRequestSchema = z
  .object({
    token: z.string().min(1, 'field_required').max(512),
    password: NewPasswordSchema,
    password_confirmation: z.string().max(1000),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.password_confirmation) {
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: 'password_mismatch',
      });
    }
  });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

export const RegisterRequestSchema = z
  .object({
    iin: IinSchema,
    firstname: PersonNameSchema,
    surname: PersonNameSchema,
    lastname: PersonNameSchema.optional(),
    email: EmailSchema,
    phone: z
      .string()
      .max(32)
      .transform((v) => v.replace(/\D+/g, ''))
      .optional(),
    password: NewPasswordSchema,
    password_confirmation: z.string().max(1000),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.password_confirmation) {
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: 'password_mismatch',
      });
    }
  })
  .meta({ id: 'RegisterRequest' });
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

export const RegisterConfirmRequestSchema = z.object({
  iin: IinSchema,
  code: z.string().regex(/^\d{6}$/, 'register_code_invalid'),
});
export type RegisterConfirmRequest = z.infer<typeof RegisterConfirmRequestSchema>;

/**
 * `confirmed: true` is the person's explicit answer on the confirmation screen; the call carries
 * the bearer token (never a cookie), so another website cannot make it.
 */
export const BehalfRequestSchema = z.object({
  userId: z.number().int().positive(),
  confirmed: z.literal(true, { error: 'behalf_confirm_required' }),
});
export type BehalfRequest = z.infer<typeof BehalfRequestSchema>;

export const BehalfTargetParamsSchema = z.object({
  userId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** Whose session a behalf sign-in opens: the confirmation screen names them. */
export const BehalfTargetResponseSchema = dataEnvelope(
  z.object({
    userId: z.number().int(),
    role: z.enum(ROLES),
    firstname: z.string(),
    surname: z.string(),
    lastname: z.string().nullable(),
    group: z.string().nullable(),
  }),
);
export type BehalfTarget = z.infer<typeof BehalfTargetResponseSchema>['data'];

export const OAuthStartQuerySchema = z.object({
  /** Language of the page to come back to. */
  lang: z.enum(['kk', 'ru']).optional(),
});
export const OAuthCallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
  error_description: z.string().max(2048).optional(),
  iss: z.string().max(2048).optional(),
});
