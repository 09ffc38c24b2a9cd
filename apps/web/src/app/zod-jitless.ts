/**
 * zod compiles fast object parsers with `new Function` unless told not to, and first probes
 * whether it may: under the app's Content-Security-Policy (no 'unsafe-eval') that probe is
 * reported as a violation even though zod catches it. zod reads its settings from this global
 * (zod/v4/core `globalConfig`), so setting it here, before any module builds a schema, turns the
 * compiler and the probe off without bringing zod into the entry chunk.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
