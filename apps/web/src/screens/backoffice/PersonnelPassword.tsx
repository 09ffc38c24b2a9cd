import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { personnelText } from './personnel-texts';

/** Shows a one-time default password (after hire or reset) to hand to the employee. */
export function PasswordNotice({
  name,
  iin,
  password,
  onClose,
}: {
  name: string;
  iin: string | null;
  password: string;
  onClose: () => void;
}) {
  const t = personnelText();
  return (
    <Modal opened onClose={onClose} title={t('passwordTitle')}>
      <Stack gap="md">
        <Text>{t('passwordText', { name })}</Text>
        {iin && <Text size="sm">{t('login', { iin })}</Text>}
        <Group gap="sm" wrap="wrap">
          <Text size="sm">
            {t('password')}: <Code data-testid="default-password">{password}</Code>
          </Text>
          {/* Issue 29: the password is handed on, so it is copied in one press. */}
          <CopyButton value={password}>
            {({ copied, copy }) => (
              <Button variant="default" size="compact-sm" onClick={copy} aria-live="polite">
                {copied ? t('passwordCopied') : t('copyPassword')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
