import { ROLE_GROUPS } from '../roles/roles';
import type { Role } from '../roles/roles';

/**
 * The methodical cabinet (issue 17, spec §2 `methodical_cabinet`): a school's staff and the
 * methodist read, the methodist writes. Every route answers 404 while the feature flag
 * `methodical-cabinet` is off. The library is the platform's: no row belongs to one school.
 */
export const METHODICAL_READERS = [
  ...ROLE_GROUPS.employees,
  'methodist',
] as const satisfies readonly Role[];
export const METHODICAL_AUTHORS = ['methodist'] as const satisfies readonly Role[];

export function canAuthorMethodical(role: Role): boolean {
  return (METHODICAL_AUTHORS as readonly Role[]).includes(role);
}

const P = '/api/v2/os/methodical/materials';

export const METHODICAL_ROUTES = {
  'methodical.materials': {
    method: 'GET',
    path: P,
    policy: METHODICAL_READERS,
    summary:
      'Methodical materials by subject, kind, parallel and words (kz/ru, stemmed), 12 a page; drafts for the methodist',
  },
  'methodical.material': {
    method: 'GET',
    path: `${P}/:materialId`,
    policy: METHODICAL_READERS,
    summary: 'One methodical material with its rich-text content and files',
  },
  'methodical.file': {
    method: 'GET',
    path: `${P}/:materialId/files/:fileId`,
    policy: METHODICAL_READERS,
    summary: "A file of a methodical material (Range, ETag), with the material's visibility",
  },
  'methodical.materialCreate': {
    method: 'POST',
    path: P,
    policy: METHODICAL_AUTHORS,
    summary: 'Write a methodical material (kz/ru, draft or published, files of use methodical)',
  },
  'methodical.materialUpdate': {
    method: 'PUT',
    path: `${P}/:materialId`,
    policy: METHODICAL_AUTHORS,
    summary: 'Change or publish a methodical material',
  },
  'methodical.materialRemove': {
    method: 'DELETE',
    path: `${P}/:materialId`,
    policy: METHODICAL_AUTHORS,
    summary: 'Remove a methodical material',
  },
} as const;
