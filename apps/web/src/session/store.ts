import type { MenuPermissions, SessionUser } from '@sabaq/platform';
import { useSyncExternalStore } from 'react';

/** Spec §4: token refresh status. */
export type RefreshStatus = 'idle' | 'loading' | 'loaded' | 'reject';

export interface AppState {
  /** `loading` while the startup user-info call runs; guards wait for it. */
  readonly session: 'anonymous' | 'loading' | 'ready';
  readonly user: SessionUser | null;
  readonly flags: ReadonlySet<string>;
  /** The feature-flags call answered (or failed): routes behind a flag wait for it. */
  readonly flagsLoaded: boolean;
  readonly permissions: MenuPermissions | null;
  /** Server translations were merged into the catalogues (bumps re-render). */
  readonly translationsVersion: number;
  readonly pending: number;
  readonly serverUnavailable: boolean;
  /** The browser has no network (issue 31: the offline banner instead of the server warning). */
  readonly offline: boolean;
  /** The session was restored from this device without the network (no token yet, issue 31). */
  readonly deviceSession: boolean;
  /** Writes waiting in the outbox for the network (issue 31, src/offline/outbox.ts). */
  readonly outbox: number;
  readonly subscriptionLocked: boolean;
  /** Set by the lesson screens while a video conference runs: logout asks first (spec §4). */
  readonly conferenceActive: boolean;
  /** Change-password modal: closed, opened by the user, or forced for a default password. */
  readonly passwordModal: 'closed' | 'open' | 'forced';
  readonly refreshStatus: RefreshStatus;
  /** The notifications container is mounted on the first notice (kept out of the initial JS). */
  readonly noticesMounted: boolean;
}

const initial: AppState = {
  session: 'anonymous',
  user: null,
  flags: new Set(),
  flagsLoaded: false,
  permissions: null,
  translationsVersion: 0,
  pending: 0,
  serverUnavailable: false,
  offline: false,
  outbox: 0,
  deviceSession: false,
  subscriptionLocked: false,
  conferenceActive: false,
  passwordModal: 'closed',
  refreshStatus: 'idle',
  noticesMounted: false,
};

/** A small external store: the shell's state changes rarely and is read in many places. */
export class Store {
  private state: AppState = initial;
  private readonly listeners = new Set<() => void>();

  get = (): AppState => this.state;

  set(patch: Partial<AppState> | ((state: AppState) => Partial<AppState>)): void {
    const next = typeof patch === 'function' ? patch(this.state) : patch;
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  reset(): void {
    this.state = initial;
    for (const listener of this.listeners) listener();
  }
}

export const store = new Store();

export function useAppState<T>(select: (state: AppState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
