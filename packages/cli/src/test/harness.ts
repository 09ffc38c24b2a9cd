import { run } from '../cli/program.js';
import type { Io } from '../cli/io.js';
import { repoRoot } from './paths.js';

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stdoutBytes: Uint8Array;
  readonly stderr: string;
}

/** Runs `sabaq` in-process with captured output, as a terminal (tty) or a pipe would see it. */
export async function runCli(
  args: readonly string[],
  opts: { cwd?: string; stdin?: string; tty?: boolean; env?: Record<string, string> } = {},
): Promise<CliResult> {
  const out: Uint8Array[] = [];
  let err = '';
  const io: Io = {
    cwd: opts.cwd ?? repoRoot,
    env: opts.env ?? {},
    stdout: {
      write: (c: string | Uint8Array) => out.push(typeof c === 'string' ? Buffer.from(c) : c),
      isTTY: opts.tty ?? false,
    },
    stderr: { write: (c: string) => (err += c), isTTY: opts.tty ?? false, columns: 100 },
    readStdin: async () => opts.stdin ?? '',
  };
  const code = await run(args, io);
  const bytes = Buffer.concat(out);
  return { code, stdout: bytes.toString('utf8'), stdoutBytes: new Uint8Array(bytes), stderr: err };
}
