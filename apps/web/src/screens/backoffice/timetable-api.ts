import type {
  TimetableCopy,
  TimetableGroup,
  TimetableList,
  TimetableSlot,
  TimetableSlotCreate,
  TimetableSlotInput,
} from '@sabaq/platform';
import type { ApiResult } from '../../api/client';
import { api } from '../../app/services';
import { path, urlLang, useLoad } from '../shared/api';

/** Calls of the timetable screens (paths from the policy table). */

export type { TimetableGroup, TimetableList, TimetableSlot };

export const useTimetableList = (periodId: number | null) =>
  useLoad<TimetableList>(path('timetables.list'), periodId ? { periodId } : undefined);

export const useTimetableGroup = (groupId: number, periodId: number | null) =>
  useLoad<TimetableGroup>(
    path('timetables.group', { groupId }),
    periodId ? { periodId } : undefined,
  );

type SlotAnswer = Promise<ApiResult<{ data: TimetableSlot }>>;

export const createSlot = (groupId: number, body: TimetableSlotCreate): SlotAnswer =>
  api.post(path('timetables.slotCreate', { groupId }), body, { handle: 'form' });

export const updateSlot = (slotId: number, body: TimetableSlotInput): SlotAnswer =>
  api.put(path('timetables.slotUpdate', { slotId }), body, { handle: 'form' });

export const deleteSlot = (slotId: number): Promise<ApiResult<{ data: { id: number } }>> =>
  api.request('DELETE', path('timetables.slotDelete', { slotId }), { handle: 'silent' });

export const copyTimetable = (
  body: TimetableCopy,
): Promise<ApiResult<{ data: { groups: number; slots: number } }>> =>
  api.post(path('timetables.copy'), body, { handle: 'form' });

export const timetablePaths = {
  list: () => `/${urlLang()}/backoffice/schedules`,
  group: (groupId: number) => `/${urlLang()}/backoffice/schedules/${groupId}`,
};
