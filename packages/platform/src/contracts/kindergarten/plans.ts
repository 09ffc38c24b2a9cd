import { z } from 'zod';
import { EDUCATIONAL_AREAS, PRESCHOOL_AGE_GROUPS } from './frame';
import type { EducationalArea } from './frame';

/**
 * The kindergarten's katalog (issue 15, spec §2 `katalog`): the catalogue of one kindergarten's
 * materials — toys, didactic games, books, equipment — per age group and educational area, with
 * the quantity, where they are kept and their condition. Rows belong to one kindergarten
 * (school_id); its staff read and edit them.
 */

export const MATERIAL_KINDS = ['toy', 'game', 'book', 'equipment'] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];
export const MATERIAL_KIND_LABELS: Record<MaterialKind, { kz: string; ru: string }> = {
  toy: { kz: 'Ойыншық', ru: 'Игрушка' },
  game: { kz: 'Дидактикалық ойын', ru: 'Дидактическая игра' },
  book: { kz: 'Кітап', ru: 'Книга' },
  equipment: { kz: 'Жабдық', ru: 'Оборудование' },
};

export const MATERIAL_CONDITIONS = ['good', 'worn', 'repair'] as const;
export type MaterialCondition = (typeof MATERIAL_CONDITIONS)[number];
export const MATERIAL_CONDITION_LABELS: Record<MaterialCondition, { kz: string; ru: string }> = {
  good: { kz: 'Жақсы', ru: 'Хорошее' },
  worn: { kz: 'Тозған', ru: 'Изношено' },
  repair: { kz: 'Жөндеу керек', ru: 'Требует ремонта' },
};

const Name = z
  .string({ error: 'field_required' })
  .trim()
  .min(1, 'field_required')
  .max(200, 'field_too_long');

export const KatalogQuerySchema = z.object({
  kind: z.enum(MATERIAL_KINDS, { error: 'field_invalid' }).optional(),
  age: z.enum(PRESCHOOL_AGE_GROUPS, { error: 'field_invalid' }).optional(),
  area: z.enum(EDUCATIONAL_AREAS, { error: 'field_invalid' }).optional(),
  q: z.string().trim().max(100, 'field_too_long').optional(),
});
export type KatalogQuery = z.infer<typeof KatalogQuerySchema>;

export const MaterialParamsSchema = z.object({
  materialId: z.coerce.number({ error: 'field_invalid' }).int().min(1).max(2_147_483_647),
});

export const MaterialSchema = z.object({
  id: z.number().int(),
  name: z.object({ kz: z.string(), ru: z.string() }),
  kind: z.enum(MATERIAL_KINDS),
  ageGroup: z.enum(PRESCHOOL_AGE_GROUPS),
  area: z.enum(EDUCATIONAL_AREAS).nullable(),
  quantity: z.number().int(),
  place: z.string(),
  condition: z.enum(MATERIAL_CONDITIONS),
});
export type Material = z.infer<typeof MaterialSchema>;

export const KatalogSchema = z.object({
  /** The caller's kindergarten (its name in the reader's language), or null: not a kindergarten's. */
  kindergarten: z.string().nullable(),
  items: z.array(MaterialSchema),
  canEdit: z.boolean(),
});
export type Katalog = z.infer<typeof KatalogSchema>;
export const KatalogResponseSchema = z.object({ data: KatalogSchema });

export const MaterialInputSchema = z.object({
  name: z.object({ kz: Name, ru: Name }),
  kind: z.enum(MATERIAL_KINDS, { error: 'field_invalid' }),
  ageGroup: z.enum(PRESCHOOL_AGE_GROUPS, { error: 'field_invalid' }),
  area: z.enum(EDUCATIONAL_AREAS, { error: 'field_invalid' }).nullable().default(null),
  quantity: z
    .number({ error: 'field_required' })
    .int('field_invalid')
    .min(0, 'field_invalid')
    .max(100_000, 'field_invalid'),
  place: z.string({ error: 'field_required' }).trim().max(200, 'field_too_long'),
  condition: z.enum(MATERIAL_CONDITIONS, { error: 'field_invalid' }),
});
export type MaterialInput = z.infer<typeof MaterialInputSchema>;

