import type { App, AppContext } from '../http/context';

export function registerDraftRoutes(_app: App, _ctx: AppContext): void {}
