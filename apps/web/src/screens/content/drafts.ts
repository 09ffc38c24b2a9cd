import {
  makeEvent,
  replay,
  type Command,
  type CommandInput,
  type Draft,
  type DraftEvent,
} from '@sabaq/engine';
import { PublishProblems, SaveError, type EarlierEvent, type SaveTransport } from '@sabaq/editor';
import type { DraftSummary, UiLang } from '@sabaq/platform';
import type { ApiResult } from '../../api/client';
import { api, currentUiLang, getToken } from '../../app/services';

/** The drafts API (apps/server/src/routes/drafts.ts) as the content screens use it. */
export const DRAFTS = '/api/v2/os/drafts';
export const FILES = '/api/v2/os/files';

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

export async function listDrafts(): Promise<ApiResult<Envelope<DraftSummary[]>>> {
  return api.get<Envelope<DraftSummary[]>>(DRAFTS, { query: { limit: 200 }, handle: 'silent' });
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
  return api.request('DELETE', `${DRAFTS}/${encodeURIComponent(id)}`);
}

/** The server's history of a draft: its events with author and time. */
export async function loadHistory(
  id: string,
): Promise<Array<{ seq: number; actor: number; at: string; command: CommandInput }> | null> {
  const r = await api.get<
    Envelope<Array<{ seq: number; actor: number; at: string; command: CommandInput }>>
  >(`${DRAFTS}/${encodeURIComponent(id)}/history`, { handle: 'silent' });
  return r.error ? null : r.data.data;
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

/** The draft as it was created: the base its history folds onto. */
export async function loadInitial(id: string): Promise<Draft | null> {
  const r = await api.get<Envelope<LoadedDraft>>(`${DRAFTS}/${encodeURIComponent(id)}/initial`, {
    handle: 'silent',
  });
  return r.error ? null : r.data.data.draft;
}

/** JSON with sorted keys: two drafts built by different code paths compare by content. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * The editor's log opened on the whole server history (time travel and undo across sessions).
 * Falls back to the current draft with the history listed read-only when the history does not
 * rebuild it exactly (e.g. edits that reached the draft through live co-editing).
 */
export async function openLog(
  loaded: LoadedDraft,
): Promise<{ base: Draft; events: DraftEvent[]; earlier: EarlierEvent[] }> {
  const id = loaded.draft.id;
  const [initial, history] = await Promise.all([loadInitial(id), loadHistory(id)]);
  if (!history) return { base: loaded.draft, events: [], earlier: [] };
  const events = history.map((e) =>
    makeEvent(e.command, { id: `s${e.seq}`, actor: String(e.actor), at: e.at }),
  );
  if (initial) {
    const rebuilt = replay(events, { base: initial });
    if (rebuilt.rejected.length === 0 && canonical(rebuilt.draft) === canonical(loaded.draft))
      return { base: initial, events, earlier: [] };
  }
  return {
    base: loaded.draft,
    events: [],
    earlier: history.map((e) => ({
      seq: e.seq,
      actor: String(e.actor),
      at: e.at,
      type: e.command.type,
    })),
  };
}

/** Save transport for the editor's save flow: status codes become SaveError kinds. */
export function saveTransport(id: string): SaveTransport {
  const url = `${DRAFTS}/${encodeURIComponent(id)}`;
  const fail = (r: ApiResult<unknown>): never => {
    if (!r.error) throw new Error('unreachable');
    if (r.status === 409) throw new SaveError('stale', errorText(r));
    if (r.status === 0 || r.errorType === 'network') throw new SaveError('offline', errorText(r));
    if (r.status === 422 || r.status === 403 || r.status === 404)
      throw new SaveError('rejected', errorText(r));
    throw new SaveError('server', errorText(r));
  };
  return {
    async send(expectedVersion: number, commands: Command[]) {
      const r = await api.post<Envelope<{ version: number; draft: Draft }>>(
        `${url}/commands`,
        { expectedVersion, commands },
        { handle: 'silent' },
      );
      if (r.error) return fail(r);
      return { version: r.data.data.version, draft: r.data.data.draft };
    },
    async latest() {
      const r = await loadDraft(id);
      if (r.error) return fail(r);
      return { version: r.data.data.summary.version, draft: r.data.data.draft };
    },
  };
}

export async function publishDraft(id: string): Promise<void> {
  const r = await api.post(`${DRAFTS}/${encodeURIComponent(id)}/publish`, undefined, {
    handle: 'silent',
  });
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

/** Uploads one file (multipart; the JSON client cannot send it). The token is not refreshed on
 * 426 here: a failed upload says so and the person retries after the next call refreshed it. */
export async function uploadFile(file: File): Promise<{ name: string; label: string }> {
  const lang = currentUiLang();
  const form = new FormData();
  form.append('file', file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Localization': lang };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(FILES, { method: 'POST', body: form, headers });
  } catch {
    throw new Error(lang === 'kz' ? 'Желі қолжетімсіз.' : 'Сеть недоступна.');
  }
  const body = (await response.json().catch(() => null)) as {
    data?: { name: string; label: string };
    message?: string;
    errors?: Record<string, string[]>;
  } | null;
  if (!response.ok || !body?.data) {
    const first = body?.errors ? Object.values(body.errors).flat()[0] : undefined;
    throw new Error(first ?? body?.message ?? String(response.status));
  }
  return body.data;
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
