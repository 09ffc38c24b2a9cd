import type {
  MethodicalDetail,
  MethodicalInput,
  MethodicalKind,
  MethodicalList,
} from '@sabaq/platform';
import type { ApiResult } from '../../api/client';
import { api } from '../../app/services';
import { download, path, useLoad } from '../shared/api';

/** Calls of the methodical cabinet; paths from the policy table. */
export function useMaterials(query: {
  subject?: number;
  kind?: MethodicalKind;
  parallel?: number;
  q?: string;
  page: number;
}) {
  return useLoad<MethodicalList>(path('methodical.materials'), {
    subject: query.subject,
    kind: query.kind,
    parallel: query.parallel,
    q: query.q || undefined,
    page: query.page,
  });
}

export function useMaterial(id: number) {
  return useLoad<MethodicalDetail>(path('methodical.material', { materialId: id }));
}

export function saveMaterial(
  input: MethodicalInput,
  id: number | null,
): Promise<ApiResult<{ data: { id: number } }>> {
  return id === null
    ? api.post(path('methodical.materialCreate'), input, { handle: 'silent' })
    : api.put(path('methodical.materialUpdate', { materialId: id }), input, { handle: 'silent' });
}

export function removeMaterial(id: number): Promise<ApiResult<{ data: { id: number } }>> {
  return api.request('DELETE', path('methodical.materialRemove', { materialId: id }), {
    handle: 'silent',
  });
}

/** A material's file, downloaded with the session (the server checks the material's rights). */
export function downloadFile(materialId: number, file: { id: string; name: string }) {
  return download(path('methodical.file', { materialId, fileId: file.id }), file.name);
}
