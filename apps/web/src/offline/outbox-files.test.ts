import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileUse, UploadedFile } from '@sabaq/platform';
import type { ApiClient, ApiResult } from '../api/client';
import { UploadError } from '../screens/files/upload';
import { store } from '../session/store';
import { keptFile } from './kept-files';
import { wipeReads, wipeReadsOnly } from './read-cache';
import {
  OFFLINE_FILE_MAX_BYTES,
  drain,
  enqueue,
  keepFile,
  keptFiles,
  newOpId,
  setUploader,
  startOutbox,
  stopOutbox,
  waiting,
} from './outbox';

type Call = { method: string; path: string; body: unknown; op: string | undefined };

/** A fake API: answers each call with the next of `replies` (then 200), recording the calls. */
function fakeApi(replies: ApiResult<unknown>[] = []) {
  const calls: Call[] = [];
  const api = {
    request: vi.fn(
      async (
        method: string,
        path: string,
        options: { body?: unknown; headers?: Record<string, string> },
      ) => {
        calls.push({ method, path, body: options.body, op: options.headers?.['X-Client-Op'] });
        return replies.shift() ?? { error: false, status: 200, data: { data: null } };
      },
    ),
  } as unknown as ApiClient;
  return { api, calls };
}

/** A stub upload: each call answers the next of `outcomes` (an id, or an error to throw). */
function fakeUploads(outcomes: (number | Error)[]) {
  const sent: { name: string; use: FileUse; text: string }[] = [];
  const upload = vi.fn(async (file: File, use: FileUse): Promise<UploadedFile> => {
    sent.push({ name: file.name, use, text: await file.text() });
    const next = outcomes.shift() ?? 900;
    if (next instanceof Error) throw next;
    return { use, id: next, name: file.name, label: file.name, mime: file.type, size: 1, url: '' };
  });
  setUploader(upload);
  return { upload, sent };
}

const offline = () => new UploadError('Желі үзілді', 0, true);
const file = (name: string, text: string) => new File([text], name, { type: 'text/plain' });

/** A homework answer handed in offline with the files kept on the device. */
async function answerWith(...kept: File[]) {
  const uploads = [];
  for (const f of kept) uploads.push(await keepFile(f, 'homework'));
  const opId = newOpId();
  await enqueue({
    opId,
    method: 'POST',
    path: '/api/v2/os/homework/list/assigned/5',
    body: { text: 'x = 4', files: [17], exerciseAnswers: null },
    scope: 'homework:5',
    uploads,
  });
  return opId;
}

beforeEach(() => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});
afterEach(async () => {
  stopOutbox();
  await wipeReads();
});

