import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  TextInput,
} from '@mantine/core';
import { digitsOnly, isValidIin } from '@sabaq/platform';
import type { PupilAdded } from '@sabaq/platform';
import { fieldErrors } from '../../api/client';
import { failure } from '../shared/api';
import { addPupil, movePupil } from './api';
import type { T } from './texts';
import './backoffice.css';

type Mode = 'existing' | 'new';

/** Add a pupil: an existing account found by IIN, or a new account (IIN and names). */
export function AddPupilModal({
  groupId,
  opened,
  onClose,
  onAdded,
  t,
}: {
  groupId: number;
  opened: boolean;
  onClose: () => void;
  onAdded: (added: PupilAdded) => void;
  t: T;
}) {
  const [mode, setMode] = useState<Mode>('existing');
  const [fields, setFields] = useState({ iin: '', surname: '', firstname: '', lastname: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!opened) return;
    setFields({ iin: '', surname: '', firstname: '', lastname: '' });
    setErrors({});
    setError(null);
  }, [opened]);

  const set = (name: keyof typeof fields, value: string) => {
    setFields((f) => ({ ...f, [name]: name === 'iin' ? digitsOnly(value).slice(0, 12) : value }));
    setErrors(({ [name]: _dropped, ...rest }) => rest);
  };
  const iinProblem = fields.iin.length === 12 && !isValidIin(fields.iin);
  const ready =
    fields.iin.length === 12 &&
    !iinProblem &&
    (mode === 'existing' || (fields.surname.trim() !== '' && fields.firstname.trim() !== ''));

  async function submit() {
    if (!ready) return;
    setBusy(true);
    const result = await addPupil(
      groupId,
      mode === 'existing'
        ? { mode, iin: fields.iin }
        : {
            mode,
            iin: fields.iin,
            surname: fields.surname.trim(),
            firstname: fields.firstname.trim(),
            ...(fields.lastname.trim() ? { lastname: fields.lastname.trim() } : {}),
          },
    );
    setBusy(false);
    if (result.error) {
      setErrors(fieldErrors(result));
      if (!result.data?.errors) setError(failure(result));
      return;
    }
    onAdded(result.data.data);
    onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('addPupil')}
      closeButtonProps={{ 'aria-label': t('close') }}
      className="bo-modal"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <SegmentedControl
            fullWidth
            value={mode}
            onChange={(value) => setMode(value as Mode)}
            data={[
              { value: 'existing', label: t('existingPupil') },
              { value: 'new', label: t('newPupil') },
            ]}
          />
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <TextInput
            label={t('iin')}
            required
            inputMode="numeric"
            value={fields.iin}
            onChange={(event) => set('iin', event.currentTarget.value)}
            error={errors.iin ?? (iinProblem ? t('iinInvalid') : undefined)}
          />
          {mode === 'new' ? (
            <>
              <TextInput
                label={t('surname')}
                required
                value={fields.surname}
                onChange={(event) => set('surname', event.currentTarget.value)}
                error={errors.surname}
              />
              <TextInput
                label={t('firstname')}
                required
                value={fields.firstname}
                onChange={(event) => set('firstname', event.currentTarget.value)}
                error={errors.firstname}
              />
              <TextInput
                label={t('lastname')}
                value={fields.lastname}
                onChange={(event) => set('lastname', event.currentTarget.value)}
                error={errors.lastname}
              />
            </>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!ready}>
              {t('add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Move a pupil to another class of the school. */
export function MovePupilModal({
  groupId,
  pupil,
  groups,
  onClose,
  onMoved,
  t,
}: {
  groupId: number;
  pupil: { id: number; fullname: string } | null;
  groups: { id: number; name: string }[];
  onClose: () => void;
  onMoved: () => void;
  t: T;
}) {
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setTarget(null);
    setError(null);
  }, [pupil]);

  async function submit() {
    if (!pupil || target === null) return;
    setBusy(true);
    const result = await movePupil(groupId, pupil.id, Number(target));
    setBusy(false);
    if (result.error) return setError(failure(result));
    onMoved();
    onClose();
  }

  return (
    <Modal
      opened={pupil !== null}
      onClose={onClose}
      title={t('movePupil', { name: pupil?.fullname ?? '' })}
      closeButtonProps={{ 'aria-label': t('close') }}
      className="bo-modal"
    >
      <Stack gap="md">
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Select
          label={t('moveTo')}
          searchable
          data={groups.map((g) => ({ value: String(g.id), label: g.name }))}
          value={target}
          onChange={setTarget}
          comboboxProps={{ withinPortal: false }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button loading={busy} disabled={target === null} onClick={() => void submit()}>
            {t('move')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
