import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import type { UiLang } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';

const kz = {
  cancel: 'Болдырмау',
  close: 'Жабу',
  confirmIn: '{action} ({n})',
  copyright:
    'Материал авторлық құқықты бұзбайтынын және оны жариялауға құқығым бар екенін растаймын',
};
const ru: typeof kz = {
  cancel: 'Отмена',
  close: 'Закрыть',
  confirmIn: '{action} ({n})',
  copyright:
    'Подтверждаю, что материал не нарушает авторских прав и у меня есть право его опубликовать',
};
const catalogues: Record<UiLang, typeof kz> = { kz, ru };

/** The confirm modal's own labels in the interface language (exported for tests). */
export function confirmText(lang: UiLang = currentUiLang()) {
  return catalogues[lang];
}

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  /** The confirm button's label (a verb: «Жою», «Сдать работу»). */
  action: string;
  /** A destructive action shows its button red. */
  danger?: boolean;
  /**
   * Spec §4: seconds the confirm button stays disabled after opening, shown on it and ticking
   * each second (0 or left out: none).
   */
  countdown?: number;
  /** Spec §4: a publication asks for the copyright tick box before confirm is enabled. */
  copyright?: boolean;
  /** Another tick box that must be ticked first (its label). */
  tick?: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The spec's confirm modal (§4) for every confirmation in the web app instead of the browser's
 * `confirm()` (which a webview or blocked dialogs swallow): what will happen, Cancel and the
 * action; an optional countdown on the action and an optional tick box (copyright on publishing).
 * Mantine's modal traps focus, closes on Escape and gives the focus back; the safe button
 * (Cancel) takes the first focus so that Enter never confirms by accident.
 */
export function ConfirmModal({
  opened,
  title,
  message,
  action,
  danger,
  countdown = 0,
  copyright,
  tick,
  busy,
  error,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  const t = confirmText();
  const [remaining, setRemaining] = useState(0);
  const [ticked, setTicked] = useState(false);
  // Every opening starts the countdown again and clears the tick box.
  useEffect(() => {
    if (!opened) return;
    setTicked(false);
    setRemaining(Math.max(0, Math.floor(countdown)));
  }, [opened, countdown]);
  useEffect(() => {
    if (!opened || remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((n) => Math.max(0, n - 1)), 1_000);
    return () => clearTimeout(timer);
  }, [opened, remaining]);
  const tickLabel = copyright ? t.copyright : tick;
  const canConfirm = remaining === 0 && (!tickLabel || ticked) && !busy;
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t.close }}
      centered
    >
      <Stack gap="md">
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        {tickLabel ? (
          <Checkbox
            checked={ticked}
            disabled={busy}
            label={tickLabel}
            onChange={(e) => setTicked(e.currentTarget.checked)}
          />
        ) : null}
        {error ? (
          <Text role="alert" c="red.9">
            {error}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            {t.cancel}
          </Button>
          <Button
            color={danger ? 'red.9' : undefined}
            disabled={!canConfirm}
            loading={busy}
            onClick={onConfirm}
          >
            {remaining > 0
              ? t.confirmIn.replace('{action}', action).replace('{n}', String(remaining))
              : action}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
