import '../app/styles-kit';
import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The left menu under 768 px: a Mantine Drawer opened by the header's menu button. It closes on
 * Esc, on the overlay, on its close button and when an item is chosen (the shell passes the menu
 * as `children`, so this chunk holds only the kit's drawer). The focus goes back to the menu
 * button once the drawer has gone (`onClosed`), not through the kit's own return: that one
 * remembers whatever had the focus when this lazily loaded chunk mounted, which on a slow phone
 * is not always the button. Loaded once the screen is small (the kit's modal code stays off the
 * landing's initial load).
 */
export default function NavDrawer({
  opened,
  onClose,
  onClosed,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  onClosed: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      returnFocus={false}
      onExitTransitionEnd={onClosed}
      position="left"
      size={300}
      title={t('shell.menu')}
      closeButtonProps={{ 'aria-label': t('shell.menuClose') }}
    >
      {children}
    </Drawer>
  );
}
