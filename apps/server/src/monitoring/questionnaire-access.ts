import type { Role } from '@sabaq/platform';
import { MonitoringError } from './monitoring-texts';

/**
 * Who reads someone else's questionnaire, without a database: their organization's director and
 * deputy, and the education workers whose level holds the organization. Anyone else (a teacher
 * asking for a colleague) gets the same 404 as for a person who does not exist.
 */
export interface Reader {
  role: Role;
}

export interface ReaderPlace {
  school_id: number | null;
  region_id: number | null;
  department_id: number | null;
}

export interface RespondentPlace {
  school_id: number | null;
  region_id: number | null;
  department_id: number | null;
}

export function canReadRespondent(
  reader: Reader,
  place: ReaderPlace,
  respondent: RespondentPlace,
): boolean {
  if (respondent.school_id === null) return false;
  switch (reader.role) {
    case 'director':
    case 'zavuch':
      return place.school_id === respondent.school_id;
    case 'country_worker':
      return true;
    case 'region_worker':
      return place.region_id !== null && place.region_id === respondent.region_id;
    case 'department_worker':
      return place.department_id !== null && place.department_id === respondent.department_id;
    default:
      return false;
  }
}

export function assertRespondentReadable(
  reader: Reader,
  place: ReaderPlace,
  respondent: RespondentPlace | undefined,
): asserts respondent is RespondentPlace {
  if (!respondent || !canReadRespondent(reader, place, respondent))
    throw new MonitoringError(404, 'respondent_not_found');
}
