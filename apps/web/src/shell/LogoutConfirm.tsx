import '../app/styles-kit';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentUiLang, logout } from '../app/services';
import { OFFLINE_TEXTS } from '../offline/offline-texts';
import { useAppState } from '../session/store';

/**
 * Spec §1/§4: logging out during a video conference asks for confirmation first; so does it while
 * writes made offline still wait for the network (issue 31: logout wipes them from the device).
 */
export default function LogoutConfirm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const unsent = useAppState((s) => s.outbox);
  const o = OFFLINE_TEXTS[currentUiLang()];
  return (
    <Modal
      opened
      onClose={onClose}
      title={unsent > 0 ? o.logoutTitle : t('logout.confirmTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      <Text mb="md">
        {unsent > 0 ? o.logoutText.replace('{count}', String(unsent)) : t('logout.confirmText')}
      </Text>
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
