import type { RouteId } from '@sabaq/platform';
import type { RunningServer } from '../server';
import type { SampleFactory } from '../test/matrix-samples';

/**
 * Route × role matrix samples of the timetables (see test/matrix-samples.ts). Every row they
 * name is the first school's (7А, its quarters), so the second school's check runs on each;
 * slots made for one call are removed in `after`. Saturday is free in the demo week (lessons run
 * Monday to Friday), so a sample lesson there clashes with nothing.
 */
const S = '/api/v2/os/backoffice/schedules';
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
    `SELECT g.id FROM groups g JOIN users u ON u.school_id = g.school_id AND u.login = 'director'
      WHERE g.parallel = 7 AND g.letter = 'А' AND NOT g.archived ORDER BY g.id LIMIT 1`,
  );
const quarter = (server: RunningServer, n: number) =>
  one(
    server,
    `SELECT p.id FROM periods p JOIN users u ON u.school_id = p.school_id AND u.login = 'director'
      WHERE p.quarter = $1 ORDER BY p.start_date DESC LIMIT 1`,
    [n],
  );
const math = (server: RunningServer) => one(server, "SELECT id FROM subjects WHERE code = 'math'");

/** A throwaway Saturday lesson of 7А in the second quarter (removed after the call). */
async function throwawaySlot(server: RunningServer, lessonNo: number): Promise<number> {
  return one(
    server,
    `INSERT INTO timetable_slots (group_id, period_id, weekday, lesson_no, shift, subject_id)
     VALUES ($1, $2, 6, $3, 1, $4) RETURNING id`,
    [await class7a(server), await quarter(server, 2), lessonNo, await math(server)],
  );
}

const dropSlots = (server: RunningServer) => async () => {
  await server.db.query('DELETE FROM timetable_slots WHERE group_id = $1 AND weekday = 6', [
    await class7a(server),
  ]);
};

export const TIMETABLE_SAMPLES: Partial<Record<RouteId, SampleFactory>> = {
  'timetables.list': async (c) => ({ path: S, opts: { token: c.token } }),
  'timetables.group': async (c) => ({
    path: `${S}/${await class7a(c.server)}?periodId=${await quarter(c.server, 2)}`,
    opts: { token: c.token },
  }),
  'timetables.slotCreate': async (c) => ({
    method: 'POST',
    path: `${S}/${await class7a(c.server)}/slots`,
    opts: {
      token: c.token,
      body: {
        periodId: await quarter(c.server, 2),
        weekday: 6,
        lessonNo: 1,
        shift: 1,
        subjectId: await math(c.server),
      },
    },
    after: dropSlots(c.server),
  }),
  'timetables.slotUpdate': async (c) => ({
    method: 'PUT',
    path: `${B}/schedule-slots/${await throwawaySlot(c.server, 2)}`,
    opts: {
      token: c.token,
      body: { weekday: 6, lessonNo: 3, shift: 1, subjectId: await math(c.server), room: '101' },
    },
    after: dropSlots(c.server),
  }),
  'timetables.slotDelete': async (c) => ({
    method: 'DELETE',
    path: `${B}/schedule-slots/${await throwawaySlot(c.server, 4)}`,
    opts: { token: c.token },
    after: dropSlots(c.server),
  }),
  'timetables.copy': async (c) => ({
    method: 'POST',
    path: `${S}/copy`,
    opts: {
      token: c.token,
      body: {
        fromPeriodId: await quarter(c.server, 1),
        toPeriodId: await quarter(c.server, 4),
        groupId: await class7a(c.server),
        replace: true,
      },
    },
  }),
};

/**
 * Routes that name no row of the first school: the caller's own school's class list. Its
 * tenancy is tested in timetable-api.test.ts (the second school lists only its own classes).
 */
export const TIMETABLE_OWN_LISTS: readonly RouteId[] = ['timetables.list'];
