/** What other areas may use of the KTP screens: the link from a lesson to its plan lesson. */
export { KtpLessonLink } from './KtpLessonLink';
