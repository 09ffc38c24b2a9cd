// Worker entry: packages run from TypeScript source, and a worker does not inherit the parent's
// module loader, so it registers tsx itself before loading the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./validateWorker.ts');
