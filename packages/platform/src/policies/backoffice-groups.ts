import { ROLE_GROUPS } from '../roles/roles';
import type { Role } from '../roles/roles';

/**
 * Backoffice classes, pupils, subgroups and the archive (issue 13, spec §2 "Backoffice"). Spread
 * into the one policy table (`API_ROUTES`). Director and zavuch manage their school's classes; a
 * class teacher (group-lead) reads their own class only (the row rule is
 * `apps/server/src/backoffice/group-access.ts`); the archive is read by management and methodists.
 */
const management: readonly Role[] = ROLE_GROUPS.management;
const readers: readonly Role[] = [...ROLE_GROUPS.management, 'group-lead'];
const archiveReaders: readonly Role[] = [...ROLE_GROUPS.management, 'methodist'];

const P = '/api/v2/os/backoffice';

export const BACKOFFICE_GROUP_ROUTES = {
  'backoffice.groupGet': {
    method: 'GET',
    path: `${P}/group/:groupId`,
    policy: management,
    summary: 'Group detail',
  },
  'backoffice.groupUpdate': {
    method: 'PUT',
    path: `${P}/group/:groupId`,
    policy: management,
    summary: 'Update a group',
  },
  'backoffice.groupCreate': {
    method: 'POST',
    path: `${P}/group`,
    policy: management,
    summary: 'Create a group',
  },
  'backoffice.groupDictionaries': {
    method: 'GET',
    path: `${P}/personals/group`,
    policy: management,
    summary: 'Dictionaries for the group modal: groups, languages, teachers',
  },
  'backoffice.groupDelete': {
    method: 'DELETE',
    path: `${P}/group/:groupId`,
    policy: management,
    summary: 'Delete an empty class (no pupils, timetable, lessons or plans; 409 otherwise)',
  },
  'backoffice.groupList': {
    method: 'GET',
    path: `${P}/groups`,
    policy: readers,
    summary: "The school's classes by parallel: letter, language, class teachers, pupil count",
  },
  'backoffice.groupCard': {
    method: 'GET',
    path: `${P}/groups/:groupId/card`,
    policy: readers,
    summary: 'The class card: pupils, teachers per subject, classes to move a pupil to',
  },
  'backoffice.pupilAdd': {
    method: 'POST',
    path: `${P}/groups/:groupId/pupils`,
    policy: management,
    summary: 'Add an existing pupil account (by IIN) to the class, or create one',
  },
  'backoffice.pupilMove': {
    method: 'PUT',
    path: `${P}/groups/:groupId/pupils/:userId`,
    policy: management,
    summary: 'Move a pupil to another class of the school (leaves the old subgroups)',
  },
  'backoffice.pupilArchive': {
    method: 'DELETE',
    path: `${P}/groups/:groupId/pupils/:userId`,
    policy: management,
    summary: 'Remove a pupil to the archive (history stays)',
  },
  'backoffice.subgroups': {
    method: 'GET',
    path: `${P}/groups/:groupId/subgroups`,
    policy: readers,
    summary: "The class's subjects with their subgroups and member counts",
  },
  'backoffice.subgroupCreate': {
    method: 'POST',
    path: `${P}/groups/:groupId/subgroups`,
    policy: management,
    summary: 'Create a subgroup of a subject of the class',
  },
  'backoffice.subgroupRename': {
    method: 'PUT',
    path: `${P}/subgroups/:subgroupId`,
    policy: management,
    summary: 'Rename a subgroup',
  },
  'backoffice.subgroupDelete': {
    method: 'DELETE',
    path: `${P}/subgroups/:subgroupId`,
    policy: management,
    summary: 'Delete a subgroup without lessons or assessments (409 otherwise)',
  },
  'backoffice.subgroupTransfer': {
    method: 'GET',
    path: `${P}/groups/:groupId/subgroups/:subjectId`,
    policy: readers,
    summary: "The class's pupils with their subgroup in a subject",
  },
  'backoffice.subgroupTransferSave': {
    method: 'PUT',
    path: `${P}/groups/:groupId/subgroups/:subjectId`,
    policy: management,
    summary: 'Move pupils between the subgroups of a subject (one transaction)',
  },
  'backoffice.archive': {
    method: 'GET',
    path: `${P}/archive`,
    policy: archiveReaders,
    summary: 'Archived classes and the pupils removed to the archive',
  },
  'backoffice.archiveGroup': {
    method: 'GET',
    path: `${P}/archive/:groupId`,
    policy: archiveReaders,
    summary: 'An archived class (or the leavers of a class), read-only',
  },
} as const;
