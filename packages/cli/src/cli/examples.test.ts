import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startServer, type RunningServer } from '@sabaq/server';
import { runCli } from '../test/harness.js';
import { fixturesDir, repoRoot } from '../test/paths.js';

/**
 * Every example shown to a person — each command's `--help` in kz and ru, and the `sabaq` lines
 * of the READMEs — runs as shown, in a folder holding the files the examples name. Only the
 * `--server` address is swapped for a real Sabaq server on loopback, and `$TOKEN` is its token.
 */

const COMMANDS = ['validate', 'import', 'export', 'apply', 'replay', 'log', 'stats'];
/** Examples whose documented outcome is exit 1 (they name folders holding invalid drafts on purpose). */
const EXIT_ONE = new Set([
  'sabaq validate fixtures/drafts',
  'sabaq validate fixtures/drafts --lang ru',
]);

let dir: string;
let server: RunningServer;
let token: string;

const valid = join(fixturesDir, 'drafts/valid');
const copy = (from: string, to: string): void => cpSync(from, join(dir, to), { recursive: true });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sabaq-examples-'));
  symlinkSync(fixturesDir, join(dir, 'fixtures'));
  copy(join(valid, 'lesson-english-6-kz.json'), 'lesson.json');
  copy(join(valid, 'sor-math-7-kz.json'), 'sor.json');
  copy(join(fixturesDir, 'drafts/events/lesson-kazlit-5-kz.events.jsonl'), 'draft-42.events.jsonl');
  writeFileSync(
    join(dir, 'edits.jsonl'),
    `${JSON.stringify({ type: 'draft/setMeta', patch: { title: 'Жаңа атау' } })}\n`,
  );
  for (const f of ['gift/matematika-5-kz.gift', 'moodle/himiya-8-ru.xml'])
    copy(join(fixturesDir, 'banks', f), join('banks', f.split('/')[1]!));
  copy(join(fixturesDir, 'banks/gift/russkiy-yazyk-6-ru.gift'), 'quiz.gift');
  copy(join(fixturesDir, 'banks/gift/matematika-5-kz.gift'), 'bank.gift');
  copy(join(fixturesDir, 'banks/moodle/himiya-8-ru.xml'), 'moodle.xml');
  copy(join(fixturesDir, 'banks/moodle/himiya-8-ru.xml'), 'bank.xml');
  mkdirSync(join(dir, 'lessons/7'), { recursive: true });
  copy(join(valid, 'lesson-english-6-kz.json'), 'lessons/7/english.json');
  copy(valid, 'big');
  const qti = await runCli(['export', 'sor.json', '--to', 'qti', '--out', 'qti-package.zip'], {
    cwd: dir,
  });
  expect(qti.code).toBe(0);

  server = await startServer({
    port: 0,
    dataDir: 'memory',
    webDist: '/nonexistent',
    logger: false,
  });
  const res = await fetch(`${server.url}/api/v2/os/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ login: 'methodist', password: DEMO_PASSWORD }),
  });
  token = ((await res.json()) as { access_token: string }).access_token;
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Splits a shell line into words: '…' and "…" quoting, $TOKEN expanded. */
function words(line: string): string[] {
  const out: string[] = [];
  const re = /'([^']*)'|"([^"]*)"|(\S+)/g;
  for (const m of line.matchAll(re)) {
    const w = m[1] ?? m[2] ?? m[3] ?? '';
    out.push(m[1] !== undefined ? w : w.replaceAll('$TOKEN', token));
  }
  return out;
}

/** Runs one example line as a shell would: `echo '…' |` feeds stdin, `> file` takes stdout. */
async function runExample(line: string): Promise<{ code: number; stderr: string }> {
  let command = line.replace(/\s+#\s.*$/, '').replace(/^npx /, '');
  let stdin: string | undefined;
  const pipe = /^echo '([^']*)' \| (.*)$/.exec(command);
  if (pipe) {
    stdin = `${pipe[1]}\n`;
    command = pipe[2]!;
  }
  let target: string | null = null;
  const redirect = /^(.*?)\s*>\s*(\S+)$/.exec(command);
  if (redirect) {
    command = redirect[1]!;
    target = redirect[2]!;
  }
  const argv = words(command);
  expect(argv[0]).toBe('sabaq');
  const args = argv.slice(1);
  const at = args.indexOf('--server');
  if (at >= 0) args[at + 1] = server.url;
  const r = await runCli(args, { cwd: dir, ...(stdin === undefined ? {} : { stdin }) });
  if (target !== null) writeFileSync(join(dir, target), r.stdoutBytes);
  return r;
}

function helpExamples(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter((l) => l.trimStart().startsWith('$ sabaq'))
    .map((l) => l.trim().slice(2));
}

function readmeExamples(file: string): string[] {
  const text = readFileSync(join(repoRoot, file), 'utf8');
  const blocks = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  return blocks
    .flatMap((b) => b.split('\n'))
    .map((l) => l.trim())
    .filter((l) => /^(npx )?sabaq /.test(l));
}

async function expectRuns(line: string): Promise<void> {
  const r = await runExample(line);
  const shown = line.replace(/^npx /, '').replace(/\s+#\s.*$/, '');
  expect(r.stderr, line).not.toMatch(/\n\s+at /);
  expect(r.code, `${line}\n${r.stderr}`).toBe(EXIT_ONE.has(shown) ? 1 : 0);
}

describe('every example runs as shown', () => {
  it.each(COMMANDS.flatMap((c) => [[c, 'kz'] as const, [c, 'ru'] as const]))(
    'sabaq %s --help (%s)',
    async (command, lang) => {
      const help = await runCli([command, '--help', '--lang', lang]);
      const lines = helpExamples(help.stdout);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) await expectRuns(line);
    },
    120_000,
  );
  it.each(['README.md', 'packages/cli/README.md'])(
    '%s',
    async (file) => {
      const lines = readmeExamples(file);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) await expectRuns(line);
    },
    120_000,
  );
  it('the apply example changes the title (its command type exists)', async () => {
    const r = await runCli(['apply', 'lesson.json', '-'], {
      cwd: dir,
      stdin: '{"type":"draft/setMeta","patch":{"title":"Жаңа атау"}}\n',
    });
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { title: string }).title).toBe('Жаңа атау');
  });
});
