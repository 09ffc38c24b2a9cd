import type { RouteId } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { makeIin } from '../core/seed-data';
import type { SampleFactory } from './matrix-samples';

/**
 * Samples of the backoffice classes, pupils, subgroups and archive (issue 13) for the route ×
 * role matrix. Every row they name is the first school's (7А, its English subgroups, the
 * archived 11А), so the second school's check runs on each; rows made for one call are removed
 * in `after`.
 */
const B = '/api/v2/os/backoffice';

async function one(server: RunningServer, sql: string, params: unknown[] = []): Promise<number> {
  const rows = await server.db.query<{ id: number }>(sql, params);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`matrix sample: no row from ${sql.slice(0, 50)}`);
  return id;
}

const class7a = (server: RunningServer) =>
  one(
    server,
    "SELECT id FROM groups WHERE parallel = 7 AND letter = 'А' AND NOT archived ORDER BY id LIMIT 1",
  );
const class7b = (server: RunningServer) =>
  one(
    server,
    "SELECT id FROM groups WHERE parallel = 7 AND letter = 'Ә' AND NOT archived ORDER BY id LIMIT 1",
  );
const english = (server: RunningServer) =>
  one(server, "SELECT id FROM subjects WHERE code = 'english'");
const archived11a = (server: RunningServer) =>
  one(
    server,
    "SELECT id FROM groups WHERE parallel = 11 AND letter = 'А' AND archived ORDER BY id LIMIT 1",
  );

/** A throwaway pupil of 7А (removed after the call). */
async function throwawayPupil(server: RunningServer, unique: number): Promise<number> {
  const group = await class7a(server);
  return one(
    server,
    `INSERT INTO users (role, firstname, surname, school_id, group_id)
     SELECT 'student', 'Матрица', 'Оқушы${unique}', school_id, id FROM groups WHERE id = $1 RETURNING id`,
    [group],
  );
}

/** A throwaway English subgroup of 7А (removed after the call). */
async function throwawaySubgroup(server: RunningServer, unique: number): Promise<number> {
  return one(
    server,
    'INSERT INTO subgroups (group_id, subject_id, name) VALUES ($1, $2, $3) RETURNING id',
    [await class7a(server), await english(server), `Матрица-${unique}`],
  );
}

const dropUser = (server: RunningServer, id: number) => async () => {
  await server.db.query('DELETE FROM subgroup_members WHERE user_id = $1', [id]);
  await server.db.query('DELETE FROM users WHERE id = $1', [id]);
};
const dropSubgroup = (server: RunningServer, id: number) => async () => {
  await server.db.query('DELETE FROM subgroups WHERE id = $1', [id]);
};

export const BACKOFFICE_GROUP_SAMPLES: Partial<Record<RouteId, SampleFactory>> = {
  'backoffice.groupList': async (c) => ({ path: `${B}/groups`, opts: { token: c.token } }),
  'backoffice.groupCard': async (c) => ({
    path: `${B}/groups/${await class7a(c.server)}/card`,
    opts: { token: c.token },
  }),
  'backoffice.groupDelete': async (c) => {
    const id = await one(
      c.server,
      `INSERT INTO groups (school_id, parallel, letter, edu_lang_id)
       SELECT school_id, 12, $2, edu_lang_id FROM groups WHERE id = $1 RETURNING id`,
      [await class7a(c.server), `М${c.unique}`],
    );
    return {
      method: 'DELETE',
      path: `${B}/group/${id}`,
      opts: { token: c.token },
      after: async () => {
        await c.server.db.query('DELETE FROM groups WHERE id = $1', [id]);
      },
    };
  },
  'backoffice.pupilAdd': async (c) => {
    const iin = makeIin('2014-03-03', 'm', 5000 + c.unique);
    return {
      method: 'POST',
      path: `${B}/groups/${await class7a(c.server)}/pupils`,
      opts: {
        token: c.token,
        body: { mode: 'new', iin, surname: 'Матрица', firstname: 'Жаңа' },
      },
      after: async () => {
        await c.server.db.query('DELETE FROM users WHERE iin = $1', [iin]);
      },
    };
  },
  'backoffice.pupilMove': async (c) => {
    const pupil = await throwawayPupil(c.server, c.unique);
    return {
      method: 'PUT',
      path: `${B}/groups/${await class7a(c.server)}/pupils/${pupil}`,
      opts: { token: c.token, body: { groupId: await class7b(c.server) } },
      after: dropUser(c.server, pupil),
    };
  },
  'backoffice.pupilArchive': async (c) => {
    const pupil = await throwawayPupil(c.server, c.unique);
    return {
      method: 'DELETE',
      path: `${B}/groups/${await class7a(c.server)}/pupils/${pupil}`,
      opts: { token: c.token },
      after: dropUser(c.server, pupil),
    };
  },
  'backoffice.subgroups': async (c) => ({
    path: `${B}/groups/${await class7a(c.server)}/subgroups`,
    opts: { token: c.token },
  }),
  'backoffice.subgroupCreate': async (c) => {
    const group = await class7a(c.server);
    const name = `Жаңа-${c.unique}`;
    return {
      method: 'POST',
      path: `${B}/groups/${group}/subgroups`,
      opts: { token: c.token, body: { subjectId: await english(c.server), name } },
      after: async () => {
        await c.server.db.query('DELETE FROM subgroups WHERE group_id = $1 AND name = $2', [
          group,
          name,
        ]);
      },
    };
  },
  'backoffice.subgroupRename': async (c) => {
    const id = await throwawaySubgroup(c.server, c.unique);
    return {
      method: 'PUT',
      path: `${B}/subgroups/${id}`,
      opts: { token: c.token, body: { name: `Атау-${c.unique}` } },
      after: dropSubgroup(c.server, id),
    };
  },
  'backoffice.subgroupDelete': async (c) => {
    const id = await throwawaySubgroup(c.server, c.unique);
    return {
      method: 'DELETE',
      path: `${B}/subgroups/${id}`,
      opts: { token: c.token },
      after: dropSubgroup(c.server, id),
    };
  },
  'backoffice.subgroupTransfer': async (c) => ({
    path: `${B}/groups/${await class7a(c.server)}/subgroups/${await english(c.server)}`,
    opts: { token: c.token },
  }),
  'backoffice.subgroupTransferSave': async (c) => {
    const group = await class7a(c.server);
    const subject = await english(c.server);
    // Everyone stays where they are: the call is real, the placements unchanged.
    const members = await c.server.db.query<{ userId: number; subgroupId: number | null }>(
      `SELECT u.id AS "userId",
              (SELECT m.subgroup_id FROM subgroup_members m JOIN subgroups sg ON sg.id = m.subgroup_id
                WHERE m.user_id = u.id AND sg.group_id = $1 AND sg.subject_id = $2
                ORDER BY m.subgroup_id LIMIT 1) AS "subgroupId"
         FROM users u WHERE u.group_id = $1 AND u.role = 'student' ORDER BY u.id`,
      [group, subject],
    );
    return {
      method: 'PUT',
      path: `${B}/groups/${group}/subgroups/${subject}`,
      opts: { token: c.token, body: { members } },
    };
  },
  'backoffice.archive': async (c) => ({ path: `${B}/archive`, opts: { token: c.token } }),
  'backoffice.archiveGroup': async (c) => ({
    path: `${B}/archive/${await archived11a(c.server)}`,
    opts: { token: c.token },
  }),
};

/** Routes of this file whose sample names no row of a school (the caller's own lists). */
export const BACKOFFICE_GROUP_OWN_LISTS: readonly RouteId[] = [
  'backoffice.groupList',
  'backoffice.archive',
];
