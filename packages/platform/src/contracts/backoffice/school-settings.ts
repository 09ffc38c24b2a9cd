import { z } from 'zod';
import { isValidBin } from '../../validators/iin';

/**
 * Backoffice school settings (spec §2 `backoffice/school-settings`, issue 13): the school's
 * name, address and BIN, bell times per shift, the study year's quarters, holidays and the
 * journal's grading weights. One read, one save (all or nothing).
 */
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'field_invalid');
const Time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'field_invalid');
const Text = (max: number) => z.string().trim().min(1, 'field_required').max(max, 'field_too_long');

export const BellSchema = z.object({ startsAt: Time, endsAt: Time });
export const ShiftBellsSchema = z.object({
  shift: z.union([z.literal(1), z.literal(2)]),
  bells: z.array(BellSchema).max(10, 'field_too_long'),
});

export const QuarterSchema = z.object({
  quarter: z.number().int().min(1).max(4),
  start: IsoDate,
  end: IsoDate,
  isCurrent: z.boolean().default(false),
});

export const HolidaySchema = z.object({
  start: IsoDate,
  end: IsoDate,
  nameKz: Text(200),
  nameRu: Text(200),
});

/**
 * A public day off of the school year (the law's list, issue 30): shown in the school settings
 * beside the school's own holidays; `worked` marks one the school works on (no longer off).
 */
export const PublicHolidaySchema = z.object({
  date: IsoDate,
  nameKz: z.string(),
  nameRu: z.string(),
  worked: z.boolean(),
});
export type PublicHoliday = z.infer<typeof PublicHolidaySchema>;

export const GradingWeightsSchema = z.object({
  formative: z.number().int().min(0).max(100),
  sor: z.number().int().min(0).max(100),
  soch: z.number().int().min(0).max(100),
});

/** The settings as the server answers them. */
export const SchoolSettingsDataSchema = z
  .object({
    nameKz: Text(300),
    nameRu: Text(300),
    addressKz: Text(300),
    addressRu: Text(300),
    bin: z.string(),
    shifts: z.array(ShiftBellsSchema).max(2),
    /** `2026-2027`: the year runs from 1 September of the first to 31 August of the second. */
    schoolYear: z.string().regex(/^\d{4}-\d{4}$/, 'field_invalid'),
    quarters: z.array(QuarterSchema).min(1, 'field_required').max(4),
    holidays: z.array(HolidaySchema).max(60, 'field_too_long'),
    /** The year's public days off; on save only `worked` is read (which the school works on). */
    publicHolidays: z.array(PublicHolidaySchema).max(60, 'field_too_long').optional(),
    weights: GradingWeightsSchema,
  })
  .meta({ id: 'SchoolSettings' });
export type SchoolSettings = z.infer<typeof SchoolSettingsDataSchema>;

/** The save body: the same, the BIN checked with the BIN rule (spaces dropped). */
export const SchoolSettingsSchema = SchoolSettingsDataSchema.extend({
  bin: z
    .string()
    .max(32, 'field_too_long')
    .transform((v) => v.replace(/\s+/g, ''))
    .refine((v) => isValidBin(v), { message: 'bin_invalid' }),
}).meta({ id: 'SchoolSettingsSave' });
export type SchoolSettingsInput = z.input<typeof SchoolSettingsSchema>;

export const SchoolSettingsResponseSchema = z
  .object({ data: SchoolSettingsDataSchema })
  .meta({ id: 'SchoolSettingsResponse' });

/** First and last day of a school year `YYYY-YYYY`, or null when the years do not follow. */
export function schoolYearBounds(schoolYear: string): { start: string; end: string } | null {
  const m = /^(\d{4})-(\d{4})$/.exec(schoolYear);
  if (!m || Number(m[2]) !== Number(m[1]) + 1) return null;
  return { start: `${m[1]}-09-01`, end: `${m[2]}-08-31` };
}

/** Whether a `YYYY-MM-DD` string is a real calendar date. */
function isRealDate(iso: string): boolean {
  const at = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === iso;
}

