import type {
  CyclogramCell,
  CyclogramWeek,
  DocumentDetail,
  DocumentInput,
  DocumentList,
  DocumentSection,
  EducationalArea,
  Katalog,
  KatalogQuery,
  MaterialInput,
  PerspectivePlan,
  PlanItemInput,
  PreschoolAgeGroup,
} from '@sabaq/platform';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ApiResult } from '../../api/client';
import { api } from '../../app/services';
import { failure, path, urlLang, useLoad } from '../shared/api';

/** Calls of the kindergarten document sections; paths from the policy table. */
export function useDocuments(
  section: DocumentSection,
  query: { age?: PreschoolAgeGroup; area?: EducationalArea; q?: string; page: number },
) {
  return useLoad<DocumentList>(path('kindergarten.documents', { section }), {
    age: query.age,
    area: query.area,
    q: query.q || undefined,
    page: query.page,
  });
}

/**
 * One document. Without the kindergarden subscription the server answers 423 and the page goes
 * to /{lang}/tariffs (the route guard already sends most people there before this call).
 */
export function useDocument(
  section: DocumentSection,
  id: string | undefined,
): { data: DocumentDetail | null; error: string | null; reload: () => void } {
  const navigate = useNavigate();
  const [data, setData] = useState<DocumentDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setError(null);
    void api
      .get<{
        data: DocumentDetail;
      }>(path('kindergarten.document', { section, documentId: id ?? '0' }), { handle: 'silent' })
      .then((r) => {
        if (!live) return;
        if (!r.error) setData(r.data.data);
        else if (r.status === 423) navigate(`/${urlLang()}/tariffs`, { replace: true });
        else setError(failure(r));
      });
    return () => {
      live = false;
    };
  }, [section, id, navigate, tick]);
  return { data, error, reload: () => setTick((n) => n + 1) };
}

export function saveDocument(
  section: DocumentSection,
  input: DocumentInput,
  id: number | null,
): Promise<ApiResult<{ data: { id: number } }>> {
  return id === null
    ? api.post(path('kindergarten.documentCreate', { section }), input, { handle: 'silent' })
    : api.put(path('kindergarten.documentUpdate', { section, documentId: id }), input, {
        handle: 'silent',
      });
}

export function removeDocument(
  section: DocumentSection,
  id: number,
): Promise<ApiResult<{ data: { id: number } }>> {
  return api.request('DELETE', path('kindergarten.documentRemove', { section, documentId: id }), {
    handle: 'silent',
  });
}

/** Field errors of a 422 (`errors: {field: [text]}`), first text per field. */
export function fieldErrors(result: ApiResult<unknown>): Record<string, string> {
  if (!result.error || !result.data) return {};
  const errors = (result.data as { errors?: Record<string, string[]> }).errors ?? {};
  return Object.fromEntries(
    Object.entries(errors).map(([field, texts]) => [field, texts[0] ?? '']),
  );
}

export function useKatalog(query: KatalogQuery) {
  return useLoad<Katalog>(path('kindergarten.katalog'), {
    kind: query.kind,
    age: query.age,
    area: query.area,
    q: query.q || undefined,
  });
}

export function saveMaterial(
  input: MaterialInput,
  id: number | null,
): Promise<ApiResult<{ data: { id: number } }>> {
  return id === null
    ? api.post(path('kindergarten.materialCreate'), input, { handle: 'silent' })
    : api.put(path('kindergarten.materialUpdate', { materialId: id }), input, {
        handle: 'silent',
      });
}

export function removeMaterial(id: number): Promise<ApiResult<{ data: { id: number } }>> {
  return api.request('DELETE', path('kindergarten.materialRemove', { materialId: id }), {
    handle: 'silent',
  });
}

export function useCyclogram(groupId: number | null, week: string | null) {
  return useLoad<CyclogramWeek>(path('kindergarten.cyclogram'), {
    groupId: groupId ?? undefined,
    week: week ?? undefined,
  });
}

export function saveCyclogram(
  groupId: number,
  week: string,
  cells: CyclogramCell[],
): Promise<ApiResult<{ data: CyclogramWeek }>> {
  return api.put(
    path('kindergarten.cyclogramSave', { groupId, week }),
    { cells },
    {
      handle: 'silent',
    },
  );
}

export function copyCyclogram(
  groupId: number,
  week: string,
): Promise<ApiResult<{ data: CyclogramWeek }>> {
  return api.post(path('kindergarten.cyclogramCopy', { groupId, week }), undefined, {
    handle: 'silent',
  });
}

export function cyclogramPdfPath(groupId: number, week: string): string {
  return path('kindergarten.cyclogramPdf', { groupId, week });
}

export function usePerspectivePlan(groupId: number | null, year: number | null) {
  return useLoad<PerspectivePlan>(path('kindergarten.perspectivePlan'), {
    groupId: groupId ?? undefined,
    year: year ?? undefined,
  });
}

export function savePlanMonth(
  groupId: number,
  year: number,
  month: number,
  items: PlanItemInput[],
): Promise<ApiResult<{ data: PerspectivePlan }>> {
  return api.put(
    path('kindergarten.perspectivePlanSave', { groupId, year, month }),
    { items },
    { handle: 'silent' },
  );
}

export function copyPlanMonth(
  groupId: number,
  year: number,
  month: number,
  from: { fromYear: number; fromMonth: number },
): Promise<ApiResult<{ data: PerspectivePlan }>> {
  return api.post(path('kindergarten.perspectivePlanCopy', { groupId, year, month }), from, {
    handle: 'silent',
  });
}

export function planPdfPath(groupId: number, year: number): string {
  return path('kindergarten.perspectivePlanPdf', { groupId, year });
}
