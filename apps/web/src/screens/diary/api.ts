import type { Diary } from '@sabaq/platform';
import { path, useLoad } from '../shared/api';

/** `GET diary?periodId` (the signed-in pupil's own); no period: the current quarter. */
export function useDiary(periodId: number | null) {
  return useLoad<Diary>(path('diary.show'), periodId === null ? undefined : { periodId });
}
