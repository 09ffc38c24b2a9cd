/** Terminal output helpers: a progress bar (terminals only) and plain text tables. */
import type { Io } from './io.js';

export interface Progress {
  tick(done: number, label?: string): void;
  /** Writes a message line to stderr without tearing the bar (it is redrawn below it). */
  note(message: string): void;
  done(): void;
}

/** A progress bar on stderr when it is a terminal; silent otherwise (logs and pipes stay clean). */
export function progress(io: Io, total: number): Progress {
  const plain = (m: string): void => void io.stderr.write(m.endsWith('\n') ? m : `${m}\n`);
  if (io.stderr.isTTY !== true || total <= 1)
    return { tick: () => undefined, note: plain, done: () => undefined };
  const width = Math.max(10, Math.min(40, (io.stderr.columns ?? 80) - 40));
  let last = -1;
  let current = { n: 0, label: '' };
  const draw = (n: number, label: string): void => {
    current = { n, label };
    const filled = Math.round((n / total) * width);
    const pct = Math.floor((n / total) * 100);
    if (pct === last && n !== total) return;
    last = pct;
    io.stderr.write(
      `\r[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${String(pct).padStart(3)}% ${n}/${total} ${label.slice(0, 30).padEnd(30)}`,
    );
  };
  return {
    tick: (n, label = '') => draw(n, label),
    note: (m) => {
      io.stderr.write('\r\u001b[2K');
      plain(m);
      last = -1;
      draw(current.n, current.label);
    },
    done: () => {
      io.stderr.write('\r\u001b[2K');
    },
  };
}

const width = (s: string): number => [...s].length;

/** A text table with a header rule; numbers right-aligned. */
export function table(
  head: readonly string[],
  rows: readonly (readonly (string | number)[])[],
  footer?: readonly (string | number)[],
): string {
  const all = [head, ...rows, ...(footer ? [footer] : [])].map((r) => r.map(String));
  const widths = head.map((_, i) => Math.max(...all.map((r) => width(r[i] ?? ''))));
  const numeric = head.map(
    (_, i) => rows.length > 0 && rows.every((r) => typeof r[i] === 'number'),
  );
  const line = (r: readonly string[]): string =>
    r
      .map((c, i) => {
        const pad = ' '.repeat(Math.max(0, (widths[i] ?? 0) - width(c)));
        return numeric[i] ? pad + c : c + pad;
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  const out = [line(all[0] ?? []), rule, ...all.slice(1, rows.length + 1).map(line)];
  if (footer) out.push(rule, line(all[all.length - 1] ?? []));
  return `${out.join('\n')}\n`;
}
