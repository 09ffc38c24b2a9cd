/**
 * The frame of Kazakhstan's state preschool standard (issue 15), shared by every kindergarten
 * screen: the five educational areas, the age groups, the three assessment stages of the year and
 * the three levels a skill is assessed at. Documents, plans, cyclograms, the development map and
 * the individual developmental cards all speak in these codes; texts are kz/ru.
 */

export interface KzRu {
  readonly kz: string;
  readonly ru: string;
}

/** Educational areas (білім беру салалары / образовательные области). */
export const EDUCATIONAL_AREAS = [
  'health',
  'communication',
  'cognition',
  'creativity',
  'society',
] as const;
export type EducationalArea = (typeof EDUCATIONAL_AREAS)[number];

export const EDUCATIONAL_AREA_LABELS: Record<EducationalArea, KzRu> = {
  health: { kz: 'Денсаулық', ru: 'Здоровье' },
  communication: { kz: 'Коммуникация', ru: 'Коммуникация' },
  cognition: { kz: 'Таным', ru: 'Познание' },
  creativity: { kz: 'Шығармашылық', ru: 'Творчество' },
  society: { kz: 'Әлеумет', ru: 'Социум' },
};

/**
 * Age groups of a kindergarten, youngest first. A kindergarten group (a `groups` row of a
 * kindergarten, parallel 0) belongs to one of them.
 */
export const PRESCHOOL_AGE_GROUPS = ['early', 'junior', 'middle', 'senior', 'preschool'] as const;
export type PreschoolAgeGroup = (typeof PRESCHOOL_AGE_GROUPS)[number];

export const PRESCHOOL_AGE_GROUP_LABELS: Record<PreschoolAgeGroup, KzRu> = {
  early: { kz: 'Ерте жас тобы (1–2 жас)', ru: 'Группа раннего возраста (1–2 года)' },
  junior: { kz: 'Кіші топ (2–3 жас)', ru: 'Младшая группа (2–3 года)' },
  middle: { kz: 'Ортаңғы топ (3–4 жас)', ru: 'Средняя группа (3–4 года)' },
  senior: { kz: 'Ересек топ (4–5 жас)', ru: 'Старшая группа (4–5 лет)' },
  preschool: { kz: 'Мектепалды даярлық тобы (5–6 жас)', ru: 'Предшкольная группа (5–6 лет)' },
};

/** Assessment stages of the school year: start (September), middle (January), end (May). */
export const ASSESSMENT_STAGES = ['start', 'middle', 'end'] as const;
export type AssessmentStage = (typeof ASSESSMENT_STAGES)[number];

export const ASSESSMENT_STAGE_LABELS: Record<AssessmentStage, KzRu> = {
  start: { kz: 'Бастапқы бақылау', ru: 'Стартовый контроль' },
  middle: { kz: 'Аралық бақылау', ru: 'Промежуточный контроль' },
  end: { kz: 'Қорытынды бақылау', ru: 'Итоговый контроль' },
};

/** Levels a skill is assessed at: I low, II middle, III high. */
export const SKILL_LEVELS = [1, 2, 3] as const;
export type SkillLevel = (typeof SKILL_LEVELS)[number];

export const SKILL_LEVEL_LABELS: Record<SkillLevel, KzRu> = {
  1: { kz: 'I деңгей — төмен', ru: 'I уровень — низкий' },
  2: { kz: 'II деңгей — орташа', ru: 'II уровень — средний' },
  3: { kz: 'III деңгей — жоғары', ru: 'III уровень — высокий' },
};

/**
 * The level of a set of assessed skills: the mean of the levels, rounded half up (1.5 → II,
 * 2.5 → III), or null when nothing is assessed. One rule for a child's area, a child's overall
 * level and every summary built from them.
 */
export function levelOf(levels: readonly SkillLevel[]): SkillLevel | null {
  if (levels.length === 0) return null;
  const mean = levels.reduce((sum, level) => sum + level, 0) / levels.length;
  return Math.min(3, Math.max(1, Math.floor(mean + 0.5))) as SkillLevel;
}
