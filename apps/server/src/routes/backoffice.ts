import { z } from 'zod';
import {
  GroupBodySchema,
  GroupDetailResponseSchema,
  GroupDictionariesResponseSchema,
  GroupSavedResponseSchema,
  IdParam,
} from '@sabaq/platform';
import type { GroupDetailResponse, Locale, MessageKey } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import type { App, AppContext, AuthContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';

const GroupParams = z.object({ groupId: IdParam });

async function langs(q: Queryable, locale: Locale) {
  return q.query<{ id: number; name: string }>(
    `SELECT id, ${locale === 'kz' ? 'name_kz' : 'name_ru'} AS name FROM edu_langs ORDER BY id`,
  );
}

/** Teachers of the school (a subrole such as group-lead is still a teacher). */
async function personnels(q: Queryable, schoolId: number) {
  return q.query<{ id: number; fullname: string }>(
    `SELECT id, trim(surname || ' ' || firstname || coalesce(' ' || lastname, '')) AS fullname
       FROM users WHERE school_id = $1 AND role = 'teacher' ORDER BY surname, firstname`,
    [schoolId],
  );
}

async function groupDetail(
  q: Queryable,
  schoolId: number,
  groupId: number,
  locale: Locale,
): Promise<GroupDetailResponse | null> {
  const rows = await q.query<{ id: number; parallel: number; letter: string; edu_lang_id: number }>(
    'SELECT id, parallel, letter, edu_lang_id FROM groups WHERE id = $1 AND school_id = $2',
    [groupId, schoolId],
  );
  const g = rows[0];
  if (!g) return null;
  const [team, l, p] = await Promise.all([
    q.query<{ user_id: number }>(
      'SELECT user_id FROM group_personnel WHERE group_id = $1 ORDER BY user_id',
      [groupId],
    ),
    langs(q, locale),
    personnels(q, schoolId),
  ]);
  return {
    group: {
      id: g.id,
      letter: g.letter,
      bl_name: { id: g.parallel },
      edu_lang: g.edu_lang_id,
      personnel_id: team.map((t) => t.user_id),
    },
    langs: l,
    personnels: p,
  };
}

function schoolOf(auth: AuthContext): number {
  if (auth.schoolId === null) throw new HttpError(403, 'forbidden');
  return auth.schoolId;
}

/** Checks the references of a group body against the school; 422 per field. */
async function checkGroupBody(
  q: Queryable,
  schoolId: number,
  body: z.output<typeof GroupBodySchema>,
  exceptGroupId: number | null,
): Promise<void> {
  const errors: Record<string, MessageKey[]> = {};
  const [lang, team, dup] = await Promise.all([
    q.query('SELECT 1 FROM edu_langs WHERE id = $1', [body.edu_lang]),
    body.personnel_id.length
      ? q.query<{ id: number }>(
          "SELECT id FROM users WHERE id = ANY($1::int[]) AND school_id = $2 AND role = 'teacher'",
          [body.personnel_id, schoolId],
        )
      : Promise.resolve([]),
    q.query(
      'SELECT 1 FROM groups WHERE school_id = $1 AND parallel = $2 AND letter = $3 AND id <> $4',
      [schoolId, body.name, body.letter, exceptGroupId ?? -1],
    ),
  ]);
  if (lang.length === 0) errors.edu_lang = ['field_invalid'];
  if (new Set(body.personnel_id).size !== team.length)
    errors.personnel_id = ['group_personnel_unknown'];
  if (dup.length > 0) errors.letter = ['group_exists'];
  if (Object.keys(errors).length > 0) throw new HttpError(422, 'validation_failed', { errors });
}

async function saveTeam(q: Queryable, groupId: number, ids: readonly number[]): Promise<void> {
  await q.query('DELETE FROM group_personnel WHERE group_id = $1', [groupId]);
  for (const id of new Set(ids)) {
    await q.query('INSERT INTO group_personnel (group_id, user_id) VALUES ($1, $2)', [groupId, id]);
  }
}

export function registerBackofficeRoutes(app: App, ctx: AppContext): void {
  defineRoute(app, ctx, 'backoffice.groupGet', {
    params: GroupParams,
    response: { 200: GroupDetailResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const detail = await groupDetail(ctx.db, schoolOf(auth), req.params.groupId, req.locale);
      if (!detail) throw new HttpError(404, 'not_found');
      return detail;
    },
  });

  defineRoute(app, ctx, 'backoffice.groupUpdate', {
    params: GroupParams,
    body: GroupBodySchema,
    response: { 200: GroupSavedResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const schoolId = schoolOf(auth);
      const id = req.params.groupId;
      return ctx.db.transaction(async (tx) => {
        const exists = await tx.query(
          'SELECT 1 FROM groups WHERE id = $1 AND school_id = $2 FOR UPDATE',
          [id, schoolId],
        );
        if (exists.length === 0) throw new HttpError(404, 'not_found');
        await checkGroupBody(tx, schoolId, req.body, id);
        await tx.query(
          'UPDATE groups SET parallel = $1, letter = $2, edu_lang_id = $3 WHERE id = $4',
          [req.body.name, req.body.letter, req.body.edu_lang, id],
        );
        await saveTeam(tx, id, req.body.personnel_id);
        const detail = await groupDetail(tx, schoolId, id, req.locale);
        if (!detail) throw new HttpError(404, 'not_found');
        return detail;
      });
    },
  });

  defineRoute(app, ctx, 'backoffice.groupCreate', {
    body: GroupBodySchema,
    response: { 201: GroupSavedResponseSchema },
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      const schoolId = schoolOf(auth);
      const detail = await ctx.db.transaction(async (tx) => {
        await checkGroupBody(tx, schoolId, req.body, null);
        const rows = await tx.query<{ id: number }>(
          'INSERT INTO groups (school_id, parallel, letter, edu_lang_id) VALUES ($1, $2, $3, $4) RETURNING id',
          [schoolId, req.body.name, req.body.letter, req.body.edu_lang],
        );
        const id = rows[0]?.id;
        if (id === undefined) throw new Error('group insert returned no id');
        await saveTeam(tx, id, req.body.personnel_id);
        return groupDetail(tx, schoolId, id, req.locale);
      });
      if (!detail) throw new HttpError(404, 'not_found');
      return reply.code(201).send(detail);
    },
  });

  defineRoute(app, ctx, 'backoffice.groupDictionaries', {
    response: { 200: GroupDictionariesResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const schoolId = schoolOf(auth);
      const kind = await ctx.db.query<{ kind: string }>('SELECT kind FROM schools WHERE id = $1', [
        schoolId,
      ]);
      // Parallels: 1–11 at school; a kindergarten has one level (0).
      const parallels =
        kind[0]?.kind === 'kindergarten' ? [0] : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
      const word = req.locale === 'kz' ? 'сынып' : 'класс';
      const [l, p] = await Promise.all([langs(ctx.db, req.locale), personnels(ctx.db, schoolId)]);
      return {
        groups: parallels.map((n) => ({
          id: n,
          name:
            n === 0
              ? req.locale === 'kz'
                ? 'Мектепке дейінгі топ'
                : 'Дошкольная группа'
              : `${n} ${word}`,
        })),
        langs: l,
        personnels: p,
      };
    },
  });
}
