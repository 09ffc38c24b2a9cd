import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';

/** The modules of @sabaq/platform that hold the API endpoint tables (`{ method, path, policy, summary }`). */
export const ENDPOINT_TABLES =
  /[\\/]packages[\\/]platform[\\/]src[\\/]policies[\\/](?![^/\\]*\.test\.)[^/\\]+\.ts$/;

type Node = { type: string; start: number; end: number; [key: string]: unknown };

function keyName(prop: Node): string | null {
  const key = prop.key as Node | undefined;
  if (!key || prop.computed) return null;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return null;
}

/**
 * Removes the English `summary` of every endpoint from an endpoint table's source: it documents
 * the API for the server's OpenAPI answer and never reaches a screen, yet was half of the bytes
 * of the table every signed-in page loads (apiPath reads only `path`). An object counts as an
 * endpoint when it has `method` and `path` beside `summary`. Returns null when nothing changed.
 */
export function stripEndpointDocs(code: string, filename = 'table.ts'): string | null {
  const program = parseAst(code, { lang: 'ts' }, filename) as unknown as Node;
  const cuts: [number, number][] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    const n = node as Node;
    if (n.type === 'ObjectExpression') {
      const props = (n.properties as Node[]).filter((p) => p.type === 'Property');
      const names = props.map(keyName);
      if (names.includes('method') && names.includes('path')) {
        for (const prop of props) {
          if (keyName(prop) !== 'summary') continue;
          // The property and the comma after it (or before it, when it is the last one).
          let end = prop.end;
          const after = /^\s*,/.exec(code.slice(end));
          if (after) end += after[0].length;
          else {
            const before = /,\s*$/.exec(code.slice(n.start, prop.start));
            if (before) {
              cuts.push([prop.start - before[0].length, prop.end]);
              continue;
            }
          }
          cuts.push([prop.start, end]);
        }
      }
    }
    for (const [key, value] of Object.entries(n))
      if (key !== 'type' && key !== 'start' && key !== 'end') visit(value);
  };
  visit(program);
  if (cuts.length === 0) return null;
  let out = code;
  for (const [from, to] of cuts.sort((a, b) => b[0] - a[0]))
    out = out.slice(0, from) + out.slice(to);
  return out;
}

/** The web build's plugin: endpoint tables without their summaries (issue 29's page weight). */
export function stripEndpointDocsPlugin(): Plugin {
  return {
    name: 'sabaq-strip-endpoint-docs',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!ENDPOINT_TABLES.test(id)) return null;
      const out = stripEndpointDocs(code, id);
      return out === null ? null : { code: out, map: null };
    },
  };
}
