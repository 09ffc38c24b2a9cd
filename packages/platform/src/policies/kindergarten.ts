import { ROLE_GROUPS } from '../roles/roles';
import type { Role } from '../roles/roles';

/**
 * The kindergarten's document sections (issue 15): nomenclature, methodical, steam and
 * regime-process. Readers are the kindergarten roles of the route table (a school's or
 * kindergarten's staff and the methodist) behind the kindergarden subscription (spec §6); the
 * methodist writes the documents. The library is the platform's (like the media catalogue): no
 * row belongs to one kindergarten.
 */
export const KINDERGARTEN_READERS = [
  ...ROLE_GROUPS.employees,
  'methodist',
] as const satisfies readonly Role[];
/**
 * The document sections are a library, not a group's work: besides the kindergarten roles they
 * serve an individual educator who holds the kindergarden subscription (issue 30, spec §6: the
 * subscription opens the sections for whoever holds it). Cyclograms, plans and the development
 * map need a group of children and stay with a kindergarten's staff.
 */
export const KINDERGARTEN_LIBRARY_READERS = [
  ...KINDERGARTEN_READERS,
  'individual',
] as const satisfies readonly Role[];
export const KINDERGARTEN_AUTHORS = ['methodist'] as const satisfies readonly Role[];

export function canAuthorKindergartenDocuments(role: Role): boolean {
  return (KINDERGARTEN_AUTHORS as readonly Role[]).includes(role);
}

/**
 * Spec §6 "kindergarten menu items only with a kindergarden subscription": a live subscription of
 * type `kindergarden` opens the sections; the authors always pass (they must see what they write,
 * and the platform's methodist belongs to no kindergarten). Unlike the media gate, belonging to a
 * school never opens them: the kindergarden subscription is what the route table asks for.
 */
export function opensKindergarten(who: { role: Role; liveKindergarden: boolean }): boolean {
  return who.liveKindergarden || canAuthorKindergartenDocuments(who.role);
}

/** Staff who edit their own kindergarten's katalog (only when their place is a kindergarten). */
export const KATALOG_EDITORS = [
  ...ROLE_GROUPS.employees,
  'methodist',
] as const satisfies readonly Role[];

/** Who writes a cyclogram: a group's teachers (checked against group_personnel too). */
export const CYCLOGRAM_WRITERS = ['teacher', 'group-lead'] as const satisfies readonly Role[];

const P = '/api/v2/os/kindergarten/documents';

