import type { MonitoringExportJob, RouteId } from '@sabaq/platform';
import { api, currentUiLang, getToken } from '../../app/services';
import { download, failure, path } from '../shared/api';

/**
 * The §7 exports from the browser: the file comes at once when it is quick (200), or a job is
 * followed until its file is ready (202) and then fetched; progress and refusals are reported
 * as they come.
 */

export type ExportId =
  | 'monitoring.export'
  | 'monitoring.exportPdf'
  | 'monitoring.exportSchool'
  | 'monitoring.exportPdfSchool'
  | 'monitoring.exportSchoolPages';

export type ExportEvent =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'ready'; name: string }
  | { kind: 'failed'; message: string };

/** `attachment; filename="…"; filename*=UTF-8''…` → the UTF-8 name when given. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const utf = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf) {
    try {
      return decodeURIComponent(utf[1]!);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

function save(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** The generic 'something went wrong' in the reader's language. */
const generic = () => failure({ error: true, status: 0, errorType: 'network', data: null });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runExport(
  id: ExportId,
  body: object,
  report: (event: ExportEvent) => void,
): Promise<void> {
  const res = await fetch(path(id as RouteId), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${getToken() ?? ''}`,
      'x-localization': currentUiLang(),
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  }).catch(() => null);
  if (!res) return report({ kind: 'failed', message: generic() });
  if (res.status === 200) {
    const name = fileNameOf(res.headers.get('content-disposition'), 'monitoring');
    save(await res.blob(), name);
    return report({ kind: 'ready', name });
  }
  const json = (await res.json().catch(() => null)) as {
    data?: { jobId: number };
    message?: string;
    errors?: Record<string, string[]>;
  } | null;
  if (res.status !== 202 || !json?.data) {
    const first = json?.errors ? Object.values(json.errors).flat()[0] : undefined;
    return report({ kind: 'failed', message: first ?? json?.message ?? res.statusText });
  }
  const jobId = json.data.jobId;
  for (;;) {
    await sleep(700);
    const r = await api.get<{ data: MonitoringExportJob }>(
      path('monitoring.exportJob', { jobId }),
      { handle: 'silent' },
    );
    if (r.error) return report({ kind: 'failed', message: failure(r) });
    const job = r.data.data;
    if (job.status === 'failed')
      return report({ kind: 'failed', message: job.error?.message ?? generic() });
    if (job.status === 'done' && job.file) {
      await download(job.file.url, job.file.name);
      return report({ kind: 'ready', name: job.file.name });
    }
    report({ kind: 'progress', done: job.done, total: job.total });
  }
}
