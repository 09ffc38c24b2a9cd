import { ROLE_GROUPS } from '../roles/roles';
import type { Role } from '../roles/roles';

/**
 * The lesson chat (issue 20, spec §4 feature block `lesson-chat`): messages within one lesson for
 * its teacher and its pupils (a subgroup lesson: the subgroup's). The row rule (a participant of
 * this lesson; deleting: its teacher) is the handlers'. Spread into the one policy table.
 */
const lessonRoles: readonly Role[] = [...ROLE_GROUPS.employees, 'student'];
const P = '/api/v2/os';

export const LESSON_CHAT_ROUTES = {
  'lessonChat.history': {
    method: 'GET',
    path: `${P}/schedule/lesson/:scheduleId/chat`,
    policy: lessonRoles,
    summary: "A page of the lesson's chat, newest last (participants only)",
  },
  'lessonChat.send': {
    method: 'POST',
    path: `${P}/schedule/lesson/:scheduleId/chat`,
    policy: lessonRoles,
    summary: 'Say something in the lesson chat (1–2000 characters); delivered live',
  },
  'lessonChat.delete': {
    method: 'DELETE',
    path: `${P}/schedule/lesson/:scheduleId/chat/:messageId`,
    policy: lessonRoles,
    summary: "Delete a message of the lesson chat (the lesson's teacher); it shows as deleted",
  },
} as const;

/** The live side: one socket per open lesson page of a participant. */
export const LESSON_CHAT_SOCKET = {
  path: '/ws/lesson-chat/:scheduleId',
  policy: lessonRoles,
} as const;
