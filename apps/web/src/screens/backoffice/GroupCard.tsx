import { useState } from 'react';
import { Alert, Button, Group, Paper, Table, Text } from '@mantine/core';
import { IconArrowsExchange, IconArchive, IconPencil, IconUserPlus } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import type { GroupCard as Card } from '@sabaq/platform';
import { notify } from '../../app/services';
import { failure } from '../shared/api';
import { archivePupil, backofficePaths, useGroupCard } from './api';
import { LoadState, PageHead } from './common';
import { ConfirmModal } from './ConfirmModal';
import { GroupModal } from './GroupModal';
import { AddPupilModal, MovePupilModal } from './PupilModals';
import { backofficeText } from './texts';
import type { T } from './texts';
import './backoffice.css';

type Pupil = Card['pupils'][number];

function PupilsTable({
  card,
  onMove,
  onArchive,
  t,
}: {
  card: Card;
  onMove: (pupil: Pupil) => void;
  onArchive: (pupil: Pupil) => void;
  t: T;
}) {
  if (card.pupils.length === 0) return <Text className="bo-muted">{t('noPupils')}</Text>;
  return (
    <Table.ScrollContainer minWidth={520} type="native">
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">№</Table.Th>
            <Table.Th scope="col">{t('fullname')}</Table.Th>
            <Table.Th scope="col">{t('iin')}</Table.Th>
            {card.canManage ? <Table.Th scope="col">{t('actions')}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {card.pupils.map((pupil, i) => (
            <Table.Tr key={pupil.id}>
              <Table.Td>{i + 1}</Table.Td>
              <Table.Td>{pupil.fullname}</Table.Td>
              <Table.Td>{pupil.iin ?? ''}</Table.Td>
              {card.canManage ? (
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconArrowsExchange size={16} stroke={1.75} aria-hidden />}
                      aria-label={t('movePupil', { name: pupil.fullname })}
                      onClick={() => onMove(pupil)}
                    >
                      {t('move')}
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.9"
                      leftSection={<IconArchive size={16} stroke={1.75} aria-hidden />}
                      aria-label={`${t('toArchive')}: ${pupil.fullname}`}
                      onClick={() => onArchive(pupil)}
                    >
                      {t('toArchive')}
                    </Button>
                  </Group>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SubjectsTable({ card, t }: { card: Card; t: T }) {
  if (card.subjects.length === 0) return <Text className="bo-muted">{t('noSubjects')}</Text>;
  return (
    <Table.ScrollContainer minWidth={420} type="native">
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('subject')}</Table.Th>
            <Table.Th scope="col">{t('teachers')}</Table.Th>
            <Table.Th scope="col">{t('subgroups')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {card.subjects.map((subject) => (
            <Table.Tr key={subject.id}>
              <Table.Td>{subject.name}</Table.Td>
              <Table.Td>
                {subject.teachers.length
                  ? subject.teachers.map((p) => p.fullname).join(', ')
                  : t('noTeacher')}
              </Table.Td>
              <Table.Td>{subject.subgroups || ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** backoffice/groups/{groupId}: the class card — pupils (add, move, archive), teachers per subject. */
export default function GroupCard() {
  const t = backofficeText();
  const groupId = Number(useParams().groupId);
  const card = useGroupCard(groupId);
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [moving, setMoving] = useState<Pupil | null>(null);
  const [archiving, setArchiving] = useState<Pupil | null>(null);
  const [archiveError, setArchiveError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [password, setPassword] = useState<string | null>(null);

  async function archive() {
    if (!archiving) return;
    setBusy(true);
    const result = await archivePupil(groupId, archiving.id);
    setBusy(false);
    if (result.error) return setArchiveError(failure(result));
    notify({ kind: 'success', message: t('pupilArchived') });
    setArchiving(null);
    await card.reload();
  }

  return (
    <section className="bo-page" aria-labelledby="bo-card-h">
      <LoadState loaded={card} t={t}>
        {(data) => (
          <>
            <PageHead id="bo-card-h" title={`${t('card')} · ${data.group.name}`}>
              <Button component={Link} to={backofficePaths.subgroups(groupId)} variant="light">
                {t('subgroups')}
              </Button>
              {data.canManage ? (
                <Button
                  variant="default"
                  leftSection={<IconPencil size={18} stroke={1.75} aria-hidden />}
                  onClick={() => setEditing(true)}
                >
                  {t('editGroup')}
                </Button>
              ) : null}
            </PageHead>
            <Text>
              {t('studyLangValue', { lang: data.group.eduLang.name })} · {t('classTeachers')}:{' '}
              {data.group.teachers.map((p) => p.fullname).join(', ') || t('noTeacher')}
            </Text>
            {data.canManage ? null : <Text className="bo-muted">{t('readOnly')}</Text>}
            {password ? (
              <Alert
                color="green"
                role="status"
                withCloseButton
                closeButtonLabel={t('close')}
                onClose={() => setPassword(null)}
              >
                {t('initialPassword', { password })}
              </Alert>
            ) : null}
            <Paper withBorder p="md" component="section" aria-labelledby="bo-pupils-h">
              <Group justify="space-between" wrap="wrap" mb="sm">
                <h2 id="bo-pupils-h" className="bo-subtitle">
                  {t('pupils')} ({data.pupils.length})
                </h2>
                {data.canManage ? (
                  <Button
                    leftSection={<IconUserPlus size={18} stroke={1.75} aria-hidden />}
                    onClick={() => setAdding(true)}
                  >
                    {t('addPupil')}
                  </Button>
                ) : null}
              </Group>
              <PupilsTable
                card={data}
                onMove={setMoving}
                onArchive={(pupil) => {
                  setArchiveError(null);
                  setArchiving(pupil);
                }}
                t={t}
              />
            </Paper>
            <Paper withBorder p="md" component="section" aria-labelledby="bo-subjects-h">
              <h2 id="bo-subjects-h" className="bo-subtitle">
                {t('subjects')}
              </h2>
              <SubjectsTable card={data} t={t} />
            </Paper>
            <MovePupilModal
              groupId={groupId}
              pupil={moving}
              groups={data.otherGroups}
              onClose={() => setMoving(null)}
              onMoved={() => {
                notify({ kind: 'success', message: t('pupilMoved') });
                void card.reload();
              }}
              t={t}
            />
          </>
        )}
      </LoadState>
      <GroupModal
        opened={editing}
        groupId={groupId}
        onClose={() => setEditing(false)}
        onSaved={() => void card.reload()}
        t={t}
      />
      <AddPupilModal
        groupId={groupId}
        opened={adding}
        onClose={() => setAdding(false)}
        onAdded={(added) => {
          notify({ kind: 'success', message: t('pupilAdded') });
          setPassword(added.initialPassword);
          void card.reload();
        }}
        t={t}
      />
      <ConfirmModal
        opened={archiving !== null}
        title={t('toArchive')}
        message={t('archivePupilConfirm', { name: archiving?.fullname ?? '' })}
        action={t('toArchive')}
        error={archiveError}
        busy={busy}
        onConfirm={() => void archive()}
        onClose={() => setArchiving(null)}
        t={t}
      />
    </section>
  );
}
