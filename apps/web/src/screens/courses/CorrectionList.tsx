import { CourseCards } from './CourseCards';

/** correction_work: correction-and-development courses for children (issue 17). */
export default function CorrectionList() {
  return <CourseCards kind="correction" />;
}
