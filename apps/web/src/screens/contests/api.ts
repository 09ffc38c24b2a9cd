import type { ContestDetail, ContestJury, ContestList, ContestScoreInput } from '@sabaq/platform';
import type { ApiResult } from '../../api/client';
import { api } from '../../app/services';
import { failure, path, useLoad } from '../shared/api';

/** Calls of contests (issue 17); paths from the policy table. */

export const useContests = (query: Record<string, string | number | undefined>) =>
  useLoad<ContestList>(path('contests.list'), query);

export const useContest = (contestId: number) =>
  useLoad<ContestDetail>(path('contests.show', { contestId }));

export const useJury = (contestId: number, on: boolean) =>
  useLoad<ContestJury>(on ? path('contests.jury', { contestId }) : null);

type Result<T> =
  { ok: true; data: T } | { ok: false; message: string; errors: Record<string, string[]> };

function outcome<T>(r: ApiResult<T>): Result<T> {
  if (!r.error) return { ok: true, data: r.data };
  return {
    ok: false,
    message: failure(r),
    errors: (r.data?.errors as Record<string, string[]> | undefined) ?? {},
  };
}

export async function enterContest(contestId: number, draftId: string) {
  return outcome(
    await api.post<{ message: string }>(
      path('contests.enter', { contestId }),
      { draftId },
      {
        handle: 'silent',
      },
    ),
  );
}

export async function withdrawEntry(contestId: number, entryId: number) {
  return outcome(
    await api.request<{ message: string }>(
      'DELETE',
      path('contests.withdraw', { contestId, entryId }),
      { handle: 'silent' },
    ),
  );
}

export async function scoreEntry(contestId: number, entryId: number, body: ContestScoreInput) {
  return outcome(
    await api.put<{ data: ContestJury }>(path('contests.score', { contestId, entryId }), body, {
      handle: 'silent',
    }),
  );
}

export async function publishContest(contestId: number) {
  return outcome(
    await api.post<{ data: ContestJury }>(path('contests.publish', { contestId }), undefined, {
      handle: 'silent',
    }),
  );
}
