import type {
  Answers,
  CatalogueKind,
  CatalogueList,
  CertificateCheck,
  CourseAuthoring,
  CourseDraft,
  CourseInput,
  CourseDetail,
  CourseKind,
  CourseList,
  CourseModuleCheck,
  CourseModuleDetail,
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

/** One module as the learner studies it (opening it is recorded on the server). */
export const useCourseModule = (courseId: number, moduleId: number) =>
  useLoad<CourseModuleDetail>(path('courses.module', { courseId, moduleId }));

export async function checkModule(courseId: number, moduleId: number, answers: Answers) {
  return outcome(
    await api.post<{ data: CourseModuleCheck }>(
      path('courses.moduleCheck', { courseId, moduleId }),
      { answers },
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

// --- Writing courses (methodist, administrator) -------------------------------------------

export const useAuthoring = (on: boolean) =>
  useLoad<CourseAuthoring>(on ? path('courses.authoring') : null);

export const useCourseDraft = (courseId: number) =>
  useLoad<CourseDraft>(path('courses.draft', { courseId }));

type DraftResult = ApiResult<{ data: CourseDraft }>;

export function createCourse(input: CourseInput): Promise<DraftResult> {
  return api.post(path('courses.create'), input, { handle: 'silent' });
}

export function updateCourse(courseId: number, input: CourseInput): Promise<DraftResult> {
  return api.put(path('courses.update', { courseId }), input, { handle: 'silent' });
}

export function removeCourse(courseId: number): Promise<ApiResult<{ message: string }>> {
  return api.request('DELETE', path('courses.remove', { courseId }), { handle: 'silent' });
}

export function addModule(courseId: number, draftId: string): Promise<DraftResult> {
  return api.post(path('courses.moduleAdd', { courseId }), { draftId }, { handle: 'silent' });
}

export function orderModules(courseId: number, moduleIds: number[]): Promise<DraftResult> {
  return api.put(path('courses.moduleOrder', { courseId }), { moduleIds }, { handle: 'silent' });
}

export function removeModule(courseId: number, moduleId: number): Promise<DraftResult> {
  return api.request('DELETE', path('courses.moduleRemove', { courseId, moduleId }), {
    handle: 'silent',
  });
}

export function chooseTest(courseId: number, draftId: string | null): Promise<DraftResult> {
  return api.put(path('courses.finalTest', { courseId }), { draftId }, { handle: 'silent' });
}

export function publishCourse(courseId: number, published: boolean): Promise<DraftResult> {
  return api.put(path('courses.publish', { courseId }), { published }, { handle: 'silent' });
}

/** Published catalogue items to choose from: lessons and lectures as modules, exams as tests. */
export async function searchCatalogue(kind: CatalogueKind, q: string) {
  return outcome(
    await api.get<{ data: CatalogueList }>(path('catalogue.list'), {
      query: { kind, q: q || undefined, perPage: 8 },
      handle: 'silent',
    }),
  );
}

/** Field errors of a 422 (`errors: {field: [text]}`), first text per field. */
export function fieldErrors(result: ApiResult<unknown>): Record<string, string> {
  if (!result.error || !result.data) return {};
  const errors = (result.data as { errors?: Record<string, string[]> }).errors ?? {};
  return Object.fromEntries(
    Object.entries(errors).map(([field, texts]) => [field, texts[0] ?? '']),
  );
}
