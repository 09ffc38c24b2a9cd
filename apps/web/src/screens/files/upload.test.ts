import { afterEach, describe, expect, it, vi } from 'vitest';
import { FILE_LIMITS, RESUMABLE_FROM_BYTES } from '@sabaq/platform';
import { UploadError, sendFile } from './upload';

afterEach(() => vi.unstubAllGlobals());

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  size: number;
}

/**
 * A stand-in XMLHttpRequest (happy-dom has no server to send to): `answer` decides each request's
 * fate — a status and body, or 'cut' (the network fails half-way, after `cutAt` bytes reached
 * the server, which `received` then reports).
 */
function fakeXhr(
  answer: (seen: Seen) => { status: number; body?: unknown; offset?: number } | 'cut',
) {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
      status = 0;
      responseText = '';
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      private request: Seen = { method: '', url: '', headers: {}, size: 0 };
      private offset: string | null = null;
      open(method: string, url: string) {
        this.request = { method, url, headers: {}, size: 0 };
      }
      setRequestHeader(name: string, value: string) {
        this.request.headers[name] = value;
      }
      getResponseHeader(name: string) {
        return name === 'Upload-Offset' ? this.offset : null;
      }
      send(body: Blob | FormData) {
        this.request.size = body instanceof Blob ? body.size : 0;
        seen.push(this.request);
        const result = answer(this.request);
        setTimeout(() => {
          this.upload.onprogress?.({ loaded: Math.floor(this.request.size / 2) });
          if (result === 'cut') return this.onerror?.();
          this.status = result.status;
          this.responseText = JSON.stringify(result.body ?? null);
          this.offset = result.offset === undefined ? null : String(result.offset);
          this.onload?.();
        }, 0);
      }
      abort() {
        this.onabort?.();
      }
    },
  );
  return seen;
}

describe('sendFile', () => {
  it('refuses a file over the use’s limit before sending a byte, naming it and the limit', async () => {
    const seen = fakeXhr(() => ({ status: 500 }));
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const big = new File([new Uint8Array(8)], 'үлкен.mp4');
    Object.defineProperty(big, 'size', { value: FILE_LIMITS.chat.maxBytes + 1 });
    await expect(sendFile(big, 'chat')).rejects.toThrow(
      /^«үлкен\.mp4» файлы тым үлкен \(26 МБ\): бұл жерге ең көбі 25 МБ жүктеуге болады/,
    );
    expect(seen).toHaveLength(0);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends a small file as one multipart POST and reports progress; the server’s refusal is its message', async () => {
    const uploaded = {
      use: 'homework',
      id: 7,
      name: 'a.png',
      label: 'a.png',
      mime: 'image/png',
      size: 3,
      url: '/x',
    };
    const seen = fakeXhr((request) =>
      request.url.includes('use=homework')
        ? { status: 201, body: { data: uploaded } }
        : {
            status: 422,
            body: { errors: { file: ['Тип файла «b.png» (text/html) здесь не разрешён'] } },
          },
    );
    const progress: number[] = [];
    const file = new File([new Uint8Array([1, 2, 3])], 'a.png');
    expect(await sendFile(file, 'homework', (p) => progress.push(p.sent))).toEqual(uploaded);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/v2/os/files?use=homework' });
    expect(progress.at(-1)).toBe(3);
    await expect(sendFile(new File(['<html>'], 'b.png'), 'chat')).rejects.toBeInstanceOf(
      UploadError,
    );
    await expect(sendFile(new File(['<html>'], 'b.png'), 'chat')).rejects.toThrow(
      'Тип файла «b.png» (text/html) здесь не разрешён',
    );
  });

  it('sends a large file in pieces and resumes from the server’s offset after a cut', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const size = RESUMABLE_FROM_BYTES + 5 * 1024 * 1024; // 13 MB: 4 MB pieces
    let stored = 0;
    let cut = false;
    const seen = fakeXhr((request) => {
      const offset = Number(request.headers['Upload-Offset']);
      expect(offset).toBe(stored);
      if (offset === 4 * 1024 * 1024 && !cut) {
        // The network fails half-way through the second piece: 1 MB of it reached the server.
        cut = true;
        stored += 1024 * 1024;
        return 'cut';
      }
      stored += request.size;
      return { status: 204, offset: stored };
    });
    const file = { id: 'b1a0c1d2-0000-4000-8000-000000000001' };
    const done = {
      use: 'homework',
      id: 9,
      name: 'видео.mp4',
      label: 'видео.mp4',
      mime: 'video/mp4',
      size,
      url: '/f',
    };
    const fetches: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        fetches.push(`${method} ${url}`);
        if (method === 'POST')
          return new Response(
            JSON.stringify({
              data: { ...file, use: 'homework', offset: 0, length: size, file: null },
            }),
            { status: 201 },
          );
        if (method === 'HEAD')
          return new Response(null, { status: 200, headers: { 'Upload-Offset': String(stored) } });
        return new Response(
          JSON.stringify({
            data: { ...file, use: 'homework', offset: size, length: size, file: done },
          }),
        );
      }),
    );
    const resuming: boolean[] = [];
    const big = new File([new Uint8Array(size)], 'видео.mp4');
    const result = await sendFile(big, 'homework', (p) => resuming.push(Boolean(p.resuming)));
    vi.useRealTimers();
    expect(result).toEqual(done);
    expect(stored).toBe(size);
    expect(resuming).toContain(true);
    expect(fetches).toEqual([
      'POST /api/v2/os/files/uploads',
      `HEAD /api/v2/os/files/uploads/${file.id}`,
      `GET /api/v2/os/files/uploads/${file.id}`,
    ]);
    // Pieces: 0, 4 MB (cut), then from 5 MB on; the last one ends at the file's size.
    expect(seen.map((s) => Number(s.headers['Upload-Offset']))).toEqual([
      0,
      4 * 1024 * 1024,
      5 * 1024 * 1024,
      9 * 1024 * 1024,
    ]);
  });
});
