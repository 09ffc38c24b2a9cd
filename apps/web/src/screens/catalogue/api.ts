import type { CatalogueCopy, CatalogueItem, CatalogueKind, CatalogueList } from '@sabaq/platform';
import type { Draft } from '@sabaq/engine';
import type { ApiResult } from '../../api/client';
import { api } from '../../app/services';
import { path, useLoad } from '../shared/api';

export interface CatalogueFilters {
  kind?: CatalogueKind;
  q?: string;
  subject?: string;
  parallel?: number;
  lang?: 'kz' | 'ru';
  school?: 'all' | 'mine';
  page: number;
}

/** catalogue.list with the screen's filters. */
export function useCatalogueList(f: CatalogueFilters) {
  return useLoad<CatalogueList>(path('catalogue.list'), {
    kind: f.kind,
    q: f.q || undefined,
    subject: f.subject,
    parallel: f.parallel,
    lang: f.lang,
    school: f.school,
    page: f.page,
    perPage: 10,
  });
}

/** One item with its published snapshot. */
export function useCatalogueItem(id: string) {
  return useLoad<{ item: CatalogueItem; draft: Draft }>(
    path('catalogue.show', { draftId: encodeURIComponent(id) }),
  );
}

export function copyToDrafts(id: string): Promise<ApiResult<{ data: CatalogueCopy }>> {
  return api.post<{ data: CatalogueCopy }>(
    path('catalogue.copy', { draftId: encodeURIComponent(id) }),
    {},
    { handle: 'silent' },
  );
}
