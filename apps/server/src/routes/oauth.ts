import type { App, AppContext } from '../http/context';

export function registerOAuthRoutes(_app: App, _ctx: AppContext): void {}
