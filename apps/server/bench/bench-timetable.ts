/**
 * Timetable benchmark (`node --import tsx bench/bench-timetable.ts` in apps/server; not a test,
 * it asserts nothing): on the demo school over HTTP on PGlite, the director's calls of the
 * timetable screens. Each step runs REPEAT times; prints the median wall time and the SQL
 * statements of one call, and each step's ratio to reading one class's week (the baseline,
 * measured in the same run). A lesson placed or refused is checked against every lesson of the
 * quarter in all classes; copying the whole quarter checks the whole school's week at once.
 */
import { performance } from 'node:perf_hooks';
import { startCountedServer } from './counted-server';
import { call, login } from '../src/test/harness';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 7);
const S = '/api/v2/os/backoffice/schedules';

const { server, statements } = await startCountedServer();

try {
  const token = (await login(server, 'director')).access_token;
  const one = async <T>(sql: string) => (await server.db.query<T>(sql))[0]!;
  const school = `(SELECT school_id FROM users WHERE login = 'director')`;
  const g7a = (
    await one<{ id: number }>(
      `SELECT id FROM groups WHERE school_id = ${school} AND parallel = 7 AND letter = 'А' AND NOT archived`,
    )
  ).id;
  const q2 = (
    await one<{ id: number }>(`SELECT id FROM periods WHERE school_id = ${school} AND quarter = 2`)
  ).id;
  const q3 = (
    await one<{ id: number }>(`SELECT id FROM periods WHERE school_id = ${school} AND quarter = 3`)
  ).id;
  const math = (await one<{ id: number }>("SELECT id FROM subjects WHERE code = 'math'")).id;
  const busy = await one<{ teacher_id: number; weekday: number; lesson_no: number }>(
    `SELECT teacher_id, weekday, lesson_no FROM timetable_slots WHERE period_id = ${q2} AND shift = 1
        AND teacher_id IS NOT NULL AND group_id <> ${g7a} ORDER BY id LIMIT 1`,
  );
  const slots = (
    await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM timetable_slots WHERE period_id = ${q2}`,
    )
  ).n;
  console.log(
    `timetable: ${slots} lessons a week in the demo school's second quarter; median of ${REPEAT}`,
  );

  let baseline = 0;
  async function step(
    label: string,
    run: () => Promise<{ status: number }>,
    after?: () => Promise<void>,
  ) {
    const times: number[] = [];
    let sent = 0;
    let status = 0;
    for (let i = 0; i < REPEAT; i++) {
      statements.reset();
      const t0 = performance.now();
      status = (await run()).status;
      times.push(performance.now() - t0);
      sent = statements.count;
      await after?.();
    }
    const ms = times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    if (baseline === 0) baseline = ms;
    console.log(
      `${label.padEnd(40)} ${ms.toFixed(1).padStart(8)} ms ${String(sent).padStart(4)} queries  ×${(ms / baseline).toFixed(2)}  status ${status}`,
    );
  }
  await step('GET one class week (baseline)', () =>
    call(server, 'GET', `${S}/${g7a}?periodId=${q2}`, { token }),
  );
  await step('GET classes with their state', () =>
    call(server, 'GET', `${S}?periodId=${q2}`, { token }),
  );
  await step(
    'POST a lesson (checked, placed)',
    () =>
      call(server, 'POST', `${S}/${g7a}/slots`, {
        token,
        body: { periodId: q2, weekday: 6, lessonNo: 1, shift: 1, subjectId: math },
      }),
    async () => {
      await server.db.query(`DELETE FROM timetable_slots WHERE group_id = ${g7a} AND weekday = 6`);
    },
  );
  await step('POST a double-booked teacher (409)', () =>
    call(server, 'POST', `${S}/${g7a}/slots`, {
      token,
      body: {
        periodId: q2,
        weekday: busy.weekday,
        lessonNo: busy.lesson_no,
        shift: 1,
        subjectId: math,
        teacherId: busy.teacher_id,
      },
    }),
  );
  await step('POST copy the whole quarter (replace)', () =>
    call(server, 'POST', `${S}/copy`, {
      token,
      body: { fromPeriodId: q2, toPeriodId: q3, groupId: null, replace: true },
    }),
  );
} finally {
  await server.close();
}
