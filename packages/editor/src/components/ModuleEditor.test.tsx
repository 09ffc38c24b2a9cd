import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderEditor } from '../test/render';
import { build, emptySor } from '../test/fixtures';

const draft = () =>
  build(emptySor(), [
    { type: 'page/add', pageId: 'p1', title: 'Бірінші' },
    { type: 'page/add', pageId: 'p2', title: 'Екінші' },
    { type: 'module/add', pageId: 'p1', moduleId: 'a', moduleType: 'task', title: 'А' },
    { type: 'module/add', pageId: 'p1', moduleId: 'b', moduleType: 'task', title: 'Б' },
  ]);

describe('module editor', () => {
  it('uploads a file, adds it as an asset and attaches it to the module', async () => {
    const upload = vi.fn(async (file: File) => ({ name: 'f1.pdf', label: file.name }));
    const { user, log } = renderEditor({
      draft: draft(),
      upload,
      assetUrl: (n) => `/api/v2/os/files/${n}`,
    });
    await user.click(screen.getByRole('button', { name: /1 А/ }));
    const input = screen.getByLabelText('Файл жүктеу') as HTMLInputElement;
    await user.upload(
      input,
      new File(['%PDF-1.4'], 'жұмыс парағы.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() =>
      expect(log.draft().assets).toEqual([{ name: 'f1.pdf', label: 'жұмыс парағы.pdf' }]),
    );
    expect(log.draft().pages[0]!.modules[0]!.attachments).toEqual(['f1.pdf']);
    const link = screen.getByRole('link', { name: 'жұмыс парағы.pdf' });
    expect(link.getAttribute('href')).toBe('/api/v2/os/files/f1.pdf');
    await user.click(screen.getByRole('button', { name: 'Тіркемені алу: жұмыс парағы.pdf' }));
    expect(log.draft().pages[0]!.modules[0]!.attachments).toEqual([]);
  });

  it('shows the progress of an asset on its way, then the attached asset', async () => {
    let finish: (value: { name: string; label: string }) => void = () => undefined;
    const { user, log } = renderEditor({
      draft: draft(),
      upload: (file, onProgress) =>
        new Promise((resolve) => {
          onProgress?.(30, 100);
          finish = () => resolve({ name: 'v1.mp4', label: file.name });
        }),
    });
    await user.click(screen.getByRole('button', { name: /1 А/ }));
    await user.upload(screen.getByLabelText('Файл жүктеу'), new File(['x'], 'тәжірибе.mp4'));
    const bar = await screen.findByRole('progressbar', { name: 'Жүктелуде: тәжірибе.mp4' });
    expect(bar.getAttribute('aria-valuenow')).toBe('30');
    finish({ name: 'v1.mp4', label: 'тәжірибе.mp4' });
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(log.draft().pages[0]!.modules[0]!.attachments).toEqual(['v1.mp4']);
  });

  it('says why an upload failed and changes nothing', async () => {
    const { user, log } = renderEditor({
      draft: draft(),
      upload: async () => {
        throw new Error('Файл тым үлкен: ең көбі 10 МБ.');
      },
    });
    await user.click(screen.getByRole('button', { name: /1 А/ }));
    await user.upload(screen.getByLabelText('Файл жүктеу'), new File(['x'], 'a.pdf'));
    expect(await screen.findByText('Файл жүктелмеді: Файл тым үлкен: ең көбі 10 МБ.')).toBeTruthy();
    expect(log.draft().assets).toEqual([]);
  });

  it('switches a module between simple and task (the answer editors go away)', async () => {
    const { user, log } = renderEditor({ draft: draft() });
    await user.click(screen.getByRole('button', { name: /1 А/ }));
    await user.click(screen.getByRole('radio', { name: 'Мәтіндік модуль' }));
    expect(log.draft().pages[0]!.modules[0]!.type).toBe('simple');
    expect(screen.queryByRole('group', { name: 'Жауап түрі' })).toBeNull();
  });

  it('moves modules and pages by drag and drop', () => {
    const { log } = renderEditor({ draft: draft() });
    const rows = () => [...document.querySelectorAll('.sbq-module')];
    const dataTransfer = { setData: () => {}, effectAllowed: '' };
    fireEvent.dragStart(rows()[1]!, { dataTransfer });
    fireEvent.drop(rows()[0]!, { dataTransfer });
    expect(log.draft().pages[0]!.modules.map((m) => m.id)).toEqual(['b', 'a']);
    const pages = () => [...document.querySelectorAll('.sbq-page')];
    fireEvent.dragStart(rows()[0]!, { dataTransfer });
    fireEvent.drop(pages()[1]!, { dataTransfer });
    expect(log.draft().pages[1]!.modules.map((m) => m.id)).toEqual(['b']);
    fireEvent.dragStart(pages()[1]!, { dataTransfer });
    fireEvent.drop(pages()[0]!, { dataTransfer });
    expect(log.draft().pages.map((p) => p.id)).toEqual(['p2', 'p1']);
  });
});