export type SettingsProblem =
  | 'year_invalid'
  | 'date_invalid'
  | 'range_reversed'
  | 'outside_year'
  | 'quarter_repeated'
  | 'quarters_overlap'
  | 'bell_reversed'
  | 'bells_overlap'
  | 'weights_sum';

/**
 * The rules a save must keep, as `field → problem` (fields like `quarters.1.end`): quarters
 * real dates, each start before its end, inside the year, in order without overlap, each number
 * once; holidays likewise inside the year; bells of a shift in order without overlap; weights
 * summing to 100. Pure, so the screen and the server check the same way.
 */
export function settingsProblems(s: SchoolSettingsInput): Record<string, SettingsProblem> {
  const out: Record<string, SettingsProblem> = {};
  const year = schoolYearBounds(s.schoolYear);
  if (!year) out.schoolYear = 'year_invalid';
  const ranged = (field: string, start: string, end: string) => {
    if (!isRealDate(start)) out[`${field}.start`] = 'date_invalid';
    else if (!isRealDate(end)) out[`${field}.end`] = 'date_invalid';
    else if (end < start) out[`${field}.end`] = 'range_reversed';
    else if (year && (start < year.start || end > year.end)) out[`${field}.start`] = 'outside_year';
    else return true;
    return false;
  };
  const seen = new Set<number>();
  const good: { index: number; start: string; end: string }[] = [];
  s.quarters.forEach((q, i) => {
    if (seen.has(q.quarter)) out[`quarters.${i}.quarter`] = 'quarter_repeated';
    seen.add(q.quarter);
    if (ranged(`quarters.${i}`, q.start, q.end))
      good.push({ index: i, start: q.start, end: q.end });
  });
  const sorted = [...good].sort((a, b) => (a.start < b.start ? -1 : 1));
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1];
    const cur = sorted[i];
    if (prev && cur && cur.start <= prev.end)
      out[`quarters.${cur.index}.start`] = 'quarters_overlap';
  }
  s.holidays.forEach((h, i) => ranged(`holidays.${i}`, h.start, h.end));
  s.shifts.forEach((shift, n) => {
    shift.bells.forEach((b, i) => {
      const prev = shift.bells[i - 1];
      if (b.endsAt <= b.startsAt) out[`shifts.${n}.bells.${i}.endsAt`] = 'bell_reversed';
      else if (prev && b.startsAt < prev.endsAt)
        out[`shifts.${n}.bells.${i}.startsAt`] = 'bells_overlap';
    });
  });
  const w = s.weights;
  if (w.formative + w.sor + w.soch !== 100) out.weights = 'weights_sum';
  return out;
}

export const SETTINGS_PROBLEM_TEXTS: Record<SettingsProblem, { kz: string; ru: string }> = {
  year_invalid: {
    kz: 'Оқу жылы ЖЖЖЖ-ЖЖЖЖ түрінде, қатар келген екі жыл болуы керек',
    ru: 'Учебный год — два года подряд в виде ГГГГ-ГГГГ',
  },
  date_invalid: { kz: 'Күн қате', ru: 'Неверная дата' },
  range_reversed: {
    kz: 'Аяқталу күні басталу күнінен кейін болуы керек',
    ru: 'Дата окончания должна быть не раньше даты начала',
  },
  outside_year: {
    kz: 'Күндер оқу жылының ішінде болуы керек (1 қыркүйек – 31 тамыз)',
    ru: 'Даты должны быть внутри учебного года (1 сентября – 31 августа)',
  },
  quarter_repeated: { kz: 'Бұл тоқсан екі рет берілген', ru: 'Эта четверть указана дважды' },
  quarters_overlap: {
    kz: 'Тоқсандар бір-бірімен қабаттаспауы керек',
    ru: 'Четверти не должны пересекаться',
  },
  bell_reversed: {
    kz: 'Сабақ басталғаннан кейін аяқталуы керек',
    ru: 'Урок должен заканчиваться после начала',
  },
  bells_overlap: {
    kz: 'Сабақ алдыңғы сабақ аяқталғаннан кейін басталуы керек',
    ru: 'Урок должен начинаться после окончания предыдущего',
  },
  weights_sum: {
    kz: 'Салмақтардың қосындысы 100 % болуы керек',
    ru: 'Сумма весов должна быть 100 %',
  },
};
