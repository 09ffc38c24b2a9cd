import { ROLE_GROUPS } from '../roles/roles';
import type { Role } from '../roles/roles';

/**
 * Contests (issue 17). Anyone reads contests and their entries (spec: contest/list is public);
 * teachers enter their own published content; the jury is the platform's methodists.
 */
export const CONTEST_ENTRANTS = [...ROLE_GROUPS.employees] as const satisfies readonly Role[];
export const CONTEST_JURY = ['methodist'] as const satisfies readonly Role[];
/** Who browses the catalogue of contest lessons (spec §2 content/lessons/contest/catalog). */
export const CONTEST_CATALOGUE_READERS = [
  ...ROLE_GROUPS.employees,
  'methodist',
  'individual',
  'guest',
  'student',
] as const satisfies readonly Role[];
const P = '/api/v2/os/contests';

export const CONTEST_ROUTES = {
  'contests.list': {
    method: 'GET',
    path: P,
    policy: 'public',
    summary:
      'Contests with the §3 filters (subject, parallel, school, lessonType, language, type, page), newest first',
  },
  'contests.entries': {
    method: 'GET',
    path: '/api/v2/os/contest-entries',
    policy: CONTEST_CATALOGUE_READERS,
    summary:
      'The catalogue of contest lessons: entries of every contest (?contestId=&page=), places of finished ones first',
  },
  'contests.show': {
    method: 'GET',
    path: `${P}/:contestId`,
    policy: 'public',
    summary:
      'A contest: rules, dates, criteria, entries (scores and places once published); for a teacher their content it takes',
  },
  'contests.enter': {
    method: 'POST',
    path: `${P}/:contestId/entries`,
    policy: CONTEST_ENTRANTS,
    summary: "Enter one of the caller's published lessons while the contest is open",
  },
  'contests.withdraw': {
    method: 'DELETE',
    path: `${P}/:contestId/entries/:entryId`,
    policy: CONTEST_ENTRANTS,
    summary: "Withdraw the caller's own entry while the contest is open",
  },
  'contests.jury': {
    method: 'GET',
    path: `${P}/:contestId/jury`,
    policy: CONTEST_JURY,
    summary: "The jury's view: every entry with the caller's score and the jurors' mean",
  },
  'contests.score': {
    method: 'PUT',
    path: `${P}/:contestId/entries/:entryId/score`,
    policy: CONTEST_JURY,
    summary:
      "Score an entry by the contest's criteria once entries are closed (replaces one's own score)",
  },
  'contests.publish': {
    method: 'POST',
    path: `${P}/:contestId/results`,
    policy: CONTEST_JURY,
    summary: 'Publish the results once entries are closed and every entry is scored',
  },
} as const;
