import type { RouteId } from '@sabaq/platform';
import { call } from '../test/harness';
import { DEMO_CERTIFICATE_CODE } from './course-seed';
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

export const COURSE_OWN_ROUTES: readonly RouteId[] = [
  'courses.list',
  'courses.show',
  'courses.enrol',
  'courses.progress',
  'courses.test',
  'courses.certificate',
  'courses.pupils',
  'certificates.check',
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
};
