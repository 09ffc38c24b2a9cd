import type {
  Job,
  StaffHireRequest,
  StaffImportResult,
  StaffList,
  StaffSaved,
  StaffUpdateRequest,
} from '@sabaq/platform';
import type { ApiResult } from '../../api/client';
import { api } from '../../app/services';
import { download, path } from '../shared/api';
import { followJob } from './jobs-api';

/** Calls of the personnel screen, paths from the policy table. */
export function loadStaff(all: boolean): Promise<ApiResult<{ data: StaffList }>> {
  return api.get(path('personnel.list'), {
    query: { status: all ? 'all' : 'active' },
    handle: 'silent',
  });
}

export function hireStaff(body: StaffHireRequest): Promise<ApiResult<{ data: StaffSaved }>> {
  return api.post(path('personnel.hire'), body, { handle: 'form' });
}

export function updateStaff(
  userId: number,
  body: StaffUpdateRequest,
): Promise<ApiResult<{ data: StaffSaved }>> {
  return api.put(path('personnel.update', { userId }), body, { handle: 'form' });
}

export function dismissStaff(userId: number): Promise<ApiResult<{ message: string }>> {
  return api.post(path('personnel.dismiss', { userId }), {}, { handle: 'silent' });
}

export function resetStaffPassword(
  userId: number,
): Promise<ApiResult<{ data: { password: string } }>> {
  return api.post(path('personnel.passwordReset', { userId }), {}, { handle: 'silent' });
}

export function exportStaff(fileName: string): Promise<void> {
  return download(path('personnel.export'), fileName);
}

/** The file as base64 (the import body). */
export async function fileBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** Uploads the staff list; the import runs as a job, followed to its result (jobs-api.ts). */
export async function importStaff(
  file: Blob,
  onProgress?: (progress: { done: number; total: number }) => void,
): Promise<ApiResult<{ data: StaffImportResult }>> {
  const started = await api.post<{ data: Job }>(
    path('personnel.import'),
    { xlsx: await fileBase64(file) },
    { handle: 'silent' },
  );
  return followJob<StaffImportResult>(started, (job) =>
    onProgress?.({ done: job.done, total: job.total }),
  );
}
