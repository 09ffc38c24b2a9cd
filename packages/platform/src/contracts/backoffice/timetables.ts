import { z } from 'zod';
import { IdParam } from '../common';

/**
 * Timetables of the backoffice (issue 13, spec §2 `backoffice/schedules` and `/{groupId}`): the
 * weekly timetable of a class per quarter (period), built slot by slot (weekday × bell), and
 * copied from one quarter to another. Answers carry `{data}` like the other backoffice screens.
 */

/** Lessons run Monday (1) to Saturday (6); a school sets at most 10 bells a shift. */
export const TIMETABLE_WEEKDAYS = [1, 2, 3, 4, 5, 6] as const;
export const TIMETABLE_MAX_BELLS = 10;
export const TIMETABLE_ROOM_MAX = 20;

const Id = IdParam;
const Ref = z.object({ id: z.number().int(), name: z.string() });
const PersonRef = z.object({ id: z.number().int(), fullname: z.string() });

export const TimetableGroupParamsSchema = z.object({ groupId: Id });
export const TimetableSlotParamsSchema = z.object({ slotId: Id });
/** `?periodId=`: the quarter to show; without it the school's current quarter. */
export const TimetableQuerySchema = z.object({ periodId: Id.optional() });

/** Where and what a lesson of the week is: the place (weekday, bell) and its content. */
export const TimetableSlotInputSchema = z
  .object({
    weekday: z
      .number({ error: 'field_required' })
      .int('field_invalid')
      .min(1, 'field_invalid')
      .max(6, 'field_invalid'),
    lessonNo: z
      .number({ error: 'field_required' })
      .int('field_invalid')
      .min(1, 'field_invalid')
      .max(TIMETABLE_MAX_BELLS, 'field_invalid'),
    shift: z.union([z.literal(1), z.literal(2)], { error: 'field_invalid' }),
    subjectId: z.number({ error: 'field_required' }).int().positive('field_invalid'),
    subgroupId: z.number().int().positive('field_invalid').nullable().default(null),
    teacherId: z.number().int().positive('field_invalid').nullable().default(null),
    room: z.string().trim().max(TIMETABLE_ROOM_MAX, 'field_too_long').default(''),
  })
  .meta({ id: 'TimetableSlotInput' });
export type TimetableSlotInput = z.input<typeof TimetableSlotInputSchema>;
export type TimetableSlotValues = z.output<typeof TimetableSlotInputSchema>;

/** POST a new lesson of a class's week: the slot and the quarter it belongs to. */
export const TimetableSlotCreateSchema = TimetableSlotInputSchema.extend({
  periodId: z.number({ error: 'field_required' }).int().positive('field_invalid'),
}).meta({ id: 'TimetableSlotCreate' });
export type TimetableSlotCreate = z.input<typeof TimetableSlotCreateSchema>;

/**
 * Copy the week of one class (`groupId`) or of every class of the school (`groupId: null`) from
 * one quarter to another. `replace`: the target's lessons of those classes are taken off first;
 * without it a target that already has lessons is refused.
 */
export const TimetableCopySchema = z
  .object({
    fromPeriodId: z.number({ error: 'field_required' }).int().positive('field_invalid'),
    toPeriodId: z.number({ error: 'field_required' }).int().positive('field_invalid'),
    groupId: z.number().int().positive('field_invalid').nullable().default(null),
    replace: z.boolean().default(false),
  })
  .meta({ id: 'TimetableCopy' });
export type TimetableCopy = z.input<typeof TimetableCopySchema>;

export const TimetablePeriodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  quarter: z.number().int(),
  schoolYear: z.string(),
  start: z.string(),
  end: z.string(),
  isCurrent: z.boolean(),
});
export type TimetablePeriod = z.infer<typeof TimetablePeriodSchema>;

export const TimetableSlotSchema = z.object({
  id: z.number().int(),
  weekday: z.number().int(),
  lessonNo: z.number().int(),
  shift: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  subject: Ref,
  subgroup: Ref.nullable(),
  teacher: PersonRef.nullable(),
  room: z.string(),
});
export type TimetableSlot = z.infer<typeof TimetableSlotSchema>;

/** A class in the list with the state of its week in the quarter. */
export const TimetableGroupStateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parallel: z.number().int(),
  /** The class's shift in the quarter (from its lessons), null when it has none. */
  shift: z.number().int().nullable(),
  /** Lessons a week (subgroup lessons each count). */
  lessons: z.number().int(),
  /** Lessons with no teacher set. */
  withoutTeacher: z.number().int(),
  state: z.enum(['empty', 'filled']),
});
export type TimetableGroupState = z.infer<typeof TimetableGroupStateSchema>;

export const TimetableListSchema = z.object({
  periods: z.array(TimetablePeriodSchema),
  periodId: z.number().int().nullable(),
  canManage: z.boolean(),
  groups: z.array(TimetableGroupStateSchema),
});
export type TimetableList = z.infer<typeof TimetableListSchema>;
export const TimetableListResponseSchema = z
  .object({ data: TimetableListSchema })
  .meta({ id: 'TimetableList' });

export const TimetableBellSchema = z.object({
  lessonNo: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
});

export const TimetableDayOffSchema = z.object({ date: z.string(), name: z.string() });
export type TimetableDayOff = z.infer<typeof TimetableDayOffSchema>;

/** A class's week in one quarter with what the editor offers. */
export const TimetableGroupSchema = z.object({
  group: z.object({ id: z.number().int(), name: z.string(), parallel: z.number().int() }),
  periods: z.array(TimetablePeriodSchema),
  periodId: z.number().int(),
  canManage: z.boolean(),
  /** The class's shift in the quarter: its lessons' shift, else the usual one of its parallel. */
  shift: z.number().int(),
  bells: z.object({ 1: z.array(TimetableBellSchema), 2: z.array(TimetableBellSchema) }),
  slots: z.array(TimetableSlotSchema),
  subjects: z.array(Ref.extend({ subgroups: z.array(Ref) })),
  teachers: z.array(PersonRef.extend({ subjectIds: z.array(z.number().int()) })),
  /** Days of the quarter without lessons: the school's holidays and the public days off. */
  daysOff: z.array(TimetableDayOffSchema),
});
export type TimetableGroup = z.infer<typeof TimetableGroupSchema>;
export const TimetableGroupResponseSchema = z
  .object({ data: TimetableGroupSchema })
  .meta({ id: 'TimetableGroup' });

export const TimetableSlotResponseSchema = z
  .object({ data: TimetableSlotSchema })
  .meta({ id: 'TimetableSlotSaved' });
export const TimetableSlotDeletedResponseSchema = z
  .object({ data: z.object({ id: z.number().int() }) })
  .meta({ id: 'TimetableSlotDeleted' });
export const TimetableCopyResponseSchema = z
  .object({ data: z.object({ groups: z.number().int(), slots: z.number().int() }) })
  .meta({ id: 'TimetableCopied' });
