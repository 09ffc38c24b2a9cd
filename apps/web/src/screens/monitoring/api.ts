import { useCallback, useEffect, useState } from 'react';
import type {
  AnswersStore,
  CompletionGroupView,
  CompletionView,
  GroupStatisticView,
  GroupsStatisticView,
  QuestionnairePeriod,
  QuestionnaireView,
} from '@sabaq/platform';
import type { RouteId } from '@sabaq/platform';
import { api } from '../../app/services';
import { failure, path, useLoad, type Loaded } from '../shared/api';

/** `GET dictionaries/questionnaire/periods`. */
export function usePeriods() {
  return useLoad<QuestionnairePeriod[]>(path('questionnaire.periods'));
}

/**
 * Loads `{data}` from one of monitoring's POST reads (the spec gives them bodies); reloads when
 * the body changes, nothing while it is null.
 */
export function usePostLoad<T>(id: RouteId, body: object | null): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = body === null ? null : JSON.stringify(body);
  const reload = useCallback(async () => {
    if (key === null) return;
    const r = await api.post<{ data: T }>(path(id), JSON.parse(key), { handle: 'silent' });
    if (r.error) setError(failure(r));
    else {
      setError(null);
      setData(r.data.data);
    }
  }, [id, key]);
  useEffect(() => {
    setData(null);
    void reload();
  }, [reload]);
  return { data, error, reload, set: setData };
}

export const useQuestionnaire = (
  body: { periodId: number; questionnaireId?: number; userId?: number } | null,
) => usePostLoad<QuestionnaireView>('questionnaire.show', body);

export interface NodeBody {
  periodId: number;
  groupType?: string;
  regionId?: number;
  departmentId?: number;
  organizationIds?: number[];
}

export const useCompletion = (body: NodeBody | null) =>
  usePostLoad<CompletionView>('questionnaire.completion', body);
export const useGroupsStatistic = (body: NodeBody | null) =>
  usePostLoad<GroupsStatisticView>('monitoring.groupsStatistic', body);
export const useGroupStatistic = (body: (NodeBody & { groupId: number }) | null) =>
  usePostLoad<GroupStatisticView>('monitoring.groupStatistic', body);
export const useCompletionGroup = (
  body: { periodId: number; schoolId?: number; groupType?: string } | null,
) => usePostLoad<CompletionGroupView>('questionnaire.completionGroup', body);

export interface StoreResult {
  status: 'new' | 'draft' | 'submitted';
  answered: number;
  questions: number;
  savedAt: string;
  submittedAt: string | null;
  score: number | null;
}

/** `POST questionnaire/answers/store`: the result, or the server's message and field errors. */
export async function storeAnswers(
  body: AnswersStore,
): Promise<
  { ok: true; data: StoreResult } | { ok: false; message: string; errors: Record<string, string[]> }
> {
  const r = await api.post<{ data: StoreResult }>(path('questionnaire.answersStore'), body, {
    handle: 'silent',
  });
  if (!r.error) return { ok: true, data: r.data.data };
  return {
    ok: false,
    message: r.data?.message ?? failure(r),
    errors: (r.data?.errors as Record<string, string[]> | undefined) ?? {},
  };
}
