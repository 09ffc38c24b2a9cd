import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { ConfirmModal, confirmText } from './ConfirmModal';

function show(props: Partial<Parameters<typeof ConfirmModal>[0]> = {}) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  render(
    <MantineProvider>
      <ConfirmModal
        opened
        title="Жою"
        message="«Бөлшектер» жойылсын ба?"
        action="Жою"
        onConfirm={onConfirm}
        onClose={onClose}
        {...props}
      />
    </MantineProvider>,
  );
  return { onConfirm, onClose };
}

describe('ConfirmModal (spec §4)', () => {
  it('says what happens, confirms with the action and cancels with Escape', async () => {
    const { onConfirm, onClose } = show();
    const dialog = await screen.findByRole('dialog', { name: 'Жою' });
    expect(within(dialog).getByText('«Бөлшектер» жойылсын ба?')).toBeTruthy();
    // The safe button takes the focus first: Enter never confirms by accident.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('button', { name: 'Болдырмау' }),
      ),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Жою' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('enables confirm only after the copyright tick box', async () => {
    const { onConfirm } = show({ copyright: true, action: 'Жариялау', title: 'Жариялау' });
    const dialog = await screen.findByRole('dialog', { name: 'Жариялау' });
    const confirm = within(dialog).getByRole('button', { name: 'Жариялау' });
    expect(confirm).toHaveProperty('disabled', true);
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: confirmText('kz').copyright }),
    );
    expect(confirm).toHaveProperty('disabled', false);
    await userEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('counts down on the confirm button, disabled until zero, ticking each second', async () => {
    show({ countdown: 2, action: 'Тапсыру', title: 'Тапсыру' });
    const dialog = await screen.findByRole('dialog', { name: 'Тапсыру' });
    expect(within(dialog).getByRole('button', { name: 'Тапсыру (2)' })).toHaveProperty(
      'disabled',
      true,
    );
    await within(dialog).findByRole('button', { name: 'Тапсыру (1)' }, { timeout: 3000 });
    const ready = await within(dialog).findByRole('button', { name: 'Тапсыру' }, { timeout: 3000 });
    await waitFor(() => expect(ready).toHaveProperty('disabled', false));
  });

  it('has both languages with the same keys', () => {
    expect(Object.keys(confirmText('ru'))).toEqual(Object.keys(confirmText('kz')));
  });
});
