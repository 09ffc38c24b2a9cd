import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog, dialogReady } from './Dialog';

// The kit's Modal is fetched just after the builder; these tests start once it is here.
beforeAll(() => dialogReady);

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <MantineProvider>
      <button onClick={() => setOpen(true)}>Жою</button>
      <Dialog
        open={open}
        title="Мақсатты жою"
        onClose={() => setOpen(false)}
        footer={
          <>
            <button onClick={() => setOpen(false)}>Болдырмау</button>
            <button>Жою (растау)</button>
          </>
        }
      >
        <p>Мақсат жойылсын ба?</p>
      </Dialog>
    </MantineProvider>
  );
}

describe('Dialog (the kit’s Modal)', () => {
  it('is a labelled modal dialog: focus moves in and stays, Escape closes, focus returns', async () => {
    render(<Opener />);
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Жою' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Мақсатты жою' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    // Tab goes round inside the dialog.
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
