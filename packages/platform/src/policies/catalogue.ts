import type { Role } from '../roles/roles';
import { ROLE_GROUPS } from '../roles/roles';

/**
 * Content catalogues (issue 17). Spec §6 gives guests and individual lecturers the catalogues and
 * lectures: everyone signed in reads them (students too: the lesson catalogue and lectures);
 * copying into one's own drafts is for those who build content.
 */
export const CATALOGUE_READERS = [
  ...ROLE_GROUPS.employees,
  'methodist',
  'individual',
  'guest',
  'student',
] as const satisfies readonly Role[];
export const CATALOGUE_COPIERS = [
  ...ROLE_GROUPS.employees,
  'methodist',
  'individual',
] as const satisfies readonly Role[];

/** Who puts catalogue content on a lesson: those with lessons, a school's staff. */
export const CATALOGUE_ATTACHERS = ROLE_GROUPS.employees satisfies readonly Role[];

const P = '/api/v2/os/catalogue';

export const CATALOGUE_ROUTES = {
  'catalogue.list': {
    method: 'GET',
    path: P,
    policy: CATALOGUE_READERS,
    summary:
      'Published lessons, lectures, SOR and SOCh: filters (kind, type, subject, parallel, lang, school), Kazakh/Russian word search, paging',
  },
  'catalogue.show': {
    method: 'GET',
    path: `${P}/:draftId`,
    policy: CATALOGUE_READERS,
    summary: 'One catalogue item with its published snapshot, to preview as a student would',
  },
  'catalogue.copy': {
    method: 'POST',
    path: `${P}/:draftId/copy`,
    policy: CATALOGUE_COPIERS,
    summary: "Copy a catalogue item into the caller's drafts (the copy names its origin)",
  },
  'catalogue.attach': {
    method: 'POST',
    path: `${P}/:draftId/attach`,
    policy: CATALOGUE_ATTACHERS,
    summary:
      "Put a catalogue item on one of the caller's lessons: a copy in their drafts, published at the item's version, attached",
  },
  'catalogue.origin': {
    method: 'GET',
    path: '/api/v2/os/catalogue-origin/:draftId',
    policy: CATALOGUE_COPIERS,
    summary: 'Which catalogue item a draft of the caller was copied from',
  },
} as const;
