import type { DevelopmentGroup } from '@sabaq/platform';

/**
 * One group's line of kindergarten monitoring: children, children whose card is filled for the
 * stage (every skill of the age group assessed), and the distribution of overall levels of the
 * children assessed at all. Read from the same view the card screens show.
 */
export function gardenCompletion(group: DevelopmentGroup) {
  const count = (level: 1 | 2 | 3) => group.children.filter((c) => c.overall === level).length;
  return {
    groupId: group.id,
    name: group.name,
    children: group.children.length,
    filled: group.children.filter((c) => c.skills > 0 && c.assessed === c.skills).length,
    level1: count(1),
    level2: count(2),
    level3: count(3),
  };
}
