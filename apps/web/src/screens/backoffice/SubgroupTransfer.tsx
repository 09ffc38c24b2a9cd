import { useEffect, useState } from 'react';
import { Alert, Button, Group, Paper, Radio, Table, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import type { SubgroupTransfer as Data } from '@sabaq/platform';
import { currentUiLang, notify } from '../../app/services';
import { failure } from '../shared/api';
import { subgroupName } from '../shared/subgroups';
import { backofficePaths, saveTransfer, useSubgroupTransfer } from './api';
import { LoadState, PageHead } from './common';
import { backofficeText } from './texts';
import type { T } from './texts';
import './backoffice.css';

const NONE = 'none';

/** The pupils whose subgroup differs from what the page was loaded with. */
export function changedMembers(data: Data, chosen: Record<number, string>) {
  return data.pupils
    .filter((p) => (chosen[p.id] ?? NONE) !== (p.subgroupId === null ? NONE : String(p.subgroupId)))
    .map((p) => ({
      userId: p.id,
      subgroupId: chosen[p.id] === NONE || chosen[p.id] === undefined ? null : Number(chosen[p.id]),
    }));
}

function TransferTable({
  data,
  chosen,
  onChoose,
  t,
}: {
  data: Data;
  chosen: Record<number, string>;
  onChoose: (pupilId: number, value: string) => void;
  t: T;
}) {
  const lang = currentUiLang();
  const columns = [
    ...data.subgroups.map((sg) => ({ value: String(sg.id), label: subgroupName(sg.name, lang) })),
    { value: NONE, label: t('noSubgroup') },
  ];
  return (
    <Table.ScrollContainer
      minWidth={200 + columns.length * 120}
      type="native"
      className="bo-transfer"
    >
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('fullname')}</Table.Th>
            {columns.map((c) => (
              <Table.Th scope="col" key={c.value}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.pupils.map((pupil) => (
            <Table.Tr key={pupil.id}>
              <Table.Th scope="row">{pupil.fullname}</Table.Th>
              {columns.map((c) => (
                <Table.Td key={c.value}>
                  <Radio
                    name={`pupil-${pupil.id}`}
                    value={c.value}
                    checked={(chosen[pupil.id] ?? NONE) === c.value}
                    onChange={() => onChoose(pupil.id, c.value)}
                    disabled={!data.canManage}
                    aria-label={`${pupil.fullname}: ${c.label}`}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** backoffice/groups/{groupId}/subgroups/{subjectId}: move pupils between a subject's subgroups. */
export default function SubgroupTransfer() {
  const t = backofficeText();
  const params = useParams();
  const groupId = Number(params.groupId);
  const subjectId = Number(params.subjectId);
  const loaded = useSubgroupTransfer(groupId, subjectId);
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const data = loaded.data;
    if (!data) return;
    setChosen(
      Object.fromEntries(
        data.pupils.map((p) => [p.id, p.subgroupId === null ? NONE : String(p.subgroupId)]),
      ),
    );
  }, [loaded.data]);

  async function save(data: Data) {
    const members = changedMembers(data, chosen);
    if (members.length === 0) return;
    setBusy(true);
    const result = await saveTransfer(groupId, subjectId, { members });
    setBusy(false);
    if (result.error) return setError(failure(result));
    setError(null);
    notify({ kind: 'success', message: t('transferSaved') });
    loaded.set(result.data.data);
  }

  return (
    <section className="bo-page" aria-labelledby="bo-transfer-h">
      <LoadState loaded={loaded} t={t}>
        {(data) => {
          const pending = changedMembers(data, chosen).length;
          return (
            <>
              <PageHead
                id="bo-transfer-h"
                title={`${data.group.name} · ${t('transferTitle', { subject: data.subject.name })}`}
              >
                {data.subgroups.map((sg) => (
                  <Button
                    key={sg.id}
                    component={Link}
                    variant="subtle"
                    to={backofficePaths.journal(groupId, subjectId, sg.id)}
                  >
                    {t('journalOf', {
                      name: subgroupName(sg.name, currentUiLang()),
                      n: sg.members,
                    })}
                  </Button>
                ))}
              </PageHead>
              {data.canManage ? null : <Text className="bo-muted">{t('readOnly')}</Text>}
              {error ? (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              ) : null}
              <Paper withBorder p="md">
                {data.subgroups.length === 0 ? (
                  <Text className="bo-muted">{t('noSubgroups')}</Text>
                ) : (
                  <TransferTable
                    data={data}
                    chosen={chosen}
                    onChoose={(id, value) => setChosen((c) => ({ ...c, [id]: value }))}
                    t={t}
                  />
                )}
              </Paper>
              {data.canManage ? (
                <Group justify="flex-end" gap="sm">
                  {pending ? <Text className="bo-muted">{t('unsaved')}</Text> : null}
                  <Button loading={busy} disabled={pending === 0} onClick={() => void save(data)}>
                    {t('save')}
                  </Button>
                </Group>
              ) : null}
            </>
          );
        }}
      </LoadState>
    </section>
  );
}
