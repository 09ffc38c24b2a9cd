import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Table, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { GroupSummary } from '@sabaq/platform';
import { notify } from '../../app/services';
import { failure } from '../shared/api';
import { backofficePaths, deleteGroup, useGroupList } from './api';
import { LoadState, PageHead } from './common';
import { ConfirmModal } from './ConfirmModal';
import { GroupModal } from './GroupModal';
import { RosterActions } from './RosterActions';
import { backofficeText } from './texts';
import type { T } from './texts';
import './backoffice.css';

function ParallelTable({
  parallel,
  groups,
  canManage,
  onEdit,
  onDelete,
  t,
}: {
  parallel: number;
  groups: GroupSummary[];
  canManage: boolean;
  onEdit: (id: number) => void;
  onDelete: (group: GroupSummary) => void;
  t: T;
}) {
  const title = parallel === 0 ? t('kindergarten') : t('parallelN', { n: parallel });
  const headId = `bo-parallel-${parallel}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headId}>
      <h2 id={headId} className="bo-subtitle">
        {title}
      </h2>
      <Table.ScrollContainer minWidth={560} type="native">
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('openCard')}</Table.Th>
              <Table.Th scope="col">{t('studyLang')}</Table.Th>
              <Table.Th scope="col">{t('classTeachers')}</Table.Th>
              <Table.Th scope="col">{t('pupils')}</Table.Th>
              {canManage ? <Table.Th scope="col">{t('actions')}</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.map((g) => (
              <Table.Tr key={g.id}>
                <Table.Td>
                  <Link to={backofficePaths.group(g.id)} className="bo-strong">
                    {g.name}
                  </Link>
                </Table.Td>
                <Table.Td>{g.eduLang.name}</Table.Td>
                <Table.Td>
                  {g.teachers.length
                    ? g.teachers.map((p) => p.fullname).join(', ')
                    : t('noTeacher')}
                </Table.Td>
                <Table.Td>{g.pupils}</Table.Td>
                {canManage ? (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`${t('edit')}: ${g.name}`}
                        onClick={() => onEdit(g.id)}
                      >
                        <IconPencil size={18} stroke={1.75} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`${t('delete')}: ${g.name}`}
                        onClick={() => onDelete(g)}
                      >
                        <IconTrash size={18} stroke={1.75} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** backoffice/groups: the school's classes by parallel, with the create/edit modal and delete. */
export default function Groups() {
  const t = backofficeText();
  const list = useGroupList();
  const [modal, setModal] = useState<{ groupId: number | null } | null>(null);
  const [removing, setRemoving] = useState<GroupSummary | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (!removing) return;
    setBusy(true);
    const result = await deleteGroup(removing.id);
    setBusy(false);
    if (result.error) return setRemoveError(failure(result));
    notify({ kind: 'success', message: t('groupDeleted') });
    setRemoving(null);
    await list.reload();
  }

  return (
    <section className="bo-page" aria-labelledby="bo-groups-h">
      <PageHead id="bo-groups-h" title={t('groups')}>
        {list.data?.canManage ? (
          <>
            <RosterActions onImported={() => void list.reload()} />
            <Button
              leftSection={<IconPlus size={18} stroke={1.75} aria-hidden />}
              onClick={() => setModal({ groupId: null })}
            >
              {t('createGroup')}
            </Button>
          </>
        ) : null}
      </PageHead>
      <LoadState loaded={list} t={t}>
        {(data) =>
          data.parallels.length === 0 ? (
            <Text className="bo-muted">{data.canManage ? t('noGroups') : t('noLedGroups')}</Text>
          ) : (
            <div className="bo-stack">
              {data.parallels.map((p) => (
                <ParallelTable
                  key={p.parallel}
                  parallel={p.parallel}
                  groups={p.groups}
                  canManage={data.canManage}
                  onEdit={(groupId) => setModal({ groupId })}
                  onDelete={(group) => {
                    setRemoveError(null);
                    setRemoving(group);
                  }}
                  t={t}
                />
              ))}
            </div>
          )
        }
      </LoadState>
      <GroupModal
        opened={modal !== null}
        groupId={modal?.groupId ?? null}
        onClose={() => setModal(null)}
        onSaved={() => void list.reload()}
        t={t}
      />
      <ConfirmModal
        opened={removing !== null}
        title={t('deleteGroup')}
        message={t('deleteGroupConfirm', { name: removing?.name ?? '' })}
        action={t('delete')}
        error={removeError}
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
        t={t}
      />
    </section>
  );
}
