import { ROLE_GROUPS } from '../roles/roles';
import type { Role } from '../roles/roles';

/**
 * Courses (issue 17). Every signed-in user reads the courses and marks correction modules (spec
 * §6: students, guests and individuals reach correction work); employees and individuals enrol
 * in professional-development courses, take the final test and download their certificate; a
 * teacher or group lead reads their pupils' correction progress; anyone checks a certificate code.
 */
export const COURSE_LEARNERS = [
  ...ROLE_GROUPS.employees,
  'individual',
] as const satisfies readonly Role[];
export const COURSE_TRACKERS = [...ROLE_GROUPS.teachers] as const satisfies readonly Role[];
const P = '/api/v2/os/courses';

export const COURSE_ROUTES = {
  'courses.list': {
    method: 'GET',
    path: P,
    policy: 'authenticated',
    summary: 'Published courses of a kind (teacher or correction) with the caller’s progress',
  },
  'courses.show': {
    method: 'GET',
    path: `${P}/:courseId`,
    policy: 'authenticated',
    summary:
      'A course: modules with the caller’s progress; for an enrolled learner the final test without its answers, the last attempt and the certificate',
  },
  'courses.enrol': {
    method: 'POST',
    path: `${P}/:courseId/enrolment`,
    policy: COURSE_LEARNERS,
    summary: 'Enrol in a published professional-development course (once)',
  },
  'courses.progress': {
    method: 'PUT',
    path: `${P}/:courseId/modules/:moduleId`,
    policy: 'authenticated',
    summary:
      'Mark a module studied or not (teacher courses: enrolled learners; correction: the caller)',
  },
  'courses.test': {
    method: 'POST',
    path: `${P}/:courseId/test`,
    policy: COURSE_LEARNERS,
    summary:
      'Answer the final test once every module is done; scored on the server, a pass issues the certificate',
  },
  'courses.certificate': {
    method: 'GET',
    path: `${P}/:courseId/certificate`,
    policy: COURSE_LEARNERS,
    summary: 'The caller’s certificate of a passed course, as PDF in the request’s language',
  },
  'courses.pupils': {
    method: 'GET',
    path: `${P}/:courseId/pupils`,
    policy: COURSE_TRACKERS,
    summary: 'A correction course’s progress of the pupils of the groups the caller leads',
  },
  'certificates.check': {
    method: 'GET',
    path: '/api/v2/os/certificates/:code',
    policy: 'public',
    summary: 'Checks a certificate code: who, which course, how many hours, when (404 if unknown)',
  },
} as const;
