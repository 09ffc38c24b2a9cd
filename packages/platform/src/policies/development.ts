import { ROLE_GROUPS } from '../roles/roles';
import type { Role } from '../roles/roles';

/**
 * Individual developmental cards, the development map and kindergarten monitoring (issue 15).
 * Readers are a kindergarten's staff (employees); the server narrows a teacher to the groups she
 * leads (group_personnel) and management to its own kindergarten. Teachers of the group write.
 */
export const DEVELOPMENT_READERS = ROLE_GROUPS.employees satisfies readonly Role[];
export const DEVELOPMENT_WRITERS = ['teacher', 'group-lead'] as const satisfies readonly Role[];

const P = '/api/v2/os/development';

export const DEVELOPMENT_ROUTES = {
  'development.groups': {
    method: 'GET',
    path: `${P}/groups`,
    policy: DEVELOPMENT_READERS,
    summary:
      "The caller's kindergarten groups (a teacher's own; management all of its kindergarten) with each child's levels for a stage",
  },
  'development.group': {
    method: 'GET',
    path: `${P}/groups/:groupId`,
    policy: DEVELOPMENT_READERS,
    summary: 'One group: children × areas levels and the distribution of levels per area (?stage=)',
  },
  'development.map': {
    method: 'GET',
    path: `${P}/map`,
    policy: DEVELOPMENT_READERS,
    summary:
      "The development map of the caller's groups (?stage=): children × areas; 423 → /{lang}/tariffs without a kindergarden subscription",
  },
  'development.card': {
    method: 'GET',
    path: `${P}/cards/:userId`,
    policy: DEVELOPMENT_READERS,
    summary: "A child's individual developmental card for the school year",
  },
  'development.assess': {
    method: 'PUT',
    path: `${P}/cards/:userId`,
    policy: DEVELOPMENT_WRITERS,
    summary: "Set or clear one skill's level at a stage (the group's teacher only)",
  },
  'development.note': {
    method: 'PUT',
    path: `${P}/cards/:userId/notes`,
    policy: DEVELOPMENT_WRITERS,
    summary:
      "Set or clear the comment and development recommendation of one area at a stage (the group's teacher only); returns the card",
  },
  // Files (no JSON body): content-type application/pdf or the .xlsx type, content-disposition
  // with an ASCII filename and filename*=UTF-8'' in the request's language.
  'development.cardExport': {
    method: 'GET',
    path: `${P}/cards/:userId/export`,
    policy: DEVELOPMENT_READERS,
    summary:
      "A child's developmental card as a PDF or an Excel workbook (?format=pdf|xlsx&stage=; without a stage the whole year), kz/ru by X-Localization",
  },
  'development.groupExport': {
    method: 'GET',
    path: `${P}/groups/:groupId/export`,
    policy: DEVELOPMENT_READERS,
    summary:
      "A group's summary for a stage (children × areas, overall, the distribution of levels) as a PDF or an Excel workbook (?format=pdf|xlsx&stage=)",
  },
  'questionnaire.completionGarden': {
    method: 'POST',
    path: '/api/v1/questionnaire/completion/garden',
    policy: DEVELOPMENT_READERS,
    summary:
      'Kindergarten monitoring (spec §7): per group, children with the stage filled and the level distribution',
  },
} as const;
