import { ASSESSMENT_STAGES } from '@sabaq/platform';
import type {
  AssessmentStage,
  DevelopmentCard,
  DevelopmentExportFormat,
  DevelopmentGroup,
  Locale,
  SkillLevel,
} from '@sabaq/platform';
import { EXPORT_TEXTS, safeFileName, schoolYearText, stageText } from './export-texts';

/**
 * What the card and group files show, taken from the same presented views the API answers with
 * (development.card, development.group), so that a file's levels and counts are the screen's.
 */
export interface CardExport {
  card: DevelopmentCard;
  /** The stages shown: one when asked for, else the whole year. */
  stages: readonly AssessmentStage[];
  year: number;
  locale: Locale;
}

export interface GroupExport {
  group: DevelopmentGroup;
  stage: AssessmentStage;
  year: number;
  locale: Locale;
}

export function stagesOf(stage: AssessmentStage | undefined): readonly AssessmentStage[] {
  return stage ? [stage] : ASSESSMENT_STAGES;
}

/** 2019-05-01 → 01.05.2019 (how dates are written in Kazakhstan's documents). */
export function dateText(iso: string): string {
  const [year, month, day] = iso.split('-');
  return year && month && day ? `${day}.${month}.${year}` : iso;
}

export interface DistributionLine {
  title: string;
  level1: number;
  level2: number;
  level3: number;
  none: number;
}

/** The group's distribution per area (as development.group gives it) and of the overall level. */
export function distributionLines(exported: GroupExport): DistributionLine[] {
  const { group, locale } = exported;
  const count = (level: SkillLevel | null) =>
    group.children.filter((c) => c.overall === level).length;
  return [
    ...group.distribution.map(({ title, level1, level2, level3, none }) => ({
      title,
      level1,
      level2,
      level3,
      none,
    })),
    {
      title: EXPORT_TEXTS[locale].overall,
      level1: count(1),
      level2: count(2),
      level3: count(3),
      none: count(null),
    },
  ];
}

/** The «label: value» lines under a card's title. */
export function cardFacts(exported: CardExport): [string, string][] {
  const { card, stages, year, locale } = exported;
  const t = EXPORT_TEXTS[locale];
  return [
    [t.child, card.child.name],
    [t.born, dateText(card.child.born)],
    [t.group, card.group.name],
    [t.ageGroup, card.ageGroupTitle],
    [t.schoolYear, schoolYearText(year)],
    [t.stage, stages.length === 1 ? stageText(stages[0]!, locale) : t.wholeYear],
  ];
}

export function groupFacts(exported: GroupExport): [string, string][] {
  const { group, stage, year, locale } = exported;
  const t = EXPORT_TEXTS[locale];
  return [
    [t.group, group.name],
    [t.ageGroup, group.ageGroupTitle],
    [t.schoolYear, schoolYearText(year)],
    [t.stage, stageText(stage, locale)],
    [t.children, String(group.children.length)],
  ];
}

/** File names: in the reader's language, and an ASCII one for old clients. */
export function cardFileNames(exported: CardExport, format: DevelopmentExportFormat) {
  const { card, stages, year, locale } = exported;
  const when = stages.length === 1 ? stages[0]! : `${year}-${year + 1}`;
  return {
    name: `${safeFileName(`${EXPORT_TEXTS[locale].cardTitle} — ${card.child.name}`)}.${format}`,
    ascii: `development-card-${card.child.id}-${when}.${format}`,
  };
}

export function groupFileNames(exported: GroupExport, format: DevelopmentExportFormat) {
  const { group, stage, locale } = exported;
  const title = `${EXPORT_TEXTS[locale].groupTitle} — ${group.name} — ${stageText(stage, locale)}`;
  return {
    name: `${safeFileName(title)}.${format}`,
    ascii: `development-group-${group.id}-${stage}.${format}`,
  };
}
