import type { UiLang } from '@sabaq/platform';

/** Spec §8 error body. */
export interface ApiErrorBody {
  readonly message?: string;
  readonly errors?: Readonly<Record<string, readonly string[]>>;
  readonly redirect?: string;
  readonly action?: string;
}

export const ERROR_TYPES = [
  'redirect',
  'unauthorized',
  'forbidden',
  'not-found',
  'validation',
  'locked',
  'refresh',
  'message',
  'server',
  'network',
  'other',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

/** Every call resolves (never throws): success with the body, or spec §8's `{error, errorType, data}`. */
export type ApiResult<T> =
  | { readonly error: false; readonly status: number; readonly data: T }
  | {
      readonly error: true;
      readonly status: number;
      readonly errorType: ErrorType;
      readonly data: ApiErrorBody | null;
    };

export type NotifyKind = 'error' | 'warning' | 'success';
export interface Notice {
  readonly kind: NotifyKind;
  /** Absent: the default title of spec §8. */
  readonly title?: string;
  /** Absent: the default text of spec §8. */
  readonly message?: string;
}

/** What the client needs from the app; injected so the client is unit-testable without a DOM. */
export interface ApiDeps {
  readonly fetch: typeof fetch;
  readonly baseUrl?: string;
  getToken(): string | null;
  setToken(token: string): void;
  getLocale(): UiLang;
  /**
   * The quarter the user works in, or null before user-info has told it: the server then answers
   * with the current period, which a default of 1 sent here would override.
   */
  getQuarter(): number | null;
  /** 401, or a failed refresh: clear the session and go to login. */
  onUnauthorized(): void;
  /** 423: mark the subscription locked and go to subscribe-locked. */
  onLocked(): void;
  /** 302: follow the `redirect` field. */
  onRedirect(to: string): void;
  /** 5xx or no answer: hide the progress bar, show the server-unavailable warning. */
  onServerUnavailable(): void;
  /** Any answer at all: the server is back. */
  onServerAvailable(): void;
  progressStart(): void;
  progressDone(): void;
  notify(notice: Notice): void;
  /** The refresh call succeeded (spec §8: mobile apps are told too). */
  onRefreshed?(tokens: { access_token: string; refresh_token: string }): void;
  /** Spec §4: the token refresh status goes `loading`, then `loaded` or `reject`. */
  onRefreshStatus?(status: 'loading' | 'loaded' | 'reject'): void;
  /**
   * Spec §7: the refresh call's optional `mathrix` header — the partner integration the session
   * was opened from, when there is one.
   */
  getMathrix?(): string | null;
  /**
   * A session restored from this device without the network (issue 31) has no token: a call
   * renews the session first, so that the link's return never meets a 401 that would end it.
   */
  renewFirst?(): boolean;
  /** Web Locks (`navigator.locks`): refreshes of several tabs take turns. */
  readonly locks?: Pick<LockManager, 'request'>;
}

/**
 * What this device keeps of the signed-in user's reads (src/offline/read-cache.ts, set after
 * login, dropped at logout): a GET that gets no answer is answered from it.
 */
export interface ReadCache {
  save(key: string, body: unknown): void;
  read(key: string): Promise<unknown>;
}

/** The Web Lock name under which tabs refresh one at a time. */
export const REFRESH_LOCK = 'sabaq-refresh';

export interface RequestOptions {
  readonly body?: unknown;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  /**
   * `form`: the caller shows 422 field errors in its form (spec §5), so no notification for them.
   * `silent`: the caller handles every error itself (startup calls, background loads).
   */
  readonly handle?: 'default' | 'form' | 'silent';
  readonly signal?: AbortSignal;
  /**
   * The route fronts an external service (the AI assistant): a 5xx that carries this server's
   * message is that service failing, not this server being down, so the body reaches the caller
   * and no server-unavailable warning is raised. A 5xx without a message (a proxy's error page,
   * no answer) still is a server failure.
   */
  readonly external?: boolean;
  /** Extra request headers (e.g. Accept-Language for translations, spec §7). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Spec §8: 666 is an internal message code. HTTP cannot carry it (browsers accept 200–599), so it
 * is the client's own: a 2xx answer whose body is not the JSON it promised (a captive portal's
 * page, a proxy's truncation) becomes `{error, status: 666, errorType: 'message'}` with a notice,
 * instead of handing the screen data it would break on.
 */
export const INTERNAL_MESSAGE_STATUS = 666;
const UNREADABLE = Symbol('unreadable');

export const REFRESH_PATH = '/api/v2/os/auth/refresh';

/** How a refresh went: a new token, refused (sign in again), or no answer from the server. */
export type RefreshOutcome = 'ok' | 'rejected' | 'unavailable';

/**
 * The API client of spec §7/§8: bearer token, X-Localization, X-Quarter and JSON accept headers on
 * every call; the status handling of the error catalogue; one token refresh on 426 shared by all
 * calls that meet it at the same time.
 */
export class ApiClient {
  private refreshing: Promise<RefreshOutcome> | null = null;
  /** Sequence number of the last request started. */
  private issued = 0;
  /**
   * The highest sequence number already in flight when a 5xx or network failure was seen. Only a
   * success of a request issued after that clears the server-unavailable warning: a request that
   * started earlier and succeeds late says nothing about the server now, and would make the
   * warning flicker off at once.
   */
  private failedAt = -1;

  /** The signed-in user's offline copy of their reads, if any (issue 31). */
  cache: ReadCache | null = null;

  constructor(private readonly deps: ApiDeps) {}

  get<T>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
    return this.request<T>('GET', path, options);
  }

  post<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<ApiResult<T>> {
    return this.request<T>('POST', path, { ...options, body });
  }

  put<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<ApiResult<T>> {
    return this.request<T>('PUT', path, { ...options, body });
  }

  async request<T>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResult<T>> {
    this.deps.progressStart();
    const seq = ++this.issued;
    // A read is kept per language and quarter, as the server answered it.
    const key =
      method === 'GET'
        ? `${this.deps.getLocale()}|${this.deps.getQuarter()}|${this.url(path, options.query)}`
        : '';
    try {
      // A session restored from the device (issue 31) renews itself before its first call. A
      // renewal that got no answer (the link not quite back) sends nothing without a token (its
      // 401 would end the session): the call fails as one without the network would.
      if (
        !this.deps.getToken() &&
        this.deps.renewFirst?.() &&
        (await this.refresh()) === 'unavailable'
      ) {
        const kept = key ? await this.cache?.read(key) : undefined;
        const failed = this.unavailable(0, 'network');
        return kept === undefined ? failed : { error: false, status: 200, data: kept as T };
      }
      let response = await this.send(method, path, options);
      if (response === null) {
        const kept = key ? await this.cache?.read(key) : undefined;
        const failed = this.unavailable(0, 'network');
        return kept === undefined ? failed : { error: false, status: 200, data: kept as T };
      }
      if (response.status === 426) {
        // Spec §8: refresh once; on success repeat the request, on failure reject. A server that
        // cannot answer the refresh (its database away) says nothing about the session: the
        // user keeps it and sees the server-unavailable warning instead of the login page.
        const refreshed = await this.refresh();
        if (refreshed === 'unavailable') return this.unavailable(0, 'server');
        if (refreshed === 'rejected') {
          this.deps.onUnauthorized();
          return {
            error: true,
            status: 426,
            errorType: 'refresh',
            data: (await readBody(response)) as ApiErrorBody | null,
          };
        }
        response = await this.send(method, path, options);
        if (response === null) return this.unavailable(0, 'network');
        if (response.status === 426) {
          return {
            error: true,
            status: 426,
            errorType: 'refresh',
            data: (await readBody(response)) as ApiErrorBody | null,
          };
        }
      }
      const result = await this.handle<T>(
        response,
        options.handle ?? 'default',
        seq,
        options.external,
      );
      if (key && !result.error) this.cache?.save(key, result.data);
      return result;
    } finally {
      this.deps.progressDone();
    }
  }

  private async send(
    method: string,
    path: string,
    options: RequestOptions,
  ): Promise<Response | null> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Localization': this.deps.getLocale(),
      ...options.headers,
    };
    const quarter = this.deps.getQuarter();
    if (quarter !== null) headers['X-Quarter'] = String(quarter);
    const token = this.deps.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    try {
      return await this.deps.fetch(this.url(path, options.query), {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      return null;
    }
  }

  private url(path: string, query: RequestOptions['query']): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) params.set(key, String(value));
    }
    const qs = params.toString();
    return `${this.deps.baseUrl ?? ''}${path}${qs ? `?${qs}` : ''}`;
  }

  /**
   * Trades the refresh cookie for a new access token (the server rotates the cookie). Startup
   * calls it to restore a session after a reload; a 426 calls it to renew an expired token.
   */
  async refreshSession(): Promise<boolean> {
    return (await this.refresh()) === 'ok';
  }

  /** The same, telling a refused session from a server that did not answer (startup offline). */
  restoreSession(): Promise<RefreshOutcome> {
    return this.refresh();
  }

  /**
   * One refresh at a time: concurrent 426s in this tab wait for the same call, and tabs take
   * turns through a Web Lock. The refresh token works once, so two tabs presenting the same
   * cookie at once would look like a stolen token and end the session; in turn, the second
   * tab's request carries the cookie the first one just received.
   */
  private refresh(): Promise<RefreshOutcome> {
    this.refreshing ??= (async () => {
      try {
        const locks = this.deps.locks;
        return locks
          ? await locks.request(REFRESH_LOCK, () => this.refreshNow())
          : await this.refreshNow();
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  private async refreshNow(): Promise<RefreshOutcome> {
    this.deps.onRefreshStatus?.('loading');
    const outcome = await this.exchangeRefresh();
    this.deps.onRefreshStatus?.(outcome === 'ok' ? 'loaded' : 'reject');
    return outcome;
  }

  private async exchangeRefresh(): Promise<RefreshOutcome> {
    // The refresh token travels in the HttpOnly `sabaq_refresh` cookie; the server sets a new one.
    const mathrix = this.deps.getMathrix?.() ?? null;
    const response = await this.send('POST', REFRESH_PATH, {
      body: {},
      ...(mathrix ? { headers: { mathrix } } : {}),
    });
    if (!response || response.status >= 500) return 'unavailable';
    if (!response.ok) return 'rejected';
    const body = (await readBody(response)) as {
      access_token?: string;
      refresh_token?: string;
    } | null;
    if (!body?.access_token) return 'rejected';
    this.deps.setToken(body.access_token);
    this.deps.onRefreshed?.({
      access_token: body.access_token,
      refresh_token: body.refresh_token ?? '',
    });
    return 'ok';
  }

  private unavailable(status: number, errorType: 'server' | 'network'): ApiResult<never> {
    this.failedAt = this.issued;
    // The app's handler also hides the progress bar outright (spec §8), not just this call's share.
    this.deps.onServerUnavailable();
    return { error: true, status, errorType, data: null };
  }

  private async handle<T>(
    response: Response,
    handle: 'default' | 'form' | 'silent',
    seq: number,
    external = false,
  ): Promise<ApiResult<T>> {
    const { status } = response;
    if (status >= 500) {
      const body = (await readBody(response)) as ApiErrorBody | null;
      if (!external || typeof body?.message !== 'string' || body.message === '')
        return this.unavailable(status, 'server');
      if (seq > this.failedAt) this.deps.onServerAvailable();
      if (handle !== 'silent') this.deps.notify({ kind: 'error', message: body.message });
      return { error: true, status, errorType: 'server', data: body };
    }
    if (seq > this.failedAt) this.deps.onServerAvailable();
    const body = await readBody(response);
    if (status >= 200 && status < 300) {
      if (body === UNREADABLE) {
        if (handle !== 'silent') this.deps.notify({ kind: 'warning' });
        return { error: true, status: INTERNAL_MESSAGE_STATUS, errorType: 'message', data: null };
      }
      return { error: false, status, data: body as T };
    }
    const data = body as ApiErrorBody | null;
    const fail = (errorType: ErrorType): ApiResult<T> => ({ error: true, status, errorType, data });
    const show = (message?: string) => {
      if (handle !== 'silent') this.deps.notify({ kind: 'error', message });
    };
    switch (status) {
      case 302:
        if (data?.redirect) this.deps.onRedirect(data.redirect);
        return fail('redirect');
      case 401:
        this.deps.onUnauthorized();
        if (!data?.action) show(data?.message);
        return fail('unauthorized');
      case 422: {
        const errors = data?.errors && Object.keys(data.errors).length > 0 ? data.errors : null;
        if (handle === 'form' && errors) return fail('validation');
        show(data?.message || firstError(errors));
        return fail('validation');
      }
      case 423:
        this.deps.onLocked();
        return fail('locked');

      case 403:
        show(data?.message);
        return fail('forbidden');
      case 404:
        show(data?.message);
        return fail('not-found');
      default:
        show(data?.message);
        return fail('other');
    }
  }
}

function firstError(errors: ApiErrorBody['errors'] | null): string | undefined {
  if (!errors) return undefined;
  for (const list of Object.values(errors)) if (list[0]) return list[0];
  return undefined;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return UNREADABLE;
  }
}

/** Field → first message, for forms (spec §5: server field errors shown per field). */
export function fieldErrors(result: ApiResult<unknown>): Record<string, string> {
  if (!result.error || !result.data?.errors) return {};
  const out: Record<string, string> = {};
  for (const [field, list] of Object.entries(result.data.errors)) if (list[0]) out[field] = list[0];
  return out;
}
