import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPencil, IconTrash, IconUsers } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import type { Subgroups as Data } from '@sabaq/platform';
import { fieldErrors } from '../../api/client';
import { currentUiLang, notify } from '../../app/services';
import { failure } from '../shared/api';
import { subgroupName } from '../shared/subgroups';
import {
  backofficePaths,
  createSubgroup,
  deleteSubgroup,
  renameSubgroup,
  useSubgroups,
} from './api';
import { LoadState, PageHead } from './common';
import { ConfirmModal } from './ConfirmModal';
import { backofficeText } from './texts';
import type { T } from './texts';
import './backoffice.css';

type Subject = Data['subjects'][number];
type Subgroup = Subject['subgroups'][number];

const NAME = /^[0-9A-Za-zА-Яа-яЁёӘәҒғҚқҢңӨөҰұҮүҺһІі\s-]{1,40}$/u;

/** One name field with its save button: a new subgroup, or a rename. */
function NameForm({
  label,
  initial,
  action,
  onSave,
  onCancel,
  t,
}: {
  label: string;
  initial: string;
  action: string;
  onSave: (name: string) => Promise<Record<string, string> | null>;
  onCancel?: () => void;
  t: T;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const invalid = name.trim() !== '' && !NAME.test(name.trim());
  async function submit() {
    if (name.trim() === '' || invalid) return;
    setBusy(true);
    const errors = await onSave(name.trim());
    setBusy(false);
    if (errors) setError(errors.name ?? Object.values(errors)[0]);
    else setName('');
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={label}
          value={name}
          maxLength={40}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(undefined);
          }}
          error={invalid ? t('nameInvalid') : error}
          w={{ base: '100%', sm: 260 }}
        />
        <Button
          type="submit"
          variant="light"
          loading={busy}
          disabled={name.trim() === '' || invalid}
        >
          {action}
        </Button>
        {onCancel ? (
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
        ) : null}
      </Group>
    </form>
  );
}

function SubjectCard({
  groupId,
  subject,
  canManage,
  onChanged,
  onDelete,
  t,
}: {
  groupId: number;
  subject: Subject;
  canManage: boolean;
  onChanged: () => void;
  onDelete: (subgroup: Subgroup) => void;
  t: T;
}) {
  const [renaming, setRenaming] = useState<number | null>(null);
  const headId = `bo-subject-${subject.id}`;
  const lang = currentUiLang();
  const result = async (r: Awaited<ReturnType<typeof createSubgroup>>) => {
    if (r.error) return Object.keys(fieldErrors(r)).length ? fieldErrors(r) : { name: failure(r) };
    notify({ kind: 'success', message: t('subgroupSaved') });
    setRenaming(null);
    onChanged();
    return null;
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headId}>
      <Group justify="space-between" wrap="wrap" mb="sm">
        <h2 id={headId} className="bo-subtitle">
          {subject.name}
        </h2>
        {subject.subgroups.length ? (
          <Button
            component={Link}
            to={backofficePaths.transfer(groupId, subject.id)}
            variant="light"
            leftSection={<IconUsers size={18} stroke={1.75} aria-hidden />}
            aria-label={`${t('transfer')}: ${subject.name}`}
          >
            {t('transfer')}
          </Button>
        ) : null}
      </Group>
      <Stack gap="xs">
        {subject.subgroups.length === 0 ? (
          <Text className="bo-muted">{t('noSubgroups')}</Text>
        ) : null}
        {subject.subgroups.map((sg) =>
          renaming === sg.id ? (
            <NameForm
              key={sg.id}
              label={t('subgroupName')}
              initial={sg.name}
              action={t('save')}
              onSave={async (name) => result(await renameSubgroup(sg.id, name))}
              onCancel={() => setRenaming(null)}
              t={t}
            />
          ) : (
            <Group key={sg.id} justify="space-between" wrap="nowrap">
              <Text>
                <Link to={backofficePaths.journal(groupId, subject.id, sg.id)}>
                  {subgroupName(sg.name, lang)}
                </Link>
                <span className="bo-muted"> · {t('membersN', { n: sg.members })}</span>
              </Text>
              {canManage ? (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`${t('rename')}: ${sg.name}`}
                    onClick={() => setRenaming(sg.id)}
                  >
                    <IconPencil size={18} stroke={1.75} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`${t('delete')}: ${sg.name}`}
                    onClick={() => onDelete(sg)}
                  >
                    <IconTrash size={18} stroke={1.75} aria-hidden />
                  </ActionIcon>
                </Group>
              ) : null}
            </Group>
          ),
        )}
        {canManage ? (
          <NameForm
            label={`${t('newSubgroup')}: ${subject.name}`}
            initial=""
            action={t('create')}
            onSave={async (name) => result(await createSubgroup(groupId, subject.id, name))}
            t={t}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

/** backoffice/groups/{groupId}/subgroups: split a class into subgroups per subject. */
export default function Subgroups() {
  const t = backofficeText();
  const groupId = Number(useParams().groupId);
  const loaded = useSubgroups(groupId);
  const [removing, setRemoving] = useState<Subgroup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (!removing) return;
    setBusy(true);
    const r = await deleteSubgroup(removing.id);
    setBusy(false);
    if (r.error) return setError(failure(r));
    notify({ kind: 'success', message: t('subgroupDeleted') });
    setRemoving(null);
    await loaded.reload();
  }

  return (
    <section className="bo-page" aria-labelledby="bo-subgroups-h">
      <LoadState loaded={loaded} t={t}>
        {(data) => (
          <>
            <PageHead id="bo-subgroups-h" title={`${t('subgroups')} · ${data.group.name}`} />
            <Text className="bo-muted">{data.canManage ? t('splitHint') : t('readOnly')}</Text>
            {data.subjects.length === 0 ? (
              <Text className="bo-muted">{t('noSubjects')}</Text>
            ) : null}
            <div className="bo-stack">
              {data.subjects.map((subject) => (
                <SubjectCard
                  key={subject.id}
                  groupId={groupId}
                  subject={subject}
                  canManage={data.canManage}
                  onChanged={() => void loaded.reload()}
                  onDelete={(sg) => {
                    setError(null);
                    setRemoving(sg);
                  }}
                  t={t}
                />
              ))}
            </div>
          </>
        )}
      </LoadState>
      <ConfirmModal
        opened={removing !== null}
        title={t('delete')}
        message={t('deleteSubgroupConfirm', { name: removing?.name ?? '' })}
        action={t('delete')}
        error={error}
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
        t={t}
      />
    </section>
  );
}
