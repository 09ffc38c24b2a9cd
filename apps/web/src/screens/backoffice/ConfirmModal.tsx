import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { T } from './texts';
import './backoffice.css';

/** A short confirmation: what will happen, then the action (red) and Cancel; errors shown inside. */
export function ConfirmModal({
  opened,
  title,
  message,
  action,
  error,
  busy,
  onConfirm,
  onClose,
  t,
}: {
  opened: boolean;
  title: string;
  message: string;
  action: string;
  error: string | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  t: T;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('close') }}
      className="bo-modal"
    >
      <Stack gap="md">
        <Text>{message}</Text>
        {error ? (
          <p role="alert" className="bo-error">
            {error}
          </p>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm} data-autofocus>
            {action}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
