import '../app/styles-kit';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { logout } from '../app/services';

/** Spec §1/§4: logging out during a video conference asks for confirmation first. */
export default function LogoutConfirm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('logout.confirmTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      <Text mb="md">{t('logout.confirmText')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          color="red"
          onClick={() => {
            onClose();
            void logout();
          }}
        >
          {t('header.logout')}
        </Button>
      </Group>
    </Modal>
  );
}