export const MaterialSavedResponseSchema = z.object({ data: z.object({ id: z.number().int() }) });

// ---- Cyclogram -----------------------------------------------------------------------------

/**
 * The weekly cyclogram of a kindergarten group (spec §2 `cyclogramm`): days Monday–Friday ×
 * regime moments; each cell a short text with an optional educational area. The group's teachers
 * (group_personnel) write it; the kindergarten's director, deputy and methodist read it.
 */
export const REGIME_MOMENTS = [
  'reception',
  'exercise',
  'activity1',
  'activity2',
  'walk',
  'evening',
] as const;
export type RegimeMoment = (typeof REGIME_MOMENTS)[number];
export const REGIME_MOMENT_LABELS: Record<RegimeMoment, { kz: string; ru: string }> = {
  reception: { kz: 'Балаларды қабылдау', ru: 'Утренний приём' },
  exercise: { kz: 'Таңғы жаттығу', ru: 'Утренняя гимнастика' },
  activity1: { kz: 'Ұйымдастырылған іс-әрекет 1', ru: 'Организованная деятельность 1' },
  activity2: { kz: 'Ұйымдастырылған іс-әрекет 2', ru: 'Организованная деятельность 2' },
  walk: { kz: 'Серуен', ru: 'Прогулка' },
  evening: { kz: 'Кешкі уақыт', ru: 'Вечер' },
};
export const WEEK_DAYS = [1, 2, 3, 4, 5] as const;
export const WEEK_DAY_LABELS: Record<number, { kz: string; ru: string }> = {
  1: { kz: 'Дүйсенбі', ru: 'Понедельник' },
  2: { kz: 'Сейсенбі', ru: 'Вторник' },
  3: { kz: 'Сәрсенбі', ru: 'Среда' },
  4: { kz: 'Бейсенбі', ru: 'Четверг' },
  5: { kz: 'Жұма', ru: 'Пятница' },
};

export const CyclogramCellSchema = z.object({
  day: z.number({ error: 'field_invalid' }).int().min(1, 'field_invalid').max(5, 'field_invalid'),
  moment: z.enum(REGIME_MOMENTS, { error: 'field_invalid' }),
  text: z.string({ error: 'field_required' }).trim().max(1000, 'field_too_long'),
  area: z.enum(EDUCATIONAL_AREAS, { error: 'field_invalid' }).nullable(),
  /** The perspective-plan goal (an item of the group's plan) this activity works on. */
  planItemId: z
    .number({ error: 'field_invalid' })
    .int('field_invalid')
    .min(1, 'field_invalid')
    .max(2_147_483_647, 'field_invalid')
    .nullable()
    .optional(),
});
export type CyclogramCell = z.infer<typeof CyclogramCellSchema>;

/** A Monday as YYYY-MM-DD. */
const WeekStart = z
  .string({ error: 'field_required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'field_invalid')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && d.getUTCDay() === 1;
  }, 'field_invalid');

export const CyclogramParamsSchema = z.object({
  groupId: z.coerce.number({ error: 'field_invalid' }).int().min(1).max(2_147_483_647),
  week: WeekStart,
});
export const CyclogramPdfQuerySchema = z.object({ lang: z.enum(['kz', 'ru']).optional() });

export const CyclogramInputSchema = z.object({
  cells: z.array(CyclogramCellSchema).max(REGIME_MOMENTS.length * 5, 'field_invalid'),
});
export type CyclogramInput = z.infer<typeof CyclogramInputSchema>;

export const CyclogramGroupSchema = z.object({ id: z.number().int(), name: z.string() });

/**
 * One goal of a group's perspective plan (a month × an educational area): its topic and goals in
 * kz and ru (either may be empty; screens show the reader's language, else the other).
 */
