import {
  CertificateCheckResponseSchema,
  CertificateCodeParamsSchema,
  CourseDetailResponseSchema,
  CourseListQuerySchema,
  CourseListResponseSchema,
  CourseModuleParamsSchema,
  CourseParamsSchema,
  CourseProgressInputSchema,
  CoursePupilsResponseSchema,
  CourseTestInputSchema,
  CourseTestResponseSchema,
  MessageResponseSchema,
  canAuthorCourses,
} from '@sabaq/platform';
import type { Locale } from '@sabaq/platform';
import { DraftSchema, type Draft } from '@sabaq/engine';
import { learnerSeesExamKeys } from '../catalogue/exam-use';
import { receiptFont } from '../commerce/receipt-pdf';
import type { App, AppContext, AuthContext } from '../http/context';
import { publicBase, requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import {
  assertCanEnrol,
  assertCanStudy,
  assertTestOpen,
  canLearn,
  canStudy,
  canTrack,
  isHidden,
  studyTimeOver,
} from './course-access';
import {
  issuedOn,
  presentAttempt,
  presentCertificate,
  presentModules,
  presentSummary,
  presentTest,
} from './course-present';
import {
  findCertificate,
  hasPersonalSubscription,
  insertEnrolment,
  lastAttempt,
  listCourses,
  listModules,
  listPupilProgress,
  loadCertificate,
  loadCourse,
  loadTestDoc,
  moduleBelongs,
  saveProgress,
} from './course-queries';
import { recordAttempt } from './course-commands';
import { attemptReview, presentReview, scoreDraft, scoreQuestions } from './course-review';
import { renderCertificate } from './certificate-pdf';
import { CourseError } from './course-texts';
import { registerCourseAuthoringRoutes } from './course-authoring-routes';
import { registerCourseModuleRoutes } from './course-module-routes';

/**
 * Courses (issue 17, spec §2 control/courses/list and correction_work): professional-development
 * courses with a final test scored here and a certificate with a public code, and correction
 * courses whose pupils' progress their teachers read.
 */
export function registerCourseRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  /** The course as the caller may see it: unpublished, or hidden by §6, is "not found". */
  async function courseFor(auth: AuthContext, courseId: number, locale: Locale) {
    const course = await loadCourse(db, auth.userId, courseId, locale);
    if (!course) throw new CourseError(404, 'not_found');
    if (course.kind === 'correction' && auth.role === 'student')
      if (isHidden(course.kind, auth.role, await hasPersonalSubscription(db, auth.userId)))
        throw new CourseError(404, 'not_found');
    return course;
  }

  /** The builder test of a course with its keys (for scoring only: never sent as it is). */
  async function testDraft(courseId: number): Promise<Draft> {
    return DraftSchema.parse(await loadTestDoc(db, courseId));
  }

  /**
   * Whether the review may show the keys of a builder test (issue 28): not while the exam it
   * came from is in use, nor another school's to whoever could not read it in the catalogue.
   */
  async function keysHidden(auth: AuthContext, course: { test_draft_id: string | null }) {
    if (course.test_draft_id === null) return null;
    return (await learnerSeesExamKeys(db, auth, course.test_draft_id)).why;
  }

  defineRoute(app, ctx, 'courses.list', {
    querystring: CourseListQuerySchema,
    response: { 200: CourseListResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const personal = auth.role === 'student' && (await hasPersonalSubscription(db, auth.userId));
      const rows = isHidden(req.query.kind, auth.role, personal)
        ? []
        : await listCourses(db, auth.userId, req.query.kind, req.locale);
      return {
        data: {
          items: rows.map(presentSummary),
          canEnrol: canLearn(auth.role),
          canAuthor: canAuthorCourses(auth.role),
        },
      };
    },
  });

  defineRoute(app, ctx, 'courses.show', {
    params: CourseParamsSchema,
    response: { 200: CourseDetailResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const course = await courseFor(auth, req.params.courseId, req.locale);
      const modules = await listModules(db, course.id, auth.userId, req.locale);
      const learner = course.kind === 'teacher' && course.enrolled;
      const [last, certificate] = learner
        ? await Promise.all([
            lastAttempt(db, course.id, auth.userId),
            loadCertificate(db, course.id, auth.userId, req.locale),
          ])
        : [null, null];
      const draft = learner && course.has_content ? await testDraft(course.id) : null;
      const test = { key: course.test_key, questions: course.questions, draft };
      const hidden = last && draft ? await keysHidden(auth, course) : null;
      const time = studyTimeOver(course);
      return {
        data: {
          ...presentSummary(course),
          passMark: course.pass_percent,
          minMinutes: course.min_minutes,
          list: presentModules(modules),
          canEnrol: course.kind === 'teacher' && !course.enrolled && canLearn(auth.role),
          canStudy: canStudy(course, auth.role),
          test:
            learner && course.test_key !== null
              ? {
                  ...presentTest(course, draft, req.locale),
                  open: course.done >= course.modules && time.over,
                  opensAt: time.over || !time.at ? null : time.at.toISOString(),
                  // The last attempt's review: after handing in, so its keys may show.
                  last: last
                    ? presentAttempt(last, attemptReview(last, test, req.locale, hidden))
                    : null,
                }
              : null,
          certificateInfo: certificate ? presentCertificate(certificate) : null,
          canTrack: canTrack(auth.role, course.kind),
        },
      };
    },
  });

  defineRoute(app, ctx, 'courses.enrol', {
    params: CourseParamsSchema,
    response: { 200: MessageResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const course = await courseFor(auth, req.params.courseId, req.locale);
      assertCanEnrol(course);
      if (!(await insertEnrolment(db, course.id, auth.userId)))
        throw new CourseError(409, 'already_enrolled');
      return { message: enrolled[req.locale] };
    },
  });

  defineRoute(app, ctx, 'courses.progress', {
    params: CourseModuleParamsSchema,
    body: CourseProgressInputSchema,
    response: { 200: MessageResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const course = await courseFor(auth, req.params.courseId, req.locale);
      if (!(await moduleBelongs(db, course.id, req.params.moduleId)))
        throw new CourseError(404, 'module_not_found');
      assertCanStudy(course, auth.role);
      // A teacher course's module is done by its work (course-module-routes.ts, issue 28).
      if (course.kind === 'teacher') throw new CourseError(409, 'module_by_work');
      await saveProgress(db, req.params.moduleId, auth.userId, req.body.done);
      return { message: (req.body.done ? studied : unstudied)[req.locale] };
    },
  });

  defineRoute(app, ctx, 'courses.test', {
    params: CourseParamsSchema,
    body: CourseTestInputSchema,
    response: { 200: CourseTestResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const course = await courseFor(auth, req.params.courseId, req.locale);
      // Every module's work done and the minimum study time over (issue 28).
      assertTestOpen({ ...course, testKey: course.test_key });
      const draft = course.has_content ? await testDraft(course.id) : null;
      const { score, review } = draft
        ? scoreDraft(draft, req.body.moduleAnswers ?? {})
        : scoreQuestions(course.questions, req.body.answers);
      const attempt = await recordAttempt(db, {
        courseId: course.id,
        userId: auth.userId,
        correct: score.correct,
        total: score.total,
        percent: score.percent,
        passMark: course.pass_percent,
        testKey: course.test_key!,
        review,
      });
      const certificate = attempt.passed
        ? await loadCertificate(db, course.id, auth.userId, req.locale)
        : null;
      return {
        data: {
          ...presentAttempt(
            attempt,
            presentReview(
              review,
              { questions: course.questions, draft },
              req.locale,
              draft ? await keysHidden(auth, course) : null,
            ),
          ),
          passMark: course.pass_percent,
          certificate: certificate ? presentCertificate(certificate) : null,
        },
      };
    },
  });

  defineRoute(app, ctx, 'courses.certificate', {
    params: CourseParamsSchema,
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      const course = await courseFor(auth, req.params.courseId, req.locale);
      const certificate = await loadCertificate(db, course.id, auth.userId, req.locale);
      if (!certificate) throw new CourseError(404, 'no_certificate');
      const font = receiptFont();
      if (!font) throw new CourseError(503, 'font_missing');
      const lang = req.locale === 'kz' ? 'kk' : 'ru';
      const pdf = await renderCertificate(
        {
          holder: certificate.holder,
          course: certificate.course_title,
          hours: certificate.hours,
          percent: certificate.percent,
          issuedOn: issuedOn(certificate),
          code: certificate.code,
          checkUrl: `${publicBase(ctx.config)}/${lang}/certificate/${certificate.code}`,
        },
        req.locale,
        font,
      );
      const name = `Сертификат-${certificate.code}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(pdf);
    },
  });

  registerCourseAuthoringRoutes(app, ctx);
  registerCourseModuleRoutes(app, ctx, courseFor);

  defineRoute(app, ctx, 'courses.pupils', {
    params: CourseParamsSchema,
    response: { 200: CoursePupilsResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const course = await courseFor(auth, req.params.courseId, req.locale);
      if (!canTrack(auth.role, course.kind)) throw new CourseError(404, 'not_correction');
      const [modules, pupils] = await Promise.all([
        listModules(db, course.id, auth.userId, req.locale),
        listPupilProgress(db, course.id, auth.userId),
      ]);
      return {
        data: {
          modules: modules.map((m) => ({ id: m.id, title: m.title })),
          pupils: pupils.map((p) => ({
            id: p.id,
            name: p.name,
            group: p.group_name,
            done: p.done.map(Number),
          })),
        },
      };
    },
  });

  defineRoute(app, ctx, 'certificates.check', {
    params: CertificateCodeParamsSchema,
    response: { 200: CertificateCheckResponseSchema },
    handler: async (req) => {
      const found = await findCertificate(db, req.params.code.toUpperCase(), req.locale);
      if (!found) throw new CourseError(404, 'certificate_not_found');
      return {
        data: {
          code: found.code,
          holder: found.holder,
          course: found.course_title,
          hours: found.hours,
          issuedOn: issuedOn(found),
        },
      };
    },
  });
}

const enrolled = { kz: 'Сіз курсқа жазылдыңыз', ru: 'Вы записаны на курс' };
const studied = { kz: 'Модуль оқылды деп белгіленді', ru: 'Модуль отмечен как изученный' };
const unstudied = { kz: 'Белгі алынды', ru: 'Отметка снята' };
