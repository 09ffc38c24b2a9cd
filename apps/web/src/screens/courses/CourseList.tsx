import { CourseCards } from './CourseCards';

/** control/courses/list: professional-development courses for teachers (issue 17). */
export default function CourseList() {
  return <CourseCards kind="teacher" />;
}
