import { ROLE_GROUPS } from '../roles/roles';
import type { Role } from '../roles/roles';

/**
 * Monitoring questionnaires (issue 16, spec §7). Teachers, group leads and directors answer the
 * questionnaire of their type; directors and deputies follow their organization; education
 * workers follow their own level of the tree and below it (the handlers check the level: 404 for
 * a node of someone else's region or department).
 */
export const QUESTIONNAIRE_RESPONDENTS = [
  'teacher',
  'group-lead',
  'director',
] as const satisfies readonly Role[];
/** Who follows completion and results: a school's management and the education workers. */
export const MONITORING_FOLLOWERS = [
  ...ROLE_GROUPS.management,
  ...ROLE_GROUPS.workers,
] as const satisfies readonly Role[];
const READERS = [...ROLE_GROUPS.employees, ...ROLE_GROUPS.workers] as const;
const workers = ROLE_GROUPS.workers;
const M = '/api/v1/monitoring';

export const MONITORING_ROUTES = {
  'questionnaire.periods': {
    method: 'GET',
    path: '/api/v1/dictionaries/questionnaire/periods',
    policy: READERS,
    summary: 'Monitoring periods (windows in which questionnaires are filled in), newest first',
  },
  'questionnaire.show': {
    method: 'POST',
    path: '/api/v1/questionnaire',
    policy: READERS,
    summary:
      "A respondent's questionnaires of a period; with questionnaireId the form and the answers (the respondent's own, or read-only for their director and the workers above them)",
  },
  'questionnaire.answersStore': {
    method: 'POST',
    path: '/api/v1/questionnaire/answers/store',
    policy: QUESTIONNAIRE_RESPONDENTS,
    summary:
      'Save answers as they go (merged), and submit once: 422 names unanswered required questions, 409 after submission or outside the period',
  },
  'questionnaire.completion': {
    method: 'POST',
    path: '/api/v1/questionnaire/completion',
    policy: MONITORING_FOLLOWERS,
    summary:
      'Completion and score of a node (the caller’s level by default) and of each node below it',
  },
  'questionnaire.completionGroup': {
    method: 'POST',
    path: '/api/v1/questionnaire/completion/group',
    policy: MONITORING_FOLLOWERS,
    summary: "One organization's respondents with their status and score",
  },
  'dictionaries.regions': {
    method: 'GET',
    path: '/api/v1/dictionaries/regions',
    policy: READERS,
    summary: "Kazakhstan's regions and cities of republican significance",
  },
  'monitoring.departments': {
    method: 'POST',
    path: `${M}/departments`,
    policy: workers,
    summary: "A region's education departments with their completion in a period",
  },
  'monitoring.localities': {
    method: 'GET',
    path: `${M}/localities`,
    policy: workers,
    summary: "A department's localities with the number of organizations in each",
  },
  'monitoring.groupTypes': {
    method: 'GET',
    path: `${M}/group-types`,
    policy: MONITORING_FOLLOWERS,
    summary: 'Respondent types (teacher, director, garden) present in the given organizations',
  },
  'monitoring.groupsStatistic': {
    method: 'POST',
    path: `${M}/groups/statistic`,
    policy: MONITORING_FOLLOWERS,
    summary: 'Score per group of questions, for the node and each node below it',
  },
  'monitoring.groupStatistic': {
    method: 'POST',
    path: `${M}/group/statistic`,
    policy: MONITORING_FOLLOWERS,
    summary: 'One group of questions in a node: per question, the answers chosen',
  },
  'monitoring.overallStatistic': {
    method: 'POST',
    path: `${M}/groups/overall-statistic`,
    policy: MONITORING_FOLLOWERS,
    summary: 'A node overall: completion, score and responses by score band',
  },
  'monitoring.groupStatisticById': {
    method: 'GET',
    path: `${M}/group/statistic/:id`,
    policy: MONITORING_FOLLOWERS,
    summary: "One group of questions over the caller's whole scope (?periodId=)",
  },
  'monitoring.organizationGroup': {
    method: 'GET',
    path: `${M}/organization/:organizationId/groups/:groupId`,
    policy: MONITORING_FOLLOWERS,
    summary: 'One group of questions in one organization (?periodId=)',
  },
  // Exports (§7): files of the figures above, built by a job; answered at once (200, the file)
  // when done within about a second, else 202 with the job. The job re-checks the caller's node.
  'monitoring.export': {
    method: 'POST',
    path: `${M}/export`,
    policy: MONITORING_FOLLOWERS,
    summary:
      'A node as .xlsx: completion of each node below it with the total, and the score per group of questions (202 with a job when slow)',
  },
  'monitoring.exportSchool': {
    method: 'POST',
    path: `${M}/export-school`,
    policy: MONITORING_FOLLOWERS,
    summary:
      "One organization as .xlsx: its respondents' status and score, and the answers per group of questions (202 with a job when slow)",
  },
  'monitoring.exportSchoolPages': {
    method: 'POST',
    path: `${M}/export-school-pages`,
    policy: MONITORING_FOLLOWERS,
    summary:
      "A node's organizations as .xlsx, one sheet of respondents each (at most 300: 422 asks to narrow the choice)",
  },
  'monitoring.exportPdf': {
    method: 'POST',
    path: `${M}/export-pdf`,
    policy: MONITORING_FOLLOWERS,
    summary: 'A node as PDF: the same tables as the .xlsx export (202 with a job when slow)',
  },
  'monitoring.exportPdfSchool': {
    method: 'POST',
    path: `${M}/export-pdf-school`,
    policy: MONITORING_FOLLOWERS,
    summary: 'One organization as PDF: the same tables as export-school (202 with a job when slow)',
  },
  'monitoring.exportJob': {
    method: 'GET',
    path: `${M}/export/:jobId`,
    policy: MONITORING_FOLLOWERS,
    summary: "An export's progress, then its file's name and address (its starter only)",
  },
  'monitoring.exportFile': {
    method: 'GET',
    path: `${M}/export/:jobId/file`,
    policy: MONITORING_FOLLOWERS,
    summary: 'The finished file of an export (its starter only; 409 while it is being made)',
  },
} as const;
