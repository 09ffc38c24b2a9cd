import { ASSESSMENT_STAGE_LABELS } from '@sabaq/platform';
import type { AssessmentStage, DevelopmentExportFormat, Locale, SkillLevel } from '@sabaq/platform';

/** Words of the card and group exports (PDF and Excel), kz/ru. */
export const EXPORT_TEXTS = {
  kz: {
    cardTitle: 'Баланың жеке даму картасы',
    groupTitle: 'Топтың даму картасы',
    child: 'Бала',
    born: 'Туған күні',
    group: 'Топ',
    ageGroup: 'Жас тобы',
    schoolYear: 'Оқу жылы',
    stage: 'Бақылау кезеңі',
    wholeYear: 'Оқу жылы бойы',
    area: 'Білім беру саласы',
    skill: 'Дағдылар мен біліктер',
    areaLevel: 'Сала бойынша деңгей',
    overall: 'Жалпы деңгей',
    comment: 'Түсініктеме',
    recommendation: 'Даму бойынша ұсыныстар',
    notes: 'Түсініктемелер мен ұсыныстар',
    number: '№',
    childName: 'Баланың аты-жөні',
    distribution: 'Деңгейлер бойынша бөлінуі (балалар саны)',
    notAssessed: 'Бағаланбаған',
    children: 'Балалар саны',
    levels: 'Деңгейлер: I — төмен, II — орташа, III — жоғары; «—» — бағаланбаған.',
  },
  ru: {
    cardTitle: 'Индивидуальная карта развития ребёнка',
    groupTitle: 'Карта развития группы',
    child: 'Ребёнок',
    born: 'Дата рождения',
    group: 'Группа',
    ageGroup: 'Возрастная группа',
    schoolYear: 'Учебный год',
    stage: 'Этап контроля',
    wholeYear: 'За учебный год',
    area: 'Образовательная область',
    skill: 'Умения и навыки',
    areaLevel: 'Уровень по области',
    overall: 'Общий уровень',
    comment: 'Комментарий',
    recommendation: 'Рекомендации по развитию',
    notes: 'Комментарии и рекомендации',
    number: '№',
    childName: 'Ф. И. ребёнка',
    distribution: 'Распределение по уровням (количество детей)',
    notAssessed: 'Не оценено',
    children: 'Количество детей',
    levels: 'Уровни: I — низкий, II — средний, III — высокий; «—» — не оценено.',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type ExportTexts = (typeof EXPORT_TEXTS)[Locale];

const ROMAN: Record<SkillLevel, string> = { 1: 'I', 2: 'II', 3: 'III' };

/** A level as the standard writes it (I, II, III), or a dash when not assessed. */
export function levelText(level: SkillLevel | null): string {
  return level === null ? '—' : ROMAN[level];
}

/** The school year starting in `year`: 2025 → «2025–2026». */
export function schoolYearText(year: number): string {
  return `${year}–${year + 1}`;
}

export function stageText(stage: AssessmentStage, locale: Locale): string {
  return ASSESSMENT_STAGE_LABELS[stage][locale];
}

export const CONTENT_TYPES: Record<DevelopmentExportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * `content-disposition` of an export: `name` (in the reader's language) as filename*, and an
 * ASCII name for clients that read only `filename`.
 */
export function contentDisposition(name: string, ascii: string): string {
  // encodeURIComponent leaves ' ( ) * unescaped; RFC 5987 wants them encoded.
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encoded}`;
}

/** Characters that no file system accepts in a name, replaced by a space. */
export function safeFileName(name: string): string {
  return (
    name
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\\/:*?"<>|\u0000-\u001f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
