// Public API of @sabaq/server: start the whole platform server in-process (tests, the CLI's
// integration test, the web app's browser tests) or from main.ts.
export { startServer } from './server';
export { preparedDemoDump } from './db/prepared-demo';
export type { StartServerOptions, RunningServer } from './server';
export type { Db, Queryable } from './db/db';
export type { WsEndpoint, WsRegistry, WsUser } from './ws/registry';
export { DEMO_PASSWORD, DEFAULT_PASSWORD_EMPLOYEE } from './core/seed-data';
