import { useCallback, useEffect, useState } from 'react';
import { apiPath } from '@sabaq/platform';
import type { RouteId, UiLang } from '@sabaq/platform';
import type { ApiResult } from '../../api/client';
import { api, currentUiLang, getToken } from '../../app/services';

/** Paths of the teaching API from the one policy table (never typed by hand). */
export function path(id: RouteId, params: Record<string, string | number> = {}): string {
  return apiPath(id, params);
}

/** The first server message of a failed call, or a generic one. */
export function failure(result: ApiResult<unknown>, lang: UiLang = currentUiLang()): string {
  if (!result.error) return '';
  const errors = result.data?.errors;
  const first = errors ? Object.values(errors).flat()[0] : undefined;
  return (
    first ??
    result.data?.message ??
    (lang === 'kz' ? 'Қате орын алды, кейінірек көріңіз' : 'Произошла ошибка, попробуйте позднее')
  );
}

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  /** The HTTP status of the failed load (404: there is no such thing; retrying will not help). */
  status?: number | null;
  reload: () => Promise<void>;
  set: (data: T) => void;
}

/** Loads `{data}` from a GET path; reloads when the path changes. */
export function useLoad<T>(
  url: string | null,
  query?: Record<string, string | number | undefined>,
): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<number | null>(null);
  const key = url === null ? null : `${url}?${JSON.stringify(query ?? {})}`;
  const reload = useCallback(async () => {
    if (url === null) return;
    const r = await api.get<{ data: T }>(url, { query, handle: 'silent' });
    if (r.error) {
      setError(failure(r));
      setStatus(r.status);
    } else {
      setError(null);
      setStatus(null);
      setData(r.data.data);
    }
  }, [key]);
  useEffect(() => {
    setData(null);
    void reload();
  }, [reload]);
  return { data, error, status, reload, set: setData };
}

/** A WebSocket URL on the same origin with the session token (browsers cannot set headers). */
export function socketUrl(pathname: string): string {
  const base = window.location.origin.replace(/^http/, 'ws');
  return `${base}${pathname}?token=${encodeURIComponent(getToken() ?? '')}&lang=${currentUiLang()}`;
}

/** Downloads a protected file (the token travels in a header, so no plain link). */
export async function download(url: string, name: string): Promise<void> {
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${getToken() ?? ''}`, 'x-localization': currentUiLang() },
  });
  if (!res.ok) return;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * Downloads a protected file under the name the server gives it (`content-disposition`, UTF-8
 * name first); false when the server refused.
 */
export async function downloadAs(url: string, fallback: string): Promise<boolean> {
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${getToken() ?? ''}`, 'x-localization': currentUiLang() },
  }).catch(() => null);
  if (!res?.ok) return false;
  const disposition = res.headers.get('content-disposition') ?? '';
  const utf = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  let name = /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
  if (utf) {
    try {
      name = decodeURIComponent(utf[1]!);
    } catch {
      // keep the plain name
    }
  }
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return true;
}

export function urlLang(lang: UiLang = currentUiLang()): 'kk' | 'ru' {
  return lang === 'kz' ? 'kk' : 'ru';
}

/**
 * `2026-11-18` → `18.11.2026` (spec §5 date format). An instant (with a time) is read in the
 * school's time first, so a list and a detail page never disagree about the day.
 */
export function displayDate(iso: string): string {
  if (iso.length > 10) return schoolDateTime(iso).slice(0, 10);
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}.${m}.${y}`;
}

/**
 * An instant as `18.11.2026 14:30` in the school's time (not the browser's zone): deadlines,
 * messages and hand-in times read the same on every device.
 */
export function displayDateTime(iso: string): string {
  return schoolDateTime(iso);
}

/** Kazakhstan time (the whole country is on UTC+5 since 2024): exam windows are read in it. */
const SCHOOL_OFFSET_MS = 5 * 3_600_000;

/** An instant as `18.11.2026 09:40` in the school's time, whatever the browser's zone. */
export function schoolDateTime(iso: string): string {
  const local = new Date(Date.parse(iso) + SCHOOL_OFFSET_MS).toISOString();
  return `${local.slice(8, 10)}.${local.slice(5, 7)}.${local.slice(0, 4)} ${local.slice(11, 16)}`;
}

/** Today's date in the school's time as `YYYY-MM-DD` (the browser's UTC day can be yesterday). */
export function schoolToday(now: number = Date.now()): string {
  return new Date(now + SCHOOL_OFFSET_MS).toISOString().slice(0, 10);
}

/** `DD.MM.YYYY HH:MM` in the school's time → an ISO instant with +05:00; null when not a real time. */
export function parseSchoolDateTime(text: string): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [, d, mo, y, h, mi] = m;
  const iso = `${y}-${mo}-${d}T${h}:${mi}:00+05:00`;
  const at = Date.parse(iso);
  // 31.02 or 25:00 parse to another day (or not at all): refuse, do not move the time.
  if (
    Number.isNaN(at) ||
    schoolDateTime(new Date(at).toISOString()) !== `${d}.${mo}.${y} ${h}:${mi}`
  )
    return null;
  return iso;
}
