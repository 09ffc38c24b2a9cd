import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';

/** The methodist's editor of a document in a wide dialog (the whole screen on a phone). */
export function DocumentModal({
  opened,
  title,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="xl"
      fullScreen={typeof window !== 'undefined' && window.innerWidth < 600}
    >
      {children}
    </Modal>
  );
}
