import type { RouteId } from '@sabaq/platform';
import { call } from '../test/harness';
import { DEMO_CERTIFICATE_CODE, DEMO_COURSE_TEST_ID } from './course-seed';
import type { SampleContext, SampleFactory } from '../test/matrix-samples';

/**
 * Route × role matrix samples of courses (see test/matrix-samples.ts). Courses are the
 * platform's, not a school's: the second-school check skips them (courses.test.ts proves that a
 * pupil's correction progress is read by their own teacher only).
 */
const P = '/api/v2/os/courses';

async function courseOf(c: SampleContext, kind: 'teacher' | 'correction'): Promise<number> {
  const rows = await c.server.db.query<{ id: number }>(
    'SELECT min(id) AS id FROM courses WHERE kind = $1',
    [kind],
  );
  return rows[0]!.id;
}
async function secondTeacherCourse(c: SampleContext): Promise<number> {
  const rows = await c.server.db.query<{ id: number }>(
    "SELECT id FROM courses WHERE kind = 'teacher' ORDER BY id OFFSET 1 LIMIT 1",
  );
  return rows[0]!.id;
}
async function firstModule(c: SampleContext, courseId: number): Promise<number> {
  const rows = await c.server.db.query<{ id: number }>(
    'SELECT min(id) AS id FROM course_modules WHERE course_id = $1',
    [courseId],
  );
  return rows[0]!.id;
}

const A = '/api/v2/os/course-authoring';
const INPUT = {
  title: { kz: 'Матрица курсы', ru: 'Курс матрицы' },
  description: { kz: 'Сипаттама', ru: 'Описание' },
  subject: null,
  audience: 'all',
  hours: 8,
  passMark: 60,
  minMinutes: 0,
};

/**
 * A course of the caller (methodist or administrator) with `modules` catalogue lessons and, if
 * asked, the demo final test; `after` removes it again (nobody enrolls in it).
 */
async function ownCourse(
  c: SampleContext,
  options: { modules?: number; test?: boolean } = {},
): Promise<{ id: number; modules: number[]; after: () => Promise<void> }> {
  const as = (method: string, path: string, body?: unknown) =>
    call(c.server, method, path, { token: c.token, body });
  const created = await as('POST', A, INPUT);
  if (created.status !== 201) throw new Error(`course create failed ${created.status}`);
  const id = created.body.data.id as number;
  let modules: number[] = [];
  for (const item of ['water-ru', 'animal-cell-ru'].slice(0, options.modules ?? 0)) {
    const added = await as('POST', `${A}/${id}/modules`, { draftId: `demo-catalogue-${item}` });
    modules = (added.body.data.modules as { id: number }[]).map((m) => m.id);
  }
  if (options.test) await as('PUT', `${A}/${id}/final-test`, { draftId: DEMO_COURSE_TEST_ID });
  return {
    id,
    modules,
    after: async () => {
      await as('DELETE', `${A}/${id}`);
    },
  };
}

export const COURSE_OWN_ROUTES: readonly RouteId[] = [
  'courses.list',
  'courses.show',
  'courses.enrol',
  'courses.progress',
  'courses.module',
  'courses.moduleCheck',
  'courses.test',
  'courses.certificate',
  'courses.pupils',
  'certificates.check',
  'courses.authoring',
  'courses.create',
  'courses.draft',
  'courses.update',
  'courses.remove',
  'courses.moduleAdd',
  'courses.moduleOrder',
  'courses.moduleRemove',
  'courses.finalTest',
  'courses.publish',
];

