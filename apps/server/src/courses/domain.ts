import type { Domain } from '../domain';
import { registerCourseRoutes } from './course-routes';
import { COURSE_AUTHORING_SQL, COURSE_WORK_SQL, COURSES_SQL } from './course-schema';
import { seedCourses } from './course-seed';

/** Courses with certificates and correction work (issue 17). Ids 2750–2779. */
export const coursesDomain: Domain = {
  name: 'courses',
  migrations: [
    { id: 2750, name: 'courses', sql: COURSES_SQL },
    // Authoring of teacher courses by the methodist, final tests from the builder.
    { id: 2770, name: 'course-authoring', sql: COURSE_AUTHORING_SQL },
    // Certificates need the work done: module work and a minimum time (issue 28).
    { id: 2822, name: 'course-module-work', sql: COURSE_WORK_SQL },
  ],
  // Teacher courses with final tests and correction courses on catalogue items (course-seed.ts).
  seed: [{ name: 'courses.demo', run: (tx) => seedCourses(tx) }],
  routes: registerCourseRoutes,
};
