import { z } from 'zod';
import {
  MessageResponseSchema,
  ProfileResponseSchema,
  ProfileUpdateRequestSchema,
  message,
} from '@sabaq/platform';
import type { Profile, ProfileUpdateRequest } from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError, fieldError } from '../http/errors';
import { revokeSession, revokeUserSessions } from '../auth/sessions';
import { isEmailTaken, isOwnLiveSession, loadProfile, updateProfile } from './profile-queries';
import type { ProfileRow } from './profile-queries';

/**
 * The new values: a field left out keeps its value, '' or null clears an optional one, a phone
 * keeps its digits only (spec §5), a birth date goes to ISO for the database.
 */
function merged(body: ProfileUpdateRequest, current: ProfileRow) {
  const pick = (v: string | null | undefined, now: string | null) =>
    v === undefined ? now : v === null || v.trim() === '' ? null : v.trim();
  const born = pick(body.bornDate, current.born_date);
  return {
    firstname: body.firstname,
    surname: body.surname,
    lastname: pick(body.lastname, current.lastname),
    phone: pick(body.phone, current.phone)?.replace(/\D+/g, '') ?? null,
    email: pick(body.email, current.email)?.toLowerCase() ?? null,
    bornDate: born ? born.split('.').reverse().join('-') : null,
  };
}

function present(row: ProfileRow): Profile {
  return {
    firstname: row.firstname,
    surname: row.surname,
    lastname: row.lastname,
    phone: row.phone,
    email: row.email,
    bornDate: row.born_date,
  };
}

/**
 * profile/cabinet: the caller changes their own details — only their own row is ever written
 * (the id comes from the session, never the request). A taken e-mail is a 422 naming `email`.
 */
export function registerProfileRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  defineRoute(app, ctx, 'profile.update', {
    body: ProfileUpdateRequestSchema,
    response: { 200: ProfileResponseSchema },
    handler: async (req) => {
      const { userId, behalfOf } = requireAuth(req);
      const current = await loadProfile(db, userId);
      const values = merged(req.body, current);
      // The address and phone that sign-in and recovery reach are the owner's alone: a session
      // on someone's behalf may correct names, not take the account (issue 28).
      const now = merged({ firstname: current.firstname, surname: current.surname }, current);
      const changed = (['email', 'phone'] as const).filter((f) => values[f] !== now[f]);
      if (behalfOf && changed.length > 0)
        throw new HttpError(403, 'behalf_not_allowed', {
          errors: Object.fromEntries(changed.map((f) => [f, ['behalf_not_allowed' as const]])),
        });
      if (values.email && (await isEmailTaken(db, userId, values.email))) {
        throw fieldError('email', 'email_taken');
      }
      return { data: present(await updateProfile(db, userId, values)) };
    },
  });

  // Sessions (the list is auth.sessions): sign one out, or all but this one.
  defineRoute(app, ctx, 'profile.sessionRevoke', {
    params: z.object({ sessionId: z.string().min(1).max(128) }),
    response: { 200: MessageResponseSchema },
    handler: async (req) => {
      const { userId } = requireAuth(req);
      if (!(await isOwnLiveSession(db, userId, req.params.sessionId))) {
        throw new HttpError(404, 'not_found');
      }
      await revokeSession(db, req.params.sessionId);
      return { message: message('success', req.locale) };
    },
  });

  defineRoute(app, ctx, 'profile.sessionsRevokeOthers', {
    response: { 200: MessageResponseSchema },
    handler: async (req) => {
      const { userId, sessionId } = requireAuth(req);
      await db.transaction((tx) => revokeUserSessions(tx, userId, sessionId));
      return { message: message('success', req.locale) };
    },
  });
}
