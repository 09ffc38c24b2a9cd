import { z } from 'zod';
import { PersonSchema, TeachingId } from './common';
import { AnswersSchema, ExamSittingSchema, ExamSubmitParamsSchema } from './schedule';

export { ExamSittingSchema };
export type { ExamSitting } from './schedule';

export const SittingParamsSchema = ExamSubmitParamsSchema;
export const SittingResponseSchema = z.object({ data: ExamSittingSchema });
export const SittingSaveRequestSchema = z.object({ answers: AnswersSchema }).strict();
export const SittingSaveResponseSchema = z.object({
  data: z.object({
    savedAt: z.string(),
    deadlineAt: z.string(),
    serverNow: z.string(),
    /** The deadline plus the teacher's grace (issue 31). */
    acceptedUntil: z.string(),
  }),
});

export const SITTING_STATES = ['notStarted', 'inProgress', 'submitted'] as const;
export type SittingState = (typeof SITTING_STATES)[number];

/** The teacher's live view of a lesson's exam: who started, who handed in, who is offline. */
export const ExamMonitorResponseSchema = z.object({
  data: z.object({
    limitMinutes: z.number().int().positive(),
    serverNow: z.string(),
    rows: z.array(
      z.object({
        student: PersonSchema,
        state: z.enum(SITTING_STATES),
        startedAt: z.string().nullable(),
        deadlineAt: z.string().nullable(),
        /** Handed in (or taken at the deadline). */
        finishedAt: z.string().nullable(),
        /** Seen by the server (a save or a beat) in the last minute while in progress. */
        online: z.boolean(),
        /** How many extra attempts the teacher allowed, each with its reason. */
        retakes: z.array(z.object({ reason: z.string(), grantedAt: z.string() })),
      }),
    ),
  }),
});
export type ExamMonitor = z.infer<typeof ExamMonitorResponseSchema>['data'];

export const ExamMonitorParamsSchema = z.object({ scheduleId: TeachingId });

/** Another attempt for one pupil: the handed-in one is kept with the reason. */
export const ExamRetakeRequestSchema = z
  .object({ userId: TeachingId, reason: z.string().trim().min(3).max(500) })
  .strict();
export const ExamRetakeResponseSchema = z.object({
  data: z.object({ userId: z.number().int(), reason: z.string(), grantedAt: z.string() }),
});

/** The lesson's video conference (Jitsi Meet): where, which room, and the caller's entry token. */
export const ConferenceResponseSchema = z.object({
  data: z
    .object({
      /** https://meet.example.kz: the page loads its external_api.js from here. */
      baseUrl: z.string().url(),
      domain: z.string(),
      room: z.string(),
      jwt: z.string(),
      moderator: z.boolean(),
      displayName: z.string(),
      expiresAt: z.string(),
    })
    .nullable(),
});
export type Conference = NonNullable<z.infer<typeof ConferenceResponseSchema>['data']>;
