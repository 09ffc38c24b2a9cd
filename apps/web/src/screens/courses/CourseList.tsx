import { canAuthorCourses } from '@sabaq/platform';
import type { Role } from '@sabaq/platform';
import { useAppState } from '../../session/store';
import { AuthoredCourses } from './AuthoredCourses';
import { CourseCards } from './CourseCards';

/**
 * control/courses/list: professional-development courses for teachers (issue 17); the methodist
 * and the administrator also find the courses they write here, each with its editor.
 */
export default function CourseList() {
  const role = useAppState((s) => s.user?.role) as Role | undefined;
  return (
    <CourseCards kind="teacher">
      {role && canAuthorCourses(role) && <AuthoredCourses />}
    </CourseCards>
  );
}