describe('outbox: files kept for a homework answer (issue 31)', () => {
  it('keeps a picked file on the device and lists it (name, size, type) for its user only', async () => {
    startOutbox(fakeApi().api, 7, () => false);
    const ref = await keepFile(file('жауап.txt', 'x = 4'), 'homework');
    expect(ref).toMatchObject({ name: 'жауап.txt', size: 5, mime: 'text/plain', use: 'homework' });
    expect((await keptFiles()).map((f) => f.name)).toEqual(['жауап.txt']);
    expect(await (await keptFile(ref.key))!.text()).toBe('x = 4');
    expect(OFFLINE_FILE_MAX_BYTES).toBe(10 * 1024 * 1024);
    startOutbox(fakeApi().api, 8, () => false);
    expect(await keptFiles()).toEqual([]);
  });

  it('uploads the kept files first, then posts the answer with their ids; the kept bytes go', async () => {
    const { api, calls } = fakeApi();
    const { sent } = fakeUploads([41, 42]);
    startOutbox(api, 7, () => true);
    const opId = await answerWith(file('a.txt', 'aaa'), file('b.txt', 'bb'));
    await drain();
    expect(sent).toEqual([
      { name: 'a.txt', use: 'homework', text: 'aaa' },
      { name: 'b.txt', use: 'homework', text: 'bb' },
    ]);
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/v2/os/homework/list/assigned/5',
        body: { text: 'x = 4', files: [17, 41, 42], exerciseAnswers: null },
        op: opId,
      },
    ]);
    expect(await waiting()).toEqual([]);
    expect(await keptFiles()).toEqual([]);
    expect(store.get().outbox).toBe(0);
  });

  it('an upload that meets no network leaves the answer waiting and posts nothing', async () => {
    const { api, calls } = fakeApi();
    const { upload } = fakeUploads([41, offline()]);
    startOutbox(api, 7, () => true);
    await answerWith(file('a.txt', 'aaa'), file('b.txt', 'bb'));
    await drain();
    expect(upload).toHaveBeenCalledTimes(2);
    expect(calls).toEqual([]);
    const [left] = await waiting();
    expect(left!.refused).toBeUndefined();
    // The first one's id is kept: it is not uploaded again.
    expect(left!.uploads!.map((u) => u.id)).toEqual([41, undefined]);
    expect(await keptFiles()).toHaveLength(2);
    expect(store.get().outbox).toBe(1);
  });

  it('a retry after the files went (the answer lost on the way) does not upload them again', async () => {
    const { api, calls } = fakeApi([{ error: true, status: 0, errorType: 'network', data: null }]);
    const { upload } = fakeUploads([41]);
    startOutbox(api, 7, () => true);
    const opId = await answerWith(file('a.txt', 'aaa'));
    await drain();
    expect(upload).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
    expect(await waiting()).toHaveLength(1);
    await drain();
    expect(upload).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => [c.op, (c.body as { files: number[] }).files])).toEqual([
      [opId, [17, 41]],
      [opId, [17, 41]],
    ]);
    expect(await waiting()).toEqual([]);
    expect(await keptFiles()).toEqual([]);
  });

  it('a file the server refuses keeps the answer refused, with the message, posting nothing', async () => {
    const { api, calls } = fakeApi();
    fakeUploads([new UploadError('«a.txt» файлы тым үлкен', 413)]);
    startOutbox(api, 7, () => true);
    await answerWith(file('a.txt', 'aaa'));
    await drain();
    expect(calls).toEqual([]);
    const [left] = await waiting();
    expect(left).toMatchObject({ refused: '«a.txt» файлы тым үлкен' });
    expect(left!.uploads!.map((u) => u.name)).toEqual(['a.txt']);
    expect(store.get().outbox).toBe(0);
    // Its bytes stay on the device: the page puts the file back into the form.
    expect(await keptFiles()).toHaveLength(1);
  });

  it('an answer the server refuses after its files went is kept with the message and the ids', async () => {
    const { api } = fakeApi([
      { error: true, status: 422, errorType: 'validation', data: { message: 'Мерзімі өтті' } },
    ]);
    fakeUploads([41]);
    startOutbox(api, 7, () => true);
    await answerWith(file('a.txt', 'aaa'));
    await drain();
    const [left] = await waiting();
    expect(left).toMatchObject({ refused: 'Мерзімі өтті' });
    expect(left!.uploads!.map((u) => u.id)).toEqual([41]);
    // The body stays as handed in (the page adds the uploaded files back itself).
    expect((left!.body as { files: number[] }).files).toEqual([17]);
  });

  it('logout wipes the kept files; a session that ended otherwise keeps them with the writes', async () => {
    startOutbox(fakeApi().api, 7, () => false);
    await answerWith(file('a.txt', 'aaa'));
    await wipeReadsOnly();
    expect(await keptFiles()).toHaveLength(1);
    expect(await waiting()).toHaveLength(1);
    stopOutbox();
    await wipeReads();
    startOutbox(fakeApi().api, 7, () => false);
    expect(await keptFiles()).toEqual([]);
    expect(await waiting()).toEqual([]);
  });
});
