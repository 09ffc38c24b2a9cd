import type {
  CertificateCheck,
  CourseDetail,
  CourseKind,
  CourseList,
  CoursePupils,
  CourseTestInput,
  CourseTestResult,
} from '@sabaq/platform';
import type { ApiResult } from '../../api/client';
import { api } from '../../app/services';
import { download, failure, path, useLoad } from '../shared/api';

/** Calls of courses and correction work (issue 17); paths from the policy table. */

export const useCourses = (kind: CourseKind) => useLoad<CourseList>(path('courses.list'), { kind });

export const useCourse = (courseId: number) =>
  useLoad<CourseDetail>(path('courses.show', { courseId }));

export const usePupils = (courseId: number, on: boolean) =>
  useLoad<CoursePupils>(on ? path('courses.pupils', { courseId }) : null);

export const useCertificateCheck = (code: string) =>
  useLoad<CertificateCheck>(code ? path('certificates.check', { code }) : null);

type Result<T> = { ok: true; data: T } | { ok: false; message: string };

function outcome<T>(r: ApiResult<T>): Result<T> {
  return r.error ? { ok: false, message: failure(r) } : { ok: true, data: r.data };
}

export async function enrol(courseId: number) {
  return outcome(
    await api.post<{ message: string }>(path('courses.enrol', { courseId }), undefined, {
      handle: 'silent',
    }),
  );
}

export async function markModule(courseId: number, moduleId: number, done: boolean) {
  return outcome(
    await api.put<{ message: string }>(
      path('courses.progress', { courseId, moduleId }),
      { done },
      { handle: 'silent' },
    ),
  );
}

export async function submitTest(courseId: number, body: CourseTestInput) {
  return outcome(
    await api.post<{ data: CourseTestResult }>(path('courses.test', { courseId }), body, {
      handle: 'silent',
    }),
  );
}

export function downloadCertificate(courseId: number, code: string) {
  return download(path('courses.certificate', { courseId }), `Сертификат-${code}.pdf`);
}
