import { DictionariesSchema } from '@sabaq/engine';
import type { Dictionaries, Draft } from '@sabaq/engine';
import { PublishProblems } from '@sabaq/editor';
import type { DraftListItem, DraftSummary, UiLang } from '@sabaq/platform';
import type { ApiResult } from '../../api/client';
import { api, currentUiLang } from '../../app/services';

/** The drafts API (apps/server/src/routes/drafts.ts) as the content screens use it. */
export const DRAFTS = '/api/v2/os/drafts';
export const FILES = '/api/v2/os/files';
export const BUILDER_DICTIONARIES = '/api/v2/os/builder/dictionaries';

export interface LoadedDraft {
  summary: DraftSummary;
  draft: Draft;
}

type Envelope<T> = { data: T };

/** The first server message of a failed call, or a generic one in the person's language. */
export function errorText(result: ApiResult<unknown>, lang: UiLang = currentUiLang()): string {
  if (!result.error) return '';
  const errors = result.data?.errors;
  const first = errors ? Object.values(errors).flat()[0] : undefined;
  if (first) return first;
  if (result.data?.message) return result.data.message;
  return lang === 'kz'
    ? 'Сервер сұрауды орындай алмады. Кейінірек қайталап көріңіз.'
    : 'Сервер не смог выполнить запрос. Попробуйте позднее.';
}

/**
 * The person's own drafts and those they were invited to (scope `mine`): a list shows what its
 * reader may work on, each row saying whether they may change or delete it.
 */
export async function listDrafts(): Promise<ApiResult<Envelope<DraftListItem[]>>> {
  return api.get<Envelope<DraftListItem[]>>(DRAFTS, {
    query: { limit: 200, scope: 'mine' },
    handle: 'silent',
  });
}

export async function createDraft(init: {
  type: Draft['type'];
  title: string;
  lang: Draft['lang'];
}): Promise<ApiResult<Envelope<LoadedDraft>>> {
  return api.post<Envelope<LoadedDraft>>(DRAFTS, { init }, { handle: 'form' });
}

export async function loadDraft(id: string): Promise<ApiResult<Envelope<LoadedDraft>>> {
  return api.get<Envelope<LoadedDraft>>(`${DRAFTS}/${encodeURIComponent(id)}`, {
    handle: 'silent',
  });
}

export async function deleteDraft(id: string): Promise<ApiResult<unknown>> {
  // The list says why a delete failed, next to the table (not only in a passing notice).
  return api.request('DELETE', `${DRAFTS}/${encodeURIComponent(id)}`, { handle: 'silent' });
}

/** Names of the people who may have edited a draft (owner and co-authors), by user id. */
export async function loadAuthors(id: string): Promise<Record<string, string>> {
  const r = await api.get<Envelope<{ collaborators: Array<{ userId: number; fullname: string }> }>>(
    `${DRAFTS}/${encodeURIComponent(id)}/collaborators`,
    { handle: 'silent' },
  );
  if (r.error) return {};
  return Object.fromEntries(r.data.data.collaborators.map((c) => [String(c.userId), c.fullname]));
}

/** Publishes; `share` puts a SOR/SOCh in the shared catalogue or not (left out: as it was). */
export async function publishDraft(id: string, share?: boolean): Promise<void> {
  const r = await api.post(
    `${DRAFTS}/${encodeURIComponent(id)}/publish`,
    share === undefined ? undefined : { share },
    { handle: 'silent' },
  );
  if (!r.error) return;
  if (r.status === 422 && r.data?.errors) {
    throw new PublishProblems(
      Object.fromEntries(Object.entries(r.data.errors).map(([k, v]) => [k, [...v]])),
    );
  }
  throw new Error(errorText(r));
}

/** The URL an uploaded asset is served from. */
export function assetUrl(name: string): string {
  return `${FILES}/${encodeURIComponent(name)}`;
}

/**
 * Uploads one builder asset through the file service (files/upload.ts: multipart, or resumable
 * for large files such as lesson videos); its error is the server's kz/ru message.
 */
export async function uploadFile(
  file: File,
  onProgress?: (sent: number, total: number) => void,
): Promise<{ name: string; label: string }> {
  // Fetched with the first upload, not with the editor (its chunk is near its 200 KB budget).
  const { sendFile } = await import('../files');
  const sent = await sendFile(file, 'builder', (progress) =>
    onProgress?.(progress.sent, progress.total),
  );
  return { name: sent.name, label: sent.label };
}

/** Where each draft type is edited (spec §2 content routes). */
export function editPath(urlLang: string, type: string, id: string): string {
  const enc = encodeURIComponent(id);
  if (type === 'sor') return `/${urlLang}/content/exams/sor/${enc}`;
  if (type === 'soch') return `/${urlLang}/content/exams/soch/${enc}`;
  if (type === 'lecture') return `/${urlLang}/content/lectures/control/edit/${enc}`;
  return `/${urlLang}/content/lessons?draft=${enc}`;
}

export function previewPath(urlLang: string, type: string, id: string): string {
  const enc = encodeURIComponent(id);
  if (type === 'lecture') return `/${urlLang}/content/lectures/control/preview/${enc}`;
  if (type === 'sor') return `/${urlLang}/content/exams/sor/${enc}?preview=1`;
  if (type === 'soch') return `/${urlLang}/content/exams/soch/${enc}?preview=1`;
  return `/${urlLang}/content/lessons?draft=${enc}&preview=1`;
}

/** GET /api/v2/os/builder/dictionaries, titled in the interface language; null when unavailable. */
export async function loadBuilderDictionaries(): Promise<Dictionaries | null> {
  const r = await api.get<Envelope<Dictionaries>>(BUILDER_DICTIONARIES, { handle: 'silent' });
  if (r.error) return null;
  const parsed = DictionariesSchema.safeParse(r.data.data);
  return parsed.success ? parsed.data : null;
}

/** The author shares a published SOR/SOCh in the catalogue, or takes it back (issue 28). */
export function shareDraft(id: string, shared: boolean) {
  return api.put<Envelope<{ summary: DraftListItem }>>(
    `${DRAFTS}/${encodeURIComponent(id)}/sharing`,
    { shared },
    { handle: 'silent' },
  );
}
