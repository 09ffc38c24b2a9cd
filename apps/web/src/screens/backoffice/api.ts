import type {
  Archive,
  ArchivedGroup,
  GroupBody,
  GroupCard,
  GroupDetailResponse,
  GroupDictionariesResponse,
  GroupList,
  PupilAdded,
  PupilAddRequest,
  Subgroups,
  SubgroupTransfer,
  SubgroupTransferRequest,
} from '@sabaq/platform';
import type { ApiResult } from '../../api/client';
import { api } from '../../app/services';
import { path, urlLang, useLoad } from '../shared/api';
import { pathTo } from '../shared/named';

/** Calls of the backoffice class, subgroup and archive screens (paths from the policy table). */

export type { Archive, ArchivedGroup, GroupCard, GroupList, Subgroups, SubgroupTransfer };

type Deleted = { data: { id: number } };

export const useGroupList = () => useLoad<GroupList>(path('backoffice.groupList'));
export const useGroupCard = (groupId: number) =>
  useLoad<GroupCard>(path('backoffice.groupCard', { groupId }));
export const useSubgroups = (groupId: number) =>
  useLoad<Subgroups>(path('backoffice.subgroups', { groupId }));
export const useSubgroupTransfer = (groupId: number, subjectId: number) =>
  useLoad<SubgroupTransfer>(path('backoffice.subgroupTransfer', { groupId, subjectId }));
export const useArchive = () => useLoad<Archive>(path('backoffice.archive'));
export const useArchivedGroup = (groupId: number) =>
  useLoad<ArchivedGroup>(path('backoffice.archiveGroup', { groupId }));

/** The group modal's lists (spec §7 `personals/group`) and a group's detail (edit mode). */
export const loadDictionaries = () =>
  api.get<GroupDictionariesResponse>(path('backoffice.groupDictionaries'), { handle: 'silent' });
export const loadGroupDetail = (groupId: number) =>
  api.get<GroupDetailResponse>(path('backoffice.groupGet', { groupId }), { handle: 'silent' });

/** Create (no id) or update (with an id) a group: spec §7 body. */
export function saveGroup(
  groupId: number | null,
  body: GroupBody,
): Promise<ApiResult<GroupDetailResponse>> {
  return groupId === null
    ? api.post(path('backoffice.groupCreate'), body, { handle: 'form' })
    : api.put(path('backoffice.groupUpdate', { groupId }), body, { handle: 'form' });
}

export const deleteGroup = (groupId: number): Promise<ApiResult<Deleted>> =>
  api.request('DELETE', path('backoffice.groupDelete', { groupId }), { handle: 'silent' });

export const addPupil = (
  groupId: number,
  body: PupilAddRequest,
): Promise<ApiResult<{ data: PupilAdded }>> =>
  api.post(path('backoffice.pupilAdd', { groupId }), body, { handle: 'form' });

export const movePupil = (groupId: number, userId: number, target: number) =>
  api.put<Deleted>(
    path('backoffice.pupilMove', { groupId, userId }),
    { groupId: target },
    {
      handle: 'silent',
    },
  );

export const archivePupil = (groupId: number, userId: number): Promise<ApiResult<Deleted>> =>
  api.request('DELETE', path('backoffice.pupilArchive', { groupId, userId }), {
    handle: 'silent',
  });

export const createSubgroup = (groupId: number, subjectId: number, name: string) =>
  api.post<{ data: { id: number } }>(
    path('backoffice.subgroupCreate', { groupId }),
    { subjectId, name },
    { handle: 'form' },
  );

export const renameSubgroup = (subgroupId: number, name: string) =>
  api.put<{ data: { id: number } }>(
    path('backoffice.subgroupRename', { subgroupId }),
    { name },
    { handle: 'form' },
  );

export const deleteSubgroup = (subgroupId: number): Promise<ApiResult<Deleted>> =>
  api.request('DELETE', path('backoffice.subgroupDelete', { subgroupId }), { handle: 'silent' });

export const saveTransfer = (
  groupId: number,
  subjectId: number,
  body: SubgroupTransferRequest,
): Promise<ApiResult<{ data: SubgroupTransfer }>> =>
  api.put(path('backoffice.subgroupTransferSave', { groupId, subjectId }), body, {
    handle: 'silent',
  });

/** Screen paths of this area (the route table's, in the URL language). */
export const backofficePaths = {
  groups: () => pathTo('VStudentsListPage'),
  group: (groupId: number) => `/${urlLang()}/backoffice/groups/${groupId}`,
  subgroups: (groupId: number) => `/${urlLang()}/backoffice/groups/${groupId}/subgroups`,
  transfer: (groupId: number, subjectId: number) =>
    `/${urlLang()}/backoffice/groups/${groupId}/subgroups/${subjectId}`,
  archive: () => `/${urlLang()}/backoffice/archive`,
  archivedGroup: (groupId: number) => `/${urlLang()}/backoffice/archive/${groupId}`,
  journal: (groupId: number, subjectId: number, subgroupId?: number) =>
    `/${urlLang()}/control/journal/groups/${groupId}/${subjectId}${subgroupId ? `/${subgroupId}` : ''}`,
};