export const PlanGoalSchema = z.object({
  id: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  area: z.enum(EDUCATIONAL_AREAS),
  topic: z.object({ kz: z.string(), ru: z.string() }),
  goals: z.object({ kz: z.string(), ru: z.string() }),
});
export type PlanGoal = z.infer<typeof PlanGoalSchema>;

export const CyclogramWeekSchema = z.object({
  groups: z.array(CyclogramGroupSchema),
  groupId: z.number().int().nullable(),
  week: z.string(),
  cells: z.array(CyclogramCellSchema),
  updatedAt: z.string().nullable(),
  canEdit: z.boolean(),
  /** Goals of the group's perspective plan for the week's months and those its cells name. */
  planItems: z.array(PlanGoalSchema).optional(),
});
export type CyclogramWeek = z.infer<typeof CyclogramWeekSchema>;
export const CyclogramWeekResponseSchema = z.object({ data: CyclogramWeekSchema });
export const CyclogramQuerySchema = z.object({
  groupId: z.coerce.number({ error: 'field_invalid' }).int().min(1).max(2_147_483_647).optional(),
  week: WeekStart.optional(),
});

/** Seeded templates: a typical week per age group, in both languages (the teacher edits after). */
export function cyclogramTemplate(lang: 'kz' | 'ru'): CyclogramCell[] {
  const T: Record<RegimeMoment, { kz: string; ru: string; area: EducationalArea | null }[]> = {
    reception: [
      {
        kz: 'Ата-аналармен әңгіме, үстел ойындары',
        ru: 'Беседы с родителями, настольные игры',
        area: 'society',
      },
    ],
    exercise: [
      {
        kz: '«Күнге сәлем» таңғы жаттығуы',
        ru: 'Утренняя гимнастика «Здравствуй, солнце»',
        area: 'health',
      },
    ],
    activity1: [
      {
        kz: 'Сөйлеуді дамыту: «Күз» сурет бойынша әңгіме',
        ru: 'Развитие речи: рассказ по картине «Осень»',
        area: 'communication',
      },
      {
        kz: 'Математика негіздері: 1-ден 5-ке дейін санау',
        ru: 'Основы математики: счёт от 1 до 5',
        area: 'cognition',
      },
      { kz: 'Сурет салу: «Алтын күз»', ru: 'Рисование: «Золотая осень»', area: 'creativity' },
      {
        kz: 'Қоршаған ортамен танысу: «Менің отбасым»',
        ru: 'Ознакомление с окружающим: «Моя семья»',
        area: 'society',
      },
      {
        kz: 'Музыка: «Бесік жыры» тыңдау',
        ru: 'Музыка: слушание «Бесік жыры»',
        area: 'creativity',
      },
    ],
    activity2: [
      { kz: 'Дене шынықтыру: доппен ойындар', ru: 'Физкультура: игры с мячом', area: 'health' },
      { kz: 'Жапсыру: «Жапырақтар»', ru: 'Аппликация: «Листочки»', area: 'creativity' },
      {
        kz: 'Дене шынықтыру: «Асық» ұлттық ойыны',
        ru: 'Физкультура: национальная игра «Асық»',
        area: 'health',
      },
      { kz: 'Құрастыру: «Үй»', ru: 'Конструирование: «Дом»', area: 'cognition' },
      {
        kz: 'Көркем әдебиет: ертегі тыңдау',
        ru: 'Художественная литература: слушание сказки',
        area: 'communication',
      },
    ],
    walk: [
      {
        kz: 'Ауа райын бақылау, қимылды ойындар',
        ru: 'Наблюдение за погодой, подвижные игры',
        area: 'health',
      },
    ],
    evening: [
      {
        kz: 'Дербес ойындар, ата-аналармен кеңес',
        ru: 'Самостоятельные игры, консультации для родителей',
        area: 'society',
      },
    ],
  };
  const cells: CyclogramCell[] = [];
  for (const day of WEEK_DAYS)
    for (const moment of REGIME_MOMENTS) {
      const options = T[moment];
      const pick = options[(day - 1) % options.length]!;
      cells.push({ day, moment, text: pick[lang], area: pick.area });
    }
  return cells;
}
