import type { Domain } from '../domain';
import { coreOf } from '../domain';
import { BACKOFFICE_ARCHIVE_SQL, TIMETABLE_ROOMS_SQL } from './backoffice-schema';
import { seedArchivedClass } from './group-seed';
import { runStaffImport } from './personnel-commands';
import { registerPersonnelRoutes } from './personnel-routes';
import { registerBackofficeGroupRoutes } from './register-groups';
import { runRosterImport, runRosterPasswords } from './roster-commands';
import { registerRosterRoutes } from './roster-routes';
import { PERSONNEL_SETTINGS_SQL, SCHOOL_WORKDAYS_SQL } from './school-settings-schema';
import { registerSchoolSettingsRoutes } from './school-settings-routes';
import { registerTimetableRoutes } from './timetable-routes';
import { runYearTransition } from './year-commands';

/**
 * The school's backoffice (issue 13): classes and pupils, the archive, subgroups, staff,
 * the pupils' roster, school settings, timetables and the school-year transition. Ids 1900–2049.
 */
export const backofficeDomain: Domain = {
  name: 'backoffice',
  migrations: [
    { id: 1900, name: 'backoffice-archive', sql: BACKOFFICE_ARCHIVE_SQL },
    { id: 1950, name: 'backoffice-personnel-settings', sql: PERSONNEL_SETTINGS_SQL },
    { id: 2000, name: 'backoffice-timetable-rooms', sql: TIMETABLE_ROOMS_SQL },
    { id: 2885, name: 'backoffice-school-workdays', sql: SCHOOL_WORKDAYS_SQL },
  ],
  seed: [
    // Last year's leavers: an archived 11А for the archive screens (group-seed.ts).
    {
      name: 'backoffice.archived-class',
      run: (tx, demo) => seedArchivedClass(tx, coreOf(demo).schoolIds.school as number, demo.now),
    },
  ],
  routes(app, ctx) {
    registerBackofficeGroupRoutes(app, ctx);
    registerPersonnelRoutes(app, ctx);
    registerRosterRoutes(app, ctx);
    registerSchoolSettingsRoutes(app, ctx);
    registerTimetableRoutes(app, ctx);
  },
  jobs: () => ({
    'year.transition': (job) => runYearTransition(job, () => new Date()),
    'roster.import': runRosterImport,
    'roster.passwords': runRosterPasswords,
    'personnel.import': runStaffImport,
  }),
};
