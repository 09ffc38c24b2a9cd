import type { SchoolSettings } from '@sabaq/platform';
import type { ApiResult } from '../../api/client';
import { api } from '../../app/services';
import { path } from '../shared/api';

/** Calls of the school settings screen, paths from the policy table. */
export function loadSettings(): Promise<ApiResult<{ data: SchoolSettings }>> {
  return api.get(path('schoolSettings.get'), { handle: 'silent' });
}

export function saveSettings(body: SchoolSettings): Promise<ApiResult<{ data: SchoolSettings }>> {
  return api.put(path('schoolSettings.save'), body, { handle: 'form' });
}