export const COURSE_SAMPLES: Partial<Record<RouteId, SampleFactory>> = {
  'courses.list': async (c) => ({ path: `${P}?kind=teacher`, opts: { token: c.token } }),
  'courses.show': async (c) => ({
    path: `${P}/${await courseOf(c, 'teacher')}`,
    opts: { token: c.token },
  }),
  // A correction course takes no enrolment: 409 for whoever may enrol.
  'courses.enrol': async (c) => ({
    method: 'POST',
    path: `${P}/${await courseOf(c, 'correction')}/enrolment`,
    opts: { token: c.token },
    expect: [409],
  }),
  // A correction module is marked by the caller, then unmarked again.
  'courses.progress': async (c) => {
    const id = await courseOf(c, 'correction');
    const path = `${P}/${id}/modules/${await firstModule(c, id)}`;
    return {
      method: 'PUT',
      path,
      opts: { token: c.token, body: { done: true } },
      after: async () => {
        await call(c.server, 'PUT', path, { token: c.token, body: { done: false } });
      },
    };
  },
  // A correction module opens for anyone (nothing is recorded for it).
  'courses.module': async (c) => {
    const id = await courseOf(c, 'correction');
    return { path: `${P}/${id}/modules/${await firstModule(c, id)}`, opts: { token: c.token } };
  },
  // The demo callers are not enrolled in the teacher course: its checks are closed (409).
  'courses.moduleCheck': async (c) => {
    const id = await courseOf(c, 'teacher');
    return {
      method: 'POST',
      path: `${P}/${id}/modules/${await firstModule(c, id)}/check`,
      opts: { token: c.token, body: { answers: {} } },
      expect: [409],
    };
  },
  // The demo callers are not enrolled: the test is closed to them (409).
  'courses.test': async (c) => ({
    method: 'POST',
    path: `${P}/${await courseOf(c, 'teacher')}/test`,
    opts: { token: c.token, body: { answers: [] } },
    expect: [409],
  }),
  // The demo deputy head holds a certificate of the second course (200); others have none (404).
  'courses.certificate': async (c) => ({
    path: `${P}/${await secondTeacherCourse(c)}/certificate`,
    opts: { token: c.token },
    expect: c.login === 'zavuch' ? [200] : [404],
  }),
  'courses.pupils': async (c) => ({
    path: `${P}/${await courseOf(c, 'correction')}/pupils`,
    opts: { token: c.token },
  }),
  // The demo certificate's code, checked by anyone.
  'certificates.check': async () => ({
    path: `/api/v2/os/certificates/${DEMO_CERTIFICATE_CODE}`,
  }),
  'courses.authoring': async (c) => ({ path: A, opts: { token: c.token } }),
  'courses.create': async (c) => ({
    method: 'POST',
    path: A,
    opts: { token: c.token, body: INPUT },
    expect: [201],
  }),
  'courses.draft': async (c) => {
    const own = await ownCourse(c);
    return { path: `${A}/${own.id}`, opts: { token: c.token }, after: own.after };
  },
  'courses.update': async (c) => {
    const own = await ownCourse(c);
    return {
      method: 'PUT',
      path: `${A}/${own.id}`,
      opts: { token: c.token, body: { ...INPUT, hours: 9 } },
      after: own.after,
    };
  },
  'courses.remove': async (c) => {
    const own = await ownCourse(c);
    return { method: 'DELETE', path: `${A}/${own.id}`, opts: { token: c.token } };
  },
  'courses.moduleAdd': async (c) => {
    const own = await ownCourse(c);
    return {
      method: 'POST',
      path: `${A}/${own.id}/modules`,
      opts: { token: c.token, body: { draftId: 'demo-catalogue-water-ru' } },
      after: own.after,
    };
  },
  'courses.moduleOrder': async (c) => {
    const own = await ownCourse(c, { modules: 2 });
    return {
      method: 'PUT',
      path: `${A}/${own.id}/modules`,
      opts: { token: c.token, body: { moduleIds: [...own.modules].reverse() } },
      after: own.after,
    };
  },
  'courses.moduleRemove': async (c) => {
    const own = await ownCourse(c, { modules: 1 });
    return {
      method: 'DELETE',
      path: `${A}/${own.id}/modules/${own.modules[0]}`,
      opts: { token: c.token },
      after: own.after,
    };
  },
  'courses.finalTest': async (c) => {
    const own = await ownCourse(c);
    return {
      method: 'PUT',
      path: `${A}/${own.id}/final-test`,
      opts: { token: c.token, body: { draftId: DEMO_COURSE_TEST_ID } },
      after: own.after,
    };
  },
  'courses.publish': async (c) => {
    const own = await ownCourse(c, { modules: 1, test: true });
    return {
      method: 'PUT',
      path: `${A}/${own.id}/publication`,
      opts: { token: c.token, body: { published: true } },
      after: own.after,
    };
  },
};
