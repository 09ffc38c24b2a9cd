import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { translator } from '../i18n/messages';
import { PublishProblems } from '../machines/publish';
import { PublishButton } from './PublishDialog';
import { dialogReady } from './Dialog';

// The kit's Modal is fetched just after the builder; these tests start once it is here.
beforeAll(() => dialogReady);

const t = translator('ru');

describe('publish confirm modal', () => {
  afterEach(() => vi.useRealTimers());

  it('enables confirm only after the copyright tick box and closes after success', async () => {
    const publish = vi.fn(async () => {});
    const onPublished = vi.fn();
    render(<PublishButton t={t} publish={publish} onPublished={onPublished} />);
    fireEvent.click(screen.getByRole('button', { name: 'Опубликовать' }));
    const dialog = screen.getByRole('dialog', { name: 'Подтверждение публикации' });
    const confirm = within(dialog).getByRole('button', { name: 'Подтвердить' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /авторских прав/ }));
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(publish).toHaveBeenCalledTimes(1);
    expect(onPublished).toHaveBeenCalledTimes(1);
  });

  it('asks the author of an exam whether to share it in the catalogue, starting from its choice (issue 28)', async () => {
    const publish = vi.fn(async (_opts: { share?: boolean }) => {});
    render(<PublishButton t={t} publish={publish} share={{ initial: false }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Опубликовать' }));
    const dialog = screen.getByRole('dialog', { name: 'Подтверждение публикации' });
    const share = within(dialog).getByRole('checkbox', { name: /Поделиться в общем каталоге/ });
    expect((share as HTMLInputElement).checked).toBe(false);
    expect(dialog.textContent).toContain(
      'Ответы и копирование откроются другим школам только после',
    );
    fireEvent.click(share);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /авторских прав/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(publish).toHaveBeenCalledWith({ share: true }));
  });

  it('asks nothing about sharing for other content', async () => {
    const publish = vi.fn(async (_opts: { share?: boolean }) => {});
    render(<PublishButton t={t} publish={publish} />);
    fireEvent.click(screen.getByRole('button', { name: 'Опубликовать' }));
    const dialog = screen.getByRole('dialog', { name: 'Подтверждение публикации' });
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(publish).toHaveBeenCalledWith({}));
  });

  it('counts down on the confirm button, one second at a time', () => {
    vi.useFakeTimers();
    render(<PublishButton t={t} publish={async () => {}} countdown={2} />);
    fireEvent.click(screen.getByRole('button', { name: 'Опубликовать' }));
    fireEvent.click(screen.getByRole('checkbox'));
    expect(screen.getByRole('button', { name: 'Подтвердить (2)' })).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1000));
    const one = screen.getByRole('button', { name: 'Подтвердить (1)' }) as HTMLButtonElement;
    expect(one.disabled).toBe(true);
    act(() => void vi.advanceTimersByTime(1000));
    expect(
      (screen.getByRole('button', { name: 'Подтвердить' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('shows the server’s 422 problems in the modal', async () => {
    render(
      <PublishButton
        t={t}
        publish={async () => {
          throw new PublishProblems({ title: ['Укажите название.'] });
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Опубликовать' }));
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Укажите название.');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('closes with Escape', () => {
    render(<PublishButton t={t} publish={async () => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Опубликовать' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
