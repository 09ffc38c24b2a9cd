import { hrefFor } from '@sabaq/platform';
import { urlLang } from '../shared/api';

/** Screen paths of courses (the route table's, in the URL language). */
export const coursesPath = () => hrefFor(urlLang(), 'courses');
export const editorPath = (courseId: number) =>
  hrefFor(urlLang(), 'course-edit', { courseId: String(courseId) });
export const learnerPath = (courseId: number) =>
  hrefFor(urlLang(), 'course', { courseId: String(courseId) });
export const modulePath = (courseId: number, moduleId: number) =>
  hrefFor(urlLang(), 'course-module', { courseId: String(courseId), moduleId: String(moduleId) });
