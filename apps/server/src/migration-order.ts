/**
 * The order migrations are applied in: the one place it is defined. Each domain hands over its
 * migrations (`<domain>/domain.ts`); this list places them by id. Existing databases record the
 * ids they applied (schema_migrations), so a shipped entry is never moved or removed: a new
 * migration is appended at the END, with an id from its domain's range. The start stops with a
 * clear message when a domain hands over a migration this list does not place, or the list
 * names one no domain has (domain.ts `inOrder`); `migration-order.test.ts` proves the shipped
 * order and SQL unchanged.
 */
export const MIGRATION_ORDER: readonly number[] = [
  1, // core
  2, // core: draft-initial-state
  701, // collab
  702, // collab: installation
  801, // teaching core (issue 8)
  3, // mail: outbox delivery
  802, // teaching: subgroup members
  803, // teaching: calendar plans
  601, // core: builder dictionaries (issue 6)
  602, // core: builder files
  900, // teaching: periods per school (issue 12)
  901, // teaching: lesson exam window
  902, // teaching: lesson keys follow content
  1800, // core: users' Russian job titles (issue 18)
  1900, // backoffice: archive (issue 13)
  1950, // backoffice: personnel settings
  2000, // backoffice: timetable rooms
  2100, // files (issue 14)
  2050, // jobs: year transition
  2150, // commerce (issue 19)
  2200, // teaching: exam sittings (issue 20)
  2250, // teaching: lesson chat
  2300, // teaching: exam results
  2350, // teaching: homework marks in the journal
  2450, // site content (issue 19)
  2400, // media (issue 14)
  2500, // commerce: refunds
  2501, // commerce: avatars
  2650, // statistics (issue 16)
  2651, // statistics: school totals
  2652, // statistics: usage
  2550, // kindergarten documents (issue 15)
  2551, // kindergarten: katalog
  2552, // kindergarten: cyclogram
  2553, // kindergarten: document files
  2560, // development cards (issue 15)
  2710, // monitoring (issue 16)
  2740, // contests (issue 17)
  2600, // catalogue (issue 17)
  2700, // development notes
  2730, // methodical cabinet (issue 17)
  2720, // kindergarten: perspective plan
  2750, // courses (issue 17)
  2770, // courses: authoring
  2760, // catalogue: search speed
  2820, // core: audit of behalf writes (issue 28)
  2821, // catalogue: exams shared by their authors' choice
  2822, // courses: module work for certificates
  2840, // collab: the seal secret (issue 32)
  2800, // teaching: indexes of the quarter-end peak (issue 27)
  2860, // site: the banners' pictures are the shipped .svg (issue 30)
  2801, // statistics: the roll-up's cache without per-row key checks (issue 27)
  2885, // backoffice: public holidays a school works on (issue 30)
  3100, // offline: client operations applied once (issue 31)
  3110, // statistics: the roll-up regrades only the rows whose inputs changed (issue 27)
  3130, // teaching: the teacher's grace after an exam's deadline (issue 31)
  // --- append new migrations here, in the order they must run ---
];
