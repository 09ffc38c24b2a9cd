import type {
  ArchiveJournal,
  Job,
  YearNewClass,
  YearPreview,
  YearTransitionResult,
} from '@sabaq/platform';
import type { ApiResult } from '../../api/client';
import { api } from '../../app/services';
import { path } from '../shared/api';
import { followJob } from './jobs-api';

/** Calls of the year transition and the archived journal, paths from the policy table. */
export function previewYear(
  newClasses?: YearNewClass[],
): Promise<ApiResult<{ data: YearPreview }>> {
  return api.post(path('year.preview'), newClasses ? { newClasses } : {}, { handle: 'silent' });
}

/** Starts the transition and follows its job to the end. */
export async function runYear(
  body: { fromYear: string; newClasses: YearNewClass[] },
  onProgress?: (job: Job) => void,
): Promise<ApiResult<{ data: YearTransitionResult }>> {
  const started = await api.post<{ data: Job }>(path('year.start'), body, { handle: 'silent' });
  return followJob<YearTransitionResult>(started, onProgress);
}

export function loadArchiveJournal(
  groupId: number,
  subjectId: number,
  periodId?: number,
  subgroupId?: number,
): Promise<ApiResult<{ data: ArchiveJournal }>> {
  const url = path('backoffice.archiveJournal', { groupId, subjectId });
  const query = new URLSearchParams();
  if (periodId) query.set('periodId', String(periodId));
  if (subgroupId) query.set('subgroupId', String(subgroupId));
  const search = query.toString();
  return api.get(search ? `${url}?${search}` : url, { handle: 'silent' });
}
