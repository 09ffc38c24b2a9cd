import { z } from 'zod';
import { EDUCATIONAL_AREAS } from './frame';
import type { KzRu } from './frame';
import { CyclogramGroupSchema, PlanGoalSchema, REGIME_MOMENTS } from './plans';

/**
 * The perspective plan of a kindergarten group (issue 15, spec §2 `perspective-plan`): for a
 * school year, per month (September … May) and educational area, the topic and the goals — what
 * the children learn. The group's teachers (group_personnel) write it; the kindergarten's
 * director, deputy and methodist read it. Cyclogram cells name the goal they work on
 * (`planItemId`), and the plan shows those activities (their dates) under each goal.
 */

/** Months of a school year in their order: September … May. */
export const PLAN_MONTHS = [9, 10, 11, 12, 1, 2, 3, 4, 5] as const;
export type PlanMonth = (typeof PLAN_MONTHS)[number];

export const PLAN_MONTH_LABELS: Record<number, KzRu> = {
  9: { kz: 'Қыркүйек', ru: 'Сентябрь' },
  10: { kz: 'Қазан', ru: 'Октябрь' },
  11: { kz: 'Қараша', ru: 'Ноябрь' },
  12: { kz: 'Желтоқсан', ru: 'Декабрь' },
  1: { kz: 'Қаңтар', ru: 'Январь' },
  2: { kz: 'Ақпан', ru: 'Февраль' },
  3: { kz: 'Наурыз', ru: 'Март' },
  4: { kz: 'Сәуір', ru: 'Апрель' },
  5: { kz: 'Мамыр', ru: 'Май' },
};

/** The school year (its September's calendar year) a date YYYY-MM-DD falls in; summer counts forward. */
export function schoolYearOf(date: string): number {
  const year = Number(date.slice(0, 4));
  return Number(date.slice(5, 7)) >= 6 ? year : year - 1;
}

/** The calendar year of a month of the school year `year` (September–December: `year`). */
export function calendarYearOf(year: number, month: number): number {
  return month >= 9 ? year : year + 1;
}

/** `2026–2027` */
export const schoolYearLabel = (year: number) => `${year}–${year + 1}`;

const Id = z.coerce.number({ error: 'field_invalid' }).int().min(1).max(2_147_483_647);
const Year = z.coerce
  .number({ error: 'field_invalid' })
  .int('field_invalid')
  .min(2000, 'field_invalid')
  .max(2100, 'field_invalid');
const Month = z.coerce
  .number({ error: 'field_invalid' })
  .int('field_invalid')
  .refine((m) => (PLAN_MONTHS as readonly number[]).includes(m), 'field_invalid');
const Text = (max: number) =>
  z.string({ error: 'field_required' }).trim().max(max, 'field_too_long');

export const PlanQuerySchema = z.object({ groupId: Id.optional(), year: Year.optional() });
export const PlanParamsSchema = z.object({ groupId: Id, year: Year });
export const PlanMonthParamsSchema = z.object({ groupId: Id, year: Year, month: Month });
export const PlanPdfQuerySchema = z.object({
  lang: z.enum(['kz', 'ru']).optional(),
  month: Month.optional(),
});

export const PlanItemInputSchema = z.object({
  area: z.enum(EDUCATIONAL_AREAS, { error: 'field_invalid' }),
  topic: z.object({ kz: Text(300), ru: Text(300) }),
  goals: z.object({ kz: Text(2000), ru: Text(2000) }),
});
export type PlanItemInput = z.infer<typeof PlanItemInputSchema>;

/** A month's goals per area; an area with no text in either language is removed. */
export const PlanMonthInputSchema = z.object({
  items: z.array(PlanItemInputSchema).max(EDUCATIONAL_AREAS.length, 'field_invalid'),
});
export type PlanMonthInput = z.infer<typeof PlanMonthInputSchema>;

/** Copy another month (of this or another school year) into this month. */
export const PlanCopyInputSchema = z.object({ fromYear: Year, fromMonth: Month });
export type PlanCopyInput = z.infer<typeof PlanCopyInputSchema>;

/** A cyclogram activity that names a goal: its date, regime moment and text. */
export const PlanLinkSchema = z.object({
  date: z.string(),
  moment: z.enum(REGIME_MOMENTS),
  text: z.string(),
});
export type PlanLink = z.infer<typeof PlanLinkSchema>;

export const PlanItemSchema = PlanGoalSchema.extend({ links: z.array(PlanLinkSchema) });
export type PlanItem = z.infer<typeof PlanItemSchema>;

export const PerspectivePlanSchema = z.object({
  groups: z.array(CyclogramGroupSchema),
  groupId: z.number().int().nullable(),
  year: z.number().int(),
  items: z.array(PlanItemSchema),
  updatedAt: z.string().nullable(),
  canEdit: z.boolean(),
});
export type PerspectivePlan = z.infer<typeof PerspectivePlanSchema>;
export const PerspectivePlanResponseSchema = z.object({ data: PerspectivePlanSchema });