export const KINDERGARTEN_ROUTES = {
  'kindergarten.documents': {
    method: 'GET',
    path: `${P}/:section`,
    policy: KINDERGARTEN_LIBRARY_READERS,
    summary:
      'Documents of a kindergarten section (nomenclature, methodical, steam, regime-process) by age group, area and words; 423 without the kindergarden subscription',
  },
  'kindergarten.document': {
    method: 'GET',
    path: `${P}/:section/:documentId`,
    policy: KINDERGARTEN_LIBRARY_READERS,
    summary: 'One document of a kindergarten section with its rich-text content',
  },
  'kindergarten.documentCreate': {
    method: 'POST',
    path: `${P}/:section`,
    policy: KINDERGARTEN_AUTHORS,
    summary: 'Write a document of a kindergarten section (kz/ru, draft or published)',
  },
  'kindergarten.documentUpdate': {
    method: 'PUT',
    path: `${P}/:section/:documentId`,
    policy: KINDERGARTEN_AUTHORS,
    summary: 'Change a document of a kindergarten section',
  },
  'kindergarten.documentRemove': {
    method: 'DELETE',
    path: `${P}/:section/:documentId`,
    policy: KINDERGARTEN_AUTHORS,
    summary: 'Delete a document of a kindergarten section',
  },
  'kindergarten.documentFile': {
    method: 'GET',
    path: `${P}/:section/:documentId/files/:fileId`,
    policy: KINDERGARTEN_LIBRARY_READERS,
    summary:
      "A document's attached file, with the document's rights (the gate, published or the methodist)",
  },
  // The katalog (spec §2 `katalog`, `auth` without roles in the route table): everyone signed in
  // reads it — a user who is not a kindergarten's staff gets an empty answer with
  // `kindergarten: null`; the kindergarten's own staff (teachers, group leads, director, deputy)
  // and the methodist of that kindergarten edit it. Rows are the kindergarten's (school_id).
  'kindergarten.katalog': {
    method: 'GET',
    path: '/api/v2/os/kindergarten/katalog',
    policy: 'authenticated',
    summary:
      "The caller's kindergarten materials (toys, games, books, equipment) by kind, age, area and words",
  },
  'kindergarten.materialCreate': {
    method: 'POST',
    path: '/api/v2/os/kindergarten/katalog',
    policy: KATALOG_EDITORS,
    summary: "Add a material to the caller's kindergarten katalog",
  },
  'kindergarten.materialUpdate': {
    method: 'PUT',
    path: '/api/v2/os/kindergarten/katalog/:materialId',
    policy: KATALOG_EDITORS,
    summary: "Change a material of the caller's kindergarten",
  },
  'kindergarten.materialRemove': {
    method: 'DELETE',
    path: '/api/v2/os/kindergarten/katalog/:materialId',
    policy: KATALOG_EDITORS,
    summary: "Remove a material of the caller's kindergarten",
  },
  // The weekly cyclogram of a kindergarten group: the group's teachers (group_personnel) write
  // it, the kindergarten's director, deputy and methodist read it; behind the kindergarden gate.
  'kindergarten.cyclogram': {
    method: 'GET',
    path: '/api/v2/os/kindergarten/cyclogram',
    policy: KINDERGARTEN_READERS,
    summary:
      "A group's cyclogram week (?groupId=&week=YYYY-MM-DD, a Monday) and the caller's groups",
  },
  'kindergarten.cyclogramSave': {
    method: 'PUT',
    path: '/api/v2/os/kindergarten/cyclogram/:groupId/:week',
    policy: CYCLOGRAM_WRITERS,
    summary: "Save a group's cyclogram week (the group's teachers)",
  },
  'kindergarten.cyclogramCopy': {
    method: 'POST',
    path: '/api/v2/os/kindergarten/cyclogram/:groupId/:week/copy',
    policy: CYCLOGRAM_WRITERS,
    summary: 'Copy the previous week of the group into this week',
  },
  'kindergarten.cyclogramPdf': {
    method: 'GET',
    path: '/api/v2/os/kindergarten/cyclogram/:groupId/:week/pdf',
    policy: KINDERGARTEN_READERS,
    summary: "A group's cyclogram week as PDF (kz/ru, ?lang=)",
  },
  // The perspective plan of a kindergarten group (a school year: months × educational areas):
  // written by the group's teachers (CYCLOGRAM_WRITERS, group_personnel), read by the
  // kindergarten's director, deputy and methodist; behind the kindergarden gate.
  'kindergarten.perspectivePlan': {
    method: 'GET',
    path: '/api/v2/os/kindergarten/perspective-plan',
    policy: KINDERGARTEN_READERS,
    summary:
      "A group's perspective plan for a school year (?groupId=&year=) with the cyclogram activities linked to each goal",
  },
  'kindergarten.perspectivePlanSave': {
    method: 'PUT',
    path: '/api/v2/os/kindergarten/perspective-plan/:groupId/:year/:month',
    policy: CYCLOGRAM_WRITERS,
    summary: "Save a month of a group's perspective plan: topic and goals per area (kz/ru)",
  },
  'kindergarten.perspectivePlanCopy': {
    method: 'POST',
    path: '/api/v2/os/kindergarten/perspective-plan/:groupId/:year/:month/copy',
    policy: CYCLOGRAM_WRITERS,
    summary: 'Copy another month (of this or another school year) into this month',
  },
  'kindergarten.perspectivePlanPdf': {
    method: 'GET',
    path: '/api/v2/os/kindergarten/perspective-plan/:groupId/:year/pdf',
    policy: KINDERGARTEN_READERS,
    summary: "A group's perspective plan for the year or a month (?month=) as PDF (kz/ru, ?lang=)",
  },
} as const;
