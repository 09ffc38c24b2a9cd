import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { problemMessage } from '@sabaq/engine';
import { repoRoot } from '../test/paths.js';

const bin = join(repoRoot, 'packages/cli/bin/sabaq.js');
const sabaq = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });

describe('bin/sabaq.js (the real process)', () => {
  it('exit codes: 0 valid, 1 invalid, 2 usage', () => {
    expect(sabaq('validate', 'fixtures/drafts/valid').status).toBe(0);
    const bad = sabaq('validate', 'fixtures/drafts/invalid', '--lang', 'ru');
    expect(bad.status).toBe(1);
    const message = problemMessage(
      {
        path: 'pages.0.modules.0.options',
        code: 'task_without_right_answer',
        params: { number: 1 },
      },
      'ru',
    );
    expect(bad.stdout).toContain(
      `fixtures/drafts/invalid/sor-no-right-answer-kz.json: pages.0.modules.0.options: ${message}`,
    );
    const usage = sabaq('validate');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toBe('Қолдану қатесі: inputs аргументі жетіспейді\n');
  }, 60_000);
  it('a closed pipe ends it quietly (no EPIPE stack trace)', () => {
    const r = spawnSync(
      'sh',
      [
        '-c',
        `"${process.execPath}" "${bin}" log fixtures/drafts/events/soch-chem-8-ru.events.jsonl | head -1`,
      ],
      { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 },
    );
    expect(r.stdout).toMatch(/^\s*№/);
    expect(r.stderr).not.toContain('EPIPE');
  }, 60_000);
});
