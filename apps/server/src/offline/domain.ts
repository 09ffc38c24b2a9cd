import type { Domain } from '../domain';
import { CLIENT_OPS_SQL } from './client-ops-schema';

/**
 * Offline work (issue 31). So far its server side is only the table of applied client
 * operations; the hooks that use it are added to every write route by `defineRoute`
 * (http/define-route.ts → client-ops.ts), not registered here.
 */
export const offlineDomain: Domain = {
  name: 'offline',
  migrations: [{ id: 3100, name: 'client-ops', sql: CLIENT_OPS_SQL }],
};
