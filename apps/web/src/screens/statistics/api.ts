import type { CountryStatistics, GroupStatistics, SchoolStatistics } from '@sabaq/platform';
import { path, useLoad } from '../shared/api';

/** `GET statistics/school?periodId`: the caller's school (a group lead: the classes they lead). */
export function useSchoolStatistics(periodId: number | null) {
  return useLoad<SchoolStatistics>(
    path('statistics.school'),
    periodId === null ? undefined : { periodId },
  );
}

/** `GET statistics/group/{groupId}?periodId`. */
export function useGroupStatistics(groupId: number, periodId: number | null) {
  return useLoad<GroupStatistics>(
    path('statistics.group', { groupId }),
    periodId === null ? undefined : { periodId },
  );
}

/** `GET statistics/country?regionId&departmentId&schoolId&groupId&quarter`: a node of the tree. */
export function useCountryStatistics(
  ids: { regionId?: string; departmentId?: string; schoolId?: string; groupId?: string },
  quarter: number | null,
) {
  return useLoad<CountryStatistics>(path('statistics.country'), {
    ...ids,
    ...(quarter === null ? {} : { quarter }),
  });
}
