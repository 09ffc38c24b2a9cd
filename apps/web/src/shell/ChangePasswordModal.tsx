import '../app/styles-kit';
import { Button, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { message, passwordProblem, type UiLang } from '@sabaq/platform';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../api/client';
import { API, api, notify } from '../app/services';
import { STORAGE, storage } from '../config';
import { store, useAppState } from '../session/store';

const FIELDS = ['old_password', 'password', 'password_confirmation'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

/**
 * Spec §5 change-password modal: save is enabled only when all three fields are filled; server
 * field errors show per field with a form-validation warning; editing a field clears its error.
 * Forced (default password, spec §4) it cannot be dismissed.
 */
export default function ChangePasswordModal() {
  const { t, i18n } = useTranslation();
  const mode = useAppState((s) => s.passwordModal);
  const [values, setValues] = useState<Values>({
    old_password: '',
    password: '',
    password_confirmation: '',
  });
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [saving, setSaving] = useState(false);
  const forced = mode === 'forced';
  const lang = i18n.language as UiLang;
  const filled = FIELDS.every((f) => values[f] !== '');

  const close = () => {
    if (!forced) store.set({ passwordModal: 'closed' });
  };

  const edit = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!filled || saving) return;
    // The same rules the server applies, so most mistakes show without a round trip.
    const local: Partial<Values> = {};
    const problem = passwordProblem(values.password);
    if (problem) local.password = message(problem, lang);
    else if (values.password !== values.password_confirmation) {
      local.password_confirmation = message('password_mismatch', lang);
    }
    if (Object.keys(local).length > 0) {
      setErrors(local);
      notify({ kind: 'warning', message: t('notify.formInvalid') });
      return;
    }
    setSaving(true);
    const result = await api.post(API.passwordChange, values, { handle: 'form' });
    setSaving(false);
    if (result.error) {
      const server = fieldErrors(result);
      if (Object.keys(server).length > 0) {
        setErrors(server);
        notify({ kind: 'warning', message: t('notify.formInvalid') });
      }
      return;
    }
    storage('local')?.setItem(STORAGE.passwordChanged, '1');
    const user = store.get().user;
    store.set({ passwordModal: 'closed', user: user ? { ...user, defaultPass: false } : user });
    notify({ kind: 'success', message: t('password.changed') });
  };

  const labels: Record<Field, string> = {
    old_password: t('password.old'),
    password: t('password.new'),
    password_confirmation: t('password.confirm'),
  };
  const autocomplete: Record<Field, string> = {
    old_password: 'current-password',
    password: 'new-password',
    password_confirmation: 'new-password',
  };

  return (
    <Modal
      opened={mode !== 'closed'}
      onClose={close}
      title={t('password.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      withCloseButton={!forced}
      closeOnEscape={!forced}
      closeOnClickOutside={!forced}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {forced && <Text size="sm">{t('password.defaultNotice')}</Text>}
          {FIELDS.map((field) => (
            <PasswordInput
              key={field}
              name={field}
              label={labels[field]}
              autoComplete={autocomplete[field]}
              value={values[field]}
              onChange={(e) => edit(field, e.currentTarget.value)}
              error={errors[field]}
              description={field === 'password' ? t('password.rules') : undefined}
              required
              withAsterisk={false}
            />
          ))}
          <Button type="submit" disabled={!filled} loading={saving}>
            {t('common.save')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
