import type { App, AppContext } from '../http/context';
import { localBus, redisBus, TeachingHub } from './hub';
import type { Bus } from './hub';
import { registerCalendarPlanRoutes } from './calendar-plan-routes';
import { registerChatRoutes } from './chat-routes';
import { registerContentRoutes } from './content-routes';
import { registerFileRoutes } from './file-routes';
import { registerHomeworkRoutes } from './homework-routes';
import { registerJournalRoutes } from './journal-routes';
import { registerDiaryRoutes } from './diary-routes';
import { registerScheduleRoutes } from './schedule-routes';
import { registerSittingRoutes } from './sitting-routes';
import { startSittingSweep } from './sitting-commands';
import { registerConferenceRoutes } from './conference-routes';
import { registerLessonChatRoutes } from './lesson-chat-routes';
import { registerRegradeRoutes } from './regrade-routes';
import { registerResultRoutes } from './result-routes';
import { teachingEndpoints } from './sockets';
import type { ChatSocketHandler } from './sockets';

/**
 * The teaching core (issue 8): schedule and lessons, homework, journal, chat, and their
 * WebSocket endpoints. Called once from http/app.ts.
 */
export async function registerTeaching(app: App, ctx: AppContext): Promise<void> {
  // With Redis, lessons and chats reach every process; without it (or while it is away) this
  // process's own sockets (teaching/hub.ts).
  const bus: Bus = ctx.redis.state === 'off' ? localBus() : redisBus(ctx.redis);
  const hub = new TeachingHub(ctx.db, bus);
  app.addHook('onClose', async () => hub.close());

  registerScheduleRoutes(app, ctx, hub);
  registerContentRoutes(app, ctx);
  registerSittingRoutes(app, ctx);
  registerConferenceRoutes(app, ctx);
  // Exam results (issue 20): a teacher's override, re-grading a republished draft.
  registerResultRoutes(app, ctx);
  registerRegradeRoutes(app, ctx);
  // A pupil who closed the tab still hands in when their time is up.
  const stopSweep = startSittingSweep(ctx.db, app.log);
  app.addHook('onClose', async () => stopSweep());
  registerHomeworkRoutes(app, ctx);
  registerJournalRoutes(app, ctx);
  // The pupil's diary (issue 20).
  registerDiaryRoutes(app, ctx);
  registerFileRoutes(app, ctx);
  registerCalendarPlanRoutes(app, ctx);
  const onChat: ChatSocketHandler = registerChatRoutes(app, ctx, hub);

  for (const endpoint of teachingEndpoints(ctx.db, hub, onChat)) ctx.websockets.register(endpoint);
  // The lesson chat (issue 20): its routes and its socket, live through the same hub.
  ctx.websockets.register(registerLessonChatRoutes(app, ctx, hub));
}
