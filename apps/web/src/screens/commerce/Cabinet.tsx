import { useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { Profile } from '@sabaq/platform';
import { notify } from '../../app/services';
import { store, useAppState } from '../../session/store';
import { failure } from '../shared/api';
import { refreshSessionUser, saveProfile } from './api';
import { AvatarField } from './avatar-field';
import { commerceText } from './texts';

type Field = keyof Profile;
const FIELDS: readonly Field[] = ['surname', 'firstname', 'lastname', 'phone', 'email', 'bornDate'];

/**
 * profile/cabinet: the user's own names, phone, e-mail and birth date (DD.MM.YYYY), checked by the
 * server's §5 rules — its 422 names each field, shown under it; editing a field clears its error.
 * School and class are read-only.
 */
export function Cabinet() {
  const t = commerceText();
  const user = useAppState((s) => s.user);
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    surname: user?.surname ?? '',
    firstname: user?.firstname ?? '',
    lastname: user?.lastname ?? '',
    phone: user?.phone ?? '',
    email: user?.email ?? '',
    bornDate: user?.bornDate ?? '',
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!user) return null;
  // A kindergarten's people read «Балабақша / Детский сад» and «Топ / Группа» (issue 30).
  const kindergarten = user.school?.kind === 'kindergarten';

  async function submit() {
    setBusy(true);
    setError(null);
    const result = await saveProfile(values);
    setBusy(false);
    if (result.error) {
      const fieldErrors = result.data?.errors ?? {};
      setErrors(
        Object.fromEntries(
          FIELDS.filter((f) => fieldErrors[f]?.[0]).map((f) => [f, fieldErrors[f]![0]!]),
        ),
      );
      if (Object.keys(fieldErrors).length === 0) setError(failure(result));
      return;
    }
    setErrors({});
    await refreshSessionUser();
    notify({ kind: 'success', message: t('saved') });
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="cabinet-h">
      <h2 id="cabinet-h" className="commerce-subtitle">
        {t('tabCabinet')}
      </h2>
      <AvatarField />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {FIELDS.map((field) => (
            <TextInput
              key={field}
              label={t(field)}
              value={values[field]}
              required={field === 'surname' || field === 'firstname'}
              placeholder={field === 'bornDate' ? t('datePlaceholder') : undefined}
              inputMode={field === 'phone' ? 'tel' : undefined}
              error={errors[field]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setValues((v) => ({ ...v, [field]: value }));
                setErrors((x) => ({ ...x, [field]: undefined }));
              }}
            />
          ))}
          <TextInput
            label={t(kindergarten ? 'kindergarten' : 'school')}
            value={user.school?.name ?? t('none')}
            readOnly
          />
          <TextInput
            label={t(kindergarten ? 'kindergartenGroup' : 'group')}
            value={user.group?.name ?? t('none')}
            readOnly
          />
        </SimpleGrid>
        {error ? (
          <Text c="red.9" role="alert" mt="sm">
            {error}
          </Text>
        ) : null}
        <Group mt="md">
          <Button type="submit" loading={busy}>
            {t('save')}
          </Button>
          {/* The header's change-password modal, with its spec §5 rules. */}
          <Button variant="default" onClick={() => store.set({ passwordModal: 'open' })}>
            {t('changePassword')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
