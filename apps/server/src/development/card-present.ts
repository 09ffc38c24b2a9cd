import {
  ASSESSMENT_STAGES,
  EDUCATIONAL_AREAS,
  EDUCATIONAL_AREA_LABELS,
  PRESCHOOL_AGE_GROUP_LABELS,
  levelOf,
} from '@sabaq/platform';
import type {
  AssessmentStage,
  DevelopmentCard,
  DevelopmentGroup,
  EducationalArea,
  Locale,
  SkillLevel,
} from '@sabaq/platform';
import type { AssessmentRow, ChildRow, GroupRow, SkillRow } from './card-queries';
import type { NoteRow } from './note-queries';

type StageLevels = Record<AssessmentStage, SkillLevel | null>;

/** Levels of one child: skillId → stage → level. */
function byChild(rows: readonly AssessmentRow[], childId: number) {
  const map = new Map<number, Partial<Record<AssessmentStage, SkillLevel>>>();
  for (const r of rows) {
    if (r.childId !== childId) continue;
    map.set(r.skillId, { ...map.get(r.skillId), [r.stage]: r.level });
  }
  return map;
}

function stageLevels(pick: (stage: AssessmentStage) => SkillLevel[]): StageLevels {
  return {
    start: levelOf(pick('start')),
    middle: levelOf(pick('middle')),
    end: levelOf(pick('end')),
  };
}

function noteOf(
  notes: readonly NoteRow[],
  childId: number,
  area: EducationalArea,
  stage: AssessmentStage,
) {
  const note = notes.find((n) => n.childId === childId && n.area === area && n.stage === stage);
  return note ? { comment: note.comment, recommendation: note.recommendation } : null;
}

const defined = <T>(v: T | undefined): v is T => v !== undefined;

export function presentCard(
  child: ChildRow,
  group: GroupRow,
  skills: readonly SkillRow[],
  assessments: readonly AssessmentRow[],
  notes: readonly NoteRow[],
  locale: Locale,
  canEdit: boolean,
): DevelopmentCard {
  const levels = byChild(assessments, child.id);
  const own = skills.filter((s) => s.ageGroup === group.ageGroup);
  const areas = EDUCATIONAL_AREAS.map((area) => {
    const areaSkills = own.filter((s) => s.area === area);
    return {
      area,
      title: EDUCATIONAL_AREA_LABELS[area][locale],
      skills: areaSkills.map((s) => {
        const l = levels.get(s.id) ?? {};
        return {
          id: s.id,
          title: s.title,
          levels: { start: l.start ?? null, middle: l.middle ?? null, end: l.end ?? null },
        };
      }),
      levels: stageLevels((stage) =>
        areaSkills.map((s) => levels.get(s.id)?.[stage]).filter(defined),
      ),
      notes: {
        start: noteOf(notes, child.id, area, 'start'),
        middle: noteOf(notes, child.id, area, 'middle'),
        end: noteOf(notes, child.id, area, 'end'),
      },
    };
  });
  return {
    child: { id: child.id, name: child.name, born: child.born },
    group: { id: group.id, name: group.name },
    ageGroup: group.ageGroup ?? 'senior',
    ageGroupTitle: group.ageGroup ? PRESCHOOL_AGE_GROUP_LABELS[group.ageGroup][locale] : '',
    canEdit,
    areas,
    overall: stageLevels((stage) => own.map((s) => levels.get(s.id)?.[stage]).filter(defined)),
  };
}

/** A group's children × areas for one stage and the distribution of levels per area. */
export function presentGroup(
  group: GroupRow,
  children: readonly ChildRow[],
  skills: readonly SkillRow[],
  assessments: readonly AssessmentRow[],
  stage: AssessmentStage,
  locale: Locale,
): DevelopmentGroup {
  const own = skills.filter((s) => s.ageGroup === group.ageGroup);
  const rows = children
    .filter((c) => c.groupId === group.id)
    .map((c) => {
      const levels = byChild(assessments, c.id);
      const at = (list: readonly SkillRow[]) =>
        list.map((s) => levels.get(s.id)?.[stage]).filter(defined);
      const areas = Object.fromEntries(
        EDUCATIONAL_AREAS.map((area) => [area, levelOf(at(own.filter((s) => s.area === area)))]),
      ) as Record<EducationalArea, SkillLevel | null>;
      return {
        id: c.id,
        name: c.name,
        areas,
        overall: levelOf(at(own)),
        assessed: at(own).length,
        skills: own.length,
      };
    });
  const distribution = EDUCATIONAL_AREAS.map((area) => {
    const count = (level: SkillLevel | null) => rows.filter((r) => r.areas[area] === level).length;
    return {
      area,
      title: EDUCATIONAL_AREA_LABELS[area][locale],
      level1: count(1),
      level2: count(2),
      level3: count(3),
      none: count(null),
    };
  });
  return {
    id: group.id,
    name: group.name,
    ageGroup: group.ageGroup,
    ageGroupTitle: group.ageGroup ? PRESCHOOL_AGE_GROUP_LABELS[group.ageGroup][locale] : '',
    children: rows,
    distribution,
  };
}

export { ASSESSMENT_STAGES };
