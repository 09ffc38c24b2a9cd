/**
 * Deep copy of JSON data (drafts, modules, commands). Several times faster than
 * `structuredClone` on Node 20 for these small, plain trees, and it sits on the paths that open
 * drafts (copying a snapshot before folding onto it) and duplicate modules.
 */
export function cloneJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = cloneJson(value[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const k in value) {
    if (!Object.prototype.hasOwnProperty.call(value, k)) continue;
    const v = cloneJson((value as Record<string, unknown>)[k]);
    // An own "__proto__" key (possible in parsed JSON) must stay data, not become a prototype.
    if (k === '__proto__')
      Object.defineProperty(out, k, {
        value: v,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else out[k] = v;
  }
  return out as T;
}
