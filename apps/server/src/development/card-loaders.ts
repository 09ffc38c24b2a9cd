import type { AssessmentStage, DevelopmentCard, DevelopmentGroup, Locale } from '@sabaq/platform';
import type { AuthContext } from '../http/context';
import type { Queryable } from '../db/db';
import { canSeeGroup, canWriteGroup, notFound } from './card-access';
import type { ChildRow, GroupRow } from './card-queries';
import {
  isFlagOn,
  listAssessments,
  listChildren,
  listSkills,
  loadChild,
  loadGroup,
  schoolYearOf,
} from './card-queries';
import { listNotes } from './note-queries';
import { presentCard, presentGroup } from './card-present';

/**
 * What the card routes and the exports read, in one place so that a file shows exactly what the
 * screen shows: the groups' views for a stage, a visible child with its group, and a child's card.
 */
export interface CardLoaders {
  /** 404 unless the flag `individual-card` is on. */
  assertFlag(): Promise<void>;
  /** A kindergarten group the caller may see, or 404. */
  visibleGroup(auth: AuthContext, groupId: number): Promise<GroupRow>;
  groupsView(
    groups: readonly GroupRow[],
    stage: AssessmentStage,
    locale: Locale,
  ): Promise<DevelopmentGroup[]>;
  /** A child of a group the caller may see, or 404. */
  visibleChild(auth: AuthContext, userId: number): Promise<{ child: ChildRow; group: GroupRow }>;
  card(auth: AuthContext, userId: number, locale: Locale): Promise<DevelopmentCard>;
}

export function createCardLoaders(db: Queryable, now: () => Date): CardLoaders {
  async function groupsView(
    groups: readonly GroupRow[],
    stage: AssessmentStage,
    locale: Locale,
  ): Promise<DevelopmentGroup[]> {
    const children = await listChildren(
      db,
      groups.map((g) => g.id),
    );
    const skills = await listSkills(
      db,
      [...new Set(groups.map((g) => g.ageGroup).filter((a) => a !== null))],
      locale,
    );
    const year = schoolYearOf(now());
    const bySchool = new Map<number, number[]>();
    for (const c of children) bySchool.set(c.schoolId, [...(bySchool.get(c.schoolId) ?? []), c.id]);
    const assessments = (
      await Promise.all(
        [...bySchool].map(([schoolId, ids]) => listAssessments(db, schoolId, ids, year)),
      )
    ).flat();
    return groups.map((g) => presentGroup(g, children, skills, assessments, stage, locale));
  }

  async function visibleGroup(auth: AuthContext, groupId: number): Promise<GroupRow> {
    const group = await loadGroup(db, groupId);
    if (!group || !(await canSeeGroup(db, auth, group))) notFound();
    return group;
  }

  async function visibleChild(auth: AuthContext, userId: number) {
    const child = await loadChild(db, userId);
    if (!child) notFound();
    const group = await loadGroup(db, child.groupId);
    if (!group || group.schoolId !== child.schoolId || !(await canSeeGroup(db, auth, group)))
      notFound();
    return { child, group };
  }

  async function card(auth: AuthContext, userId: number, locale: Locale) {
    const { child, group } = await visibleChild(auth, userId);
    const year = schoolYearOf(now());
    const skills = await listSkills(db, group.ageGroup ? [group.ageGroup] : [], locale);
    const assessments = await listAssessments(db, child.schoolId, [child.id], year);
    const notes = await listNotes(db, child.schoolId, [child.id], year);
    const canEdit = await canWriteGroup(db, auth, group);
    return presentCard(child, group, skills, assessments, notes, locale, canEdit);
  }

  return {
    assertFlag: async () => {
      if (!(await isFlagOn(db, 'individual-card'))) notFound();
    },
    visibleGroup,
    groupsView,
    visibleChild,
    card,
  };
}
