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
/**
 * Who writes professional-development courses: the methodist (their own courses; drafts are
 * private to their author) and the platform's administrator (every teacher course, as for the
 * site's and the media's content).
 */
export const COURSE_AUTHORS = ['methodist', 'admin'] as const satisfies readonly Role[];

export function canAuthorCourses(role: Role): boolean {
  return (COURSE_AUTHORS as readonly Role[]).includes(role);
}

const P = '/api/v2/os/courses';
const A = '/api/v2/os/course-authoring';

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
      'Mark a correction module studied or not (a teacher course’s module is done by its work: 409)',
  },
  'courses.module': {
    method: 'GET',
    path: `${P}/:courseId/modules/:moduleId`,
    policy: 'authenticated',
    summary:
      'Open a module: its content without keys and its checks; opening is recorded (a module without checks is then done)',
  },
  'courses.moduleCheck': {
    method: 'POST',
    path: `${P}/:courseId/modules/:moduleId/check`,
    policy: COURSE_LEARNERS,
    summary:
      'Answer a module’s checks; scored on the server at the course’s pass mark, a pass makes the module done',
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
  'courses.authoring': {
    method: 'GET',
    path: A,
    policy: COURSE_AUTHORS,
    summary:
      "The caller's teacher courses, drafts and published (every teacher course for the administrator), and the subjects to choose from",
  },
  'courses.create': {
    method: 'POST',
    path: A,
    policy: COURSE_AUTHORS,
    summary:
      'Write a new professional-development course (a draft: kz/ru title and description, subject, audience, hours, pass mark)',
  },
  'courses.draft': {
    method: 'GET',
    path: `${A}/:courseId`,
    policy: COURSE_AUTHORS,
    summary:
      'A course as its author edits it: both languages, modules with how many learners studied each, the final test, what keeps it from publishing',
  },
  'courses.update': {
    method: 'PUT',
    path: `${A}/:courseId`,
    policy: COURSE_AUTHORS,
    summary: "Change a course's title, description, subject, audience, hours or pass mark",
  },
  'courses.remove': {
    method: 'DELETE',
    path: `${A}/:courseId`,
    policy: COURSE_AUTHORS,
    summary: 'Remove a course nobody has enrolled in (409 otherwise: unpublish it instead)',
  },
  'courses.moduleAdd': {
    method: 'POST',
    path: `${A}/:courseId/modules`,
    policy: COURSE_AUTHORS,
    summary: 'Add a published catalogue lesson or lecture as the last module',
  },
  'courses.moduleOrder': {
    method: 'PUT',
    path: `${A}/:courseId/modules`,
    policy: COURSE_AUTHORS,
    summary: "Put the course's modules in a new order (every module once)",
  },
  'courses.moduleRemove': {
    method: 'DELETE',
    path: `${A}/:courseId/modules/:moduleId`,
    policy: COURSE_AUTHORS,
    summary: 'Remove a module that no learner has studied (409 naming how many did otherwise)',
  },
  'courses.finalTest': {
    method: 'PUT',
    path: `${A}/:courseId/final-test`,
    policy: COURSE_AUTHORS,
    summary:
      'Choose the final test: a published SOR or SOCh of the catalogue, scored automatically (frozen at its published version), or none',
  },
  'courses.publish': {
    method: 'PUT',
    path: `${A}/:courseId/publication`,
    policy: COURSE_AUTHORS,
    summary: 'Publish a course (422 naming what is missing) or take it back to a draft',
  },
  'certificates.check': {
    method: 'GET',
    path: '/api/v2/os/certificates/:code',
    policy: 'public',
    summary: 'Checks a certificate code: who, which course, how many hours, when (404 if unknown)',
  },
} as const;
