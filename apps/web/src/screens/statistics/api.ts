import type {
  CountryStatistics,
  GroupStatistics,
  SchoolStatistics,
  StatisticsSpan,
} from '@sabaq/platform';
import { path, useLoad } from '../shared/api';

/** The query of a school or class page: only what was chosen (the server's defaults otherwise). */
function periodQuery(periodId: number | null, span: StatisticsSpan) {
  const query = {
    ...(periodId === null ? {} : { periodId }),
    ...(span === 'year' ? { span } : {}),
  };
  return Object.keys(query).length > 0 ? query : undefined;
}

/** `GET statistics/school?periodId&span`: the caller's school (a group lead: the classes they lead). */
export function useSchoolStatistics(periodId: number | null, span: StatisticsSpan = 'quarter') {
  return useLoad<SchoolStatistics>(path('statistics.school'), periodQuery(periodId, span));
}

/** `GET statistics/group/{groupId}?periodId&span`. */
export function useGroupStatistics(
  groupId: number,
  periodId: number | null,
  span: StatisticsSpan = 'quarter',
) {
  return useLoad<GroupStatistics>(
    path('statistics.group', { groupId }),
    periodQuery(periodId, span),
  );
}

/** `GET statistics/country?regionId&departmentId&schoolId&groupId&quarter`: a node of the tree. */
export function useCountryStatistics(
  ids: { regionId?: string; departmentId?: string; schoolId?: string; groupId?: string },
  quarter: number | null,
  span: StatisticsSpan = 'quarter',
) {
  return useLoad<CountryStatistics>(path('statistics.country'), {
    ...ids,
    ...(quarter === null ? {} : { quarter }),
    ...(span === 'year' ? { span } : {}),
  });
}
