import { FILE_LIMITS, RESUMABLE_FROM_BYTES, apiPath } from '@sabaq/platform';
import type { FileUse, ResumableUpload, UploadedFile } from '@sabaq/platform';
import { currentUiLang, getToken } from '../../app/services';
import { filesText, megabytes } from './texts';

/**
 * Sends one file to the file service with progress: one multipart POST for ordinary files, the
 * resumable protocol (tus 1.0: create, then PATCH pieces, HEAD to resume after a cut) for large
 * ones. The size limit of the use is checked before a byte is sent; whatever is refused, the
 * caller keeps everything else the person typed (the error is only thrown, never a reload).
 */
export interface Progress {
  sent: number;
  total: number;
  /** A cut connection is being resumed. */
  resuming?: boolean;
}

/**
 * Why a file did not go: `status` is the server's refusal (4xx: too large, a type not allowed…;
 * 5xx: the server away), 0 when no answer came; `network` when the link failed on the way (the
 * offline outbox keeps such a file for later, issue 31), not when the person cancelled.
 */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status = 0,
    readonly network = false,
  ) {
    super(message);
  }
}

/** Bytes per PATCH: small enough that a cut loses little, large enough to stay fast. */
const PIECE = 4 * 1024 * 1024;
const RETRIES = 5;

export async function sendFile(
  file: File,
  use: FileUse,
  onProgress: (progress: Progress) => void = () => undefined,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  const max = FILE_LIMITS[use].maxBytes;
  if (file.size > max)
    throw new UploadError(
      filesText('tooLarge', { label: file.name, size: megabytes(file.size), max: megabytes(max) }),
    );
  onProgress({ sent: 0, total: file.size });
  return file.size > RESUMABLE_FROM_BYTES
    ? sendResumable(file, use, onProgress, signal)
    : sendMultipart(file, use, onProgress, signal);
}

function headers(): Record<string, string> {
  const out: Record<string, string> = {
    Accept: 'application/json',
    'X-Localization': currentUiLang(),
  };
  const token = getToken();
  if (token) out.Authorization = `Bearer ${token}`;
  return out;
}

interface Answer {
  status: number;
  body: { data?: unknown; message?: string; errors?: Record<string, string[]> } | null;
  header: (name: string) => string | null;
}

/** One XMLHttpRequest (fetch has no upload progress); rejects only when the network fails. */
function xhr(
  method: string,
  url: string,
  body: XMLHttpRequestBodyInit | null,
  extra: Record<string, string>,
  onSent: (loaded: number) => void,
  signal?: AbortSignal,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    for (const [name, value] of Object.entries({ ...headers(), ...extra }))
      request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => onSent(event.loaded);
    request.onload = () => {
      let parsed: Answer['body'] = null;
      try {
        parsed = request.responseText ? (JSON.parse(request.responseText) as Answer['body']) : null;
      } catch {
        parsed = null;
      }
      resolve({
        status: request.status,
        body: parsed,
        header: (name) => request.getResponseHeader(name),
      });
    };
    request.onerror = () => reject(new TypeError('network'));
    request.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}

function refusal(answer: Answer): UploadError {
  const first = answer.body?.errors ? Object.values(answer.body.errors).flat()[0] : undefined;
  return new UploadError(first ?? answer.body?.message ?? String(answer.status), answer.status);
}

async function sendMultipart(
  file: File,
  use: FileUse,
  onProgress: (progress: Progress) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  let answer: Answer;
  try {
    answer = await xhr(
      'POST',
      `${apiPath('files.upload')}?use=${use}`,
      form,
      {},
      (loaded) => onProgress({ sent: Math.min(loaded, file.size), total: file.size }),
      signal,
    );
  } catch (err) {
    throw networkError(err, file);
  }
  if (answer.status !== 201) throw refusal(answer);
  onProgress({ sent: file.size, total: file.size });
  return (answer.body as { data: UploadedFile }).data;
}

async function sendResumable(
  file: File,
  use: FileUse,
  onProgress: (progress: Progress) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  const b64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
  const created = await fetch(apiPath('files.uploadCreate'), {
    method: 'POST',
    headers: {
      ...headers(),
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(file.size),
      'Upload-Metadata': `filename ${b64(file.name)},use ${b64(use)}`,
    },
    ...(signal ? { signal } : {}),
  }).catch((err: unknown) => {
    throw networkError(err, file);
  });
  const createdBody = (await created.json().catch(() => null)) as Answer['body'];
  if (created.status !== 201)
    throw refusal({ status: created.status, body: createdBody, header: () => null });
  const upload = (createdBody as { data: ResumableUpload }).data;
  const location = apiPath('files.uploadStatus', { uploadId: upload.id });
  let offset = 0;
  let failures = 0;
  while (offset < file.size) {
    const piece = file.slice(offset, Math.min(file.size, offset + PIECE));
    const from = offset;
    try {
      const answer = await xhr(
        'PATCH',
        location,
        piece,
        {
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': String(from),
          'Content-Type': 'application/offset+octet-stream',
        },
        (loaded) => onProgress({ sent: from + loaded, total: file.size }),
        signal,
      );
      if (answer.status !== 204) throw refusal(answer);
      offset = Number(answer.header('Upload-Offset') ?? from + piece.size);
      failures = 0;
    } catch (err) {
      if (err instanceof UploadError || isAbort(err) || ++failures > RETRIES)
        throw err instanceof UploadError ? err : networkError(err, file);
      // Cut: ask where the server stopped, after a pause that grows with each try.
      onProgress({ sent: from, total: file.size, resuming: true });
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** failures));
      offset = await serverOffset(location).catch(() => from);
    }
    onProgress({ sent: offset, total: file.size });
  }
  const done = await fetch(location, { headers: headers() }).catch((err: unknown) => {
    throw networkError(err, file);
  });
  const status = (await done.json()) as { data: ResumableUpload };
  if (!status.data.file) throw new UploadError(filesText('network', { label: file.name }), 0, true);
  return status.data.file;
}

async function serverOffset(location: string): Promise<number> {
  const res = await fetch(location, {
    method: 'HEAD',
    headers: { ...headers(), 'Tus-Resumable': '1.0.0' },
  });
  if (!res.ok) throw new Error(String(res.status));
  return Number(res.headers.get('Upload-Offset'));
}

function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

function networkError(err: unknown, file: File): UploadError {
  if (isAbort(err)) return new UploadError(filesText('cancelled', { label: file.name }));
  return new UploadError(filesText('network', { label: file.name }), 0, true);
}
