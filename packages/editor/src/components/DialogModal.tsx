import type { ReactNode } from 'react';
import { Group, Modal } from '@mantine/core';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * The builder's dialogs are the kit's Modal: labelled by its title, focus moves in and is
 * trapped, Escape or a click outside closes, focus returns to what opened it. The way out is a
 * button in the footer (kz/ru), so there is no unnamed ✕. No animation: it opens and closes at
 * once, as it did before.
 */
export default function DialogModal({ open, title, onClose, children, footer }: DialogProps) {
  return (
    <Modal.Root
      opened={open}
      onClose={onClose}
      size="32rem"
      centered
      transitionProps={{ duration: 0 }}
    >
      <Modal.Overlay />
      <Modal.Content>
        {/* A <div>, not the kit's <header>: inside a dialog a header would be a second page
            banner to screen readers (axe: landmark-no-duplicate-banner). */}
        <Modal.Header {...{ component: 'div' }}>
          <Modal.Title className="sbq-dialog-title">{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <div className="sbq-dialog-body">{children}</div>
          {footer && (
            <Group justify="flex-end" gap="sm" mt="md" className="sbq-dialog-footer">
              {footer}
            </Group>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
