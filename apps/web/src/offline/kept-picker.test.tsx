import 'fake-indexeddb/auto';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { FileRef } from '@sabaq/platform';
import type { ApiClient } from '../api/client';
import { FilePicker } from '../screens/shared/files';
import type { KeptUpload } from './kept-files';
import { keptFiles, startOutbox, stopOutbox } from './outbox';
import { wipeReads } from './read-cache';

/** The homework answer's picker, keeping offline files as StudentAnswer does. */
function Picker() {
  const [files, setFiles] = useState<FileRef[]>([]);
  const [kept, setKept] = useState<KeptUpload[]>([]);
  return <FilePicker files={files} onChange={setFiles} kept={kept} onKept={setKept} />;
}

function mount() {
  window.history.replaceState(null, '', '/kk/homework/list/assigned/5');
  const { container } = render(
    <MantineProvider>
      <Picker />
    </MantineProvider>,
  );
  return container.querySelector<HTMLInputElement>('input[type="file"]')!;
}

beforeEach(() => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  startOutbox({ request: async () => ({}) } as unknown as ApiClient, 7, () => false);
});
afterEach(async () => {
  stopOutbox();
  await wipeReads();
});

describe('the homework file picker offline (issue 31)', () => {
  it('keeps a picked file on the device and lists it as waiting, with its name and size', async () => {
    const input = mount();
    await userEvent.upload(input, new File(['x = 4'], 'жауап.txt', { type: 'text/plain' }));
    const list = await screen.findByTestId('kept-files');
    expect(list.textContent).toContain('жауап.txt');
    expect(list.textContent).toContain('1 KB — жүктеуді күтуде');
    expect(screen.getByRole('status').textContent).toContain('әрқайсысы 10 МБ-қа дейін');
    expect((await keptFiles()).map((f) => [f.name, f.size])).toEqual([['жауап.txt', 5]]);
  });

  it('refuses a file above the offline limit with a message that it needs the link', async () => {
    const input = mount();
    const big = new File([new Uint8Array(11 * 1024 * 1024)], 'бейне.mp4', { type: 'video/mp4' });
    await userEvent.upload(input, big);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        '«бейне.mp4» файлы (11 МБ) интернетсіз тіркелмейді: құрылғыда 10 МБ-қа дейінгі файлдар ғана сақталады. Байланыс қалпына келгенде тіркеңіз, басқа деректер сақталды.',
      ),
    );
    expect(screen.queryByTestId('kept-files')).toBeNull();
    expect(await keptFiles()).toEqual([]);
  });
});
