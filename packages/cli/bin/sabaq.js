#!/usr/bin/env node
// Launcher: packages run from TypeScript source, so register tsx's loader and start the TS entry.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
