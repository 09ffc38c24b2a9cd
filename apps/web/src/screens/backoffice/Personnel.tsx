import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconUpload, IconUserPlus } from '@tabler/icons-react';
import type { StaffList, StaffMember } from '@sabaq/platform';
import { currentUiLang, notify } from '../../app/services';
import { useAppState } from '../../session/store';
import { failure } from '../shared/api';
import { dismissStaff, exportStaff, loadStaff, resetStaffPassword } from './personnel-api';
import { personnelText } from './personnel-texts';
import { PersonnelForm } from './PersonnelForm';
import { PersonnelImport } from './PersonnelImport';
import { PasswordNotice } from './PersonnelPassword';
import { StaffTable, fullName } from './PersonnelTable';
import type { Dialog } from './PersonnelTable';

/** backoffice/personnel (director, zavuch): the school's staff and what is done with them. */
export default function Personnel() {
  const t = personnelText();
  const lang = currentUiLang();
  const isDirector = useAppState((s) => s.user?.role) === 'director';
  const [all, setAll] = useState(false);
  const [data, setData] = useState<StaffList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const reload = useCallback(async () => {
    const r = await loadStaff(all);
    if (r.error) setError(failure(r));
    else {
      setError(null);
      setData(r.data.data);
    }
  }, [all]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const confirm = async (action: 'dismiss' | 'reset', member: StaffMember) => {
    setBusy(true);
    if (action === 'dismiss') {
      const r = await dismissStaff(member.id);
      setBusy(false);
      if (r.error) return notify({ kind: 'error', message: failure(r) });
      notify({ kind: 'success', message: t('dismissed') });
      setDialog(null);
    } else {
      const r = await resetStaffPassword(member.id);
      setBusy(false);
      if (r.error) return notify({ kind: 'error', message: failure(r) });
      setDialog({
        kind: 'password',
        name: fullName(member),
        iin: member.iin,
        password: r.data.data.password,
      });
    }
    await reload();
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="personnel-h">
      <Group justify="space-between" wrap="wrap" align="flex-start">
        <div>
          <Title order={1} id="personnel-h">
            {t('title')}
          </Title>
          <Text c="var(--sabaq-muted)" size="sm">
            {t('subtitle')}
          </Text>
        </div>
        <Group gap="sm" wrap="wrap">
          <Button
            leftSection={<IconUserPlus size={18} stroke={1.75} aria-hidden />}
            onClick={() => setDialog({ kind: 'form', member: null })}
          >
            {t('hire')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconUpload size={18} stroke={1.75} aria-hidden />}
            onClick={() => setDialog({ kind: 'import' })}
          >
            {t('import')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={18} stroke={1.75} aria-hidden />}
            onClick={() =>
              void exportStaff(lang === 'ru' ? 'Сотрудники.xlsx' : 'Қызметкерлер.xlsx')
            }
          >
            {t('export')}
          </Button>
        </Group>
      </Group>
      <Switch
        label={t('showDismissed')}
        checked={all}
        onChange={(e) => setAll(e.currentTarget.checked)}
      />
      {error && (
        <Alert color="red" role="alert">
          {error}{' '}
          <Anchor component="button" onClick={() => void reload()}>
            {t('retry')}
          </Anchor>
        </Alert>
      )}
      {!data && !error && <Loader size="sm" aria-label={t('loading')} />}
      {data && data.staff.length === 0 && <Text className="bo-muted">{t('empty')}</Text>}
      {data && data.staff.length > 0 && (
        <StaffTable staff={data.staff} t={t} onAction={setDialog} />
      )}
      {dialog?.kind === 'form' && data && (
        <PersonnelForm
          member={dialog.member}
          subjects={data.subjects}
          isDirector={isDirector}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            void reload();
            if (saved.password)
              setDialog({
                kind: 'password',
                name: fullName(saved.member),
                iin: saved.member.iin,
                password: saved.password,
              });
            else {
              notify({ kind: 'success', message: t('saved') });
              setDialog(null);
            }
          }}
        />
      )}
      {dialog?.kind === 'import' && (
        <PersonnelImport onClose={() => setDialog(null)} onImported={() => void reload()} />
      )}
      {dialog?.kind === 'password' && (
        <PasswordNotice
          name={dialog.name}
          iin={dialog.iin}
          password={dialog.password}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'confirm' && (
        <Modal
          opened
          onClose={() => setDialog(null)}
          title={t(dialog.action === 'dismiss' ? 'dismiss' : 'resetPassword')}
        >
          <Stack gap="md">
            <Text>
              {t(dialog.action === 'dismiss' ? 'dismissConfirm' : 'resetConfirm', {
                name: fullName(dialog.member),
              })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)}>
                {t('cancel')}
              </Button>
              <Button
                color={dialog.action === 'dismiss' ? 'red.9' : undefined}
                loading={busy}
                onClick={() => void confirm(dialog.action, dialog.member)}
              >
                {t('confirm')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
