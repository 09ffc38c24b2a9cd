import { ConferenceResponseSchema, ScheduleIdParamsSchema } from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { conferenceToken, roomOf } from './conference';
import { lessonStudents, viewerOf, visibleLesson } from './lessons';
import { SittingError } from './sitting-errors';

/**
 * The online lesson (issue 20): the lesson's teacher enters its Jitsi room as moderator, its
 * pupils (a subgroup lesson's own) as participants; nobody else gets a token, whoever may read
 * the lesson (a director visits the class, not the call). Without configuration: `data: null`.
 */
export function registerConferenceRoutes(app: App, ctx: AppContext): void {
  const db = ctx.db;
  defineRoute(app, ctx, 'schedule.conference', {
    params: ScheduleIdParamsSchema,
    response: { 200: ConferenceResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const config = ctx.config.conference;
      const viewer = await viewerOf(db, auth);
      const lesson = await visibleLesson(db, viewer, req.params.scheduleId, req.locale);
      if (!config) return { data: null };
      const teaches = lesson.teacher_id === auth.userId;
      const pupil =
        auth.role === 'student' &&
        (await lessonStudents(db, lesson)).find((student) => student.id === auth.userId);
      if (!teaches && !pupil) throw new SittingError(403, 'conference_not_participant');
      const name = pupil ? pupil.fullname : (lesson.teacher_name ?? '');
      const room = roomOf(config, lesson.id);
      const { jwt, expiresAt } = await conferenceToken(config, {
        room,
        user: { id: auth.userId, name },
        moderator: teaches,
      });
      return {
        data: {
          baseUrl: config.baseUrl,
          domain: config.domain,
          room,
          jwt,
          moderator: teaches,
          displayName: name,
          expiresAt: expiresAt.toISOString(),
        },
      };
    },
  });
}
