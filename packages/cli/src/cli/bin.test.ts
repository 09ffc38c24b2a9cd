import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { problemMessage } from '@sabaq/engine';
import { repoRoot } from '../test/paths.js';

const bin = join(repoRoot, 'packages/cli/bin/sabaq.js');
const sabaq = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
const sabaqEnv = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, ...env },
  });
const noElapsed = (s: string): string => s.replace(/"elapsedMs": \d+/, '"elapsedMs": 0');

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
  it('--concurrency 2 (workers started by the launcher) prints what one worker prints', () => {
    for (const extra of [['--json'], ['--lang', 'ru']]) {
      const one = sabaq('validate', 'fixtures/drafts', ...extra);
      const two = sabaq('validate', 'fixtures/drafts', '--concurrency', '2', ...extra);
      expect(two.status).toBe(one.status);
      expect(noElapsed(two.stdout)).toBe(noElapsed(one.stdout));
      expect(two.stderr).toBe(one.stderr);
    }
  }, 60_000);
  it('runs the same from the TypeScript sources through tsx (SABAQ_BUNDLE=0)', () => {
    const bundled = sabaq('validate', 'fixtures/drafts/invalid', '--lang', 'ru');
    const tsx = sabaqEnv(
      { SABAQ_BUNDLE: '0' },
      'validate',
      'fixtures/drafts/invalid',
      '--lang',
      'ru',
    );
    expect(tsx.status).toBe(1);
    expect(tsx.stdout).toBe(bundled.stdout);
    expect(tsx.stderr).toBe(bundled.stderr);
  }, 60_000);
  it('SABAQ_TIMING=1 adds one stderr line with the phases; stdout is unchanged', () => {
    const plain = sabaq('validate', 'fixtures/drafts/valid', '--json', '--concurrency', '2');
    const timed = sabaqEnv(
      { SABAQ_TIMING: '1' },
      'validate',
      'fixtures/drafts/valid',
      '--json',
      '--concurrency',
      '2',
    );
    expect(timed.status).toBe(0);
    expect(noElapsed(timed.stdout)).toBe(noElapsed(plain.stdout));
    expect(plain.stderr).toBe('');
    const line = /^sabaq timing: (.*)\n$/.exec(timed.stderr)?.[1];
    expect(line).toBeDefined();
    const timing = JSON.parse(line ?? '{}') as {
      threads: number;
      files: number;
      bootMs: number;
      loadMs: number;
      listMs: number;
      validateMs: number;
      cpuMs: number;
      perThread: { thread: string; times: { files: number } }[];
    };
    expect(timing.threads).toBe(2);
    expect(timing.bootMs).toBeGreaterThan(0);
    expect(timing.loadMs).toBeGreaterThan(0);
    expect(timing.cpuMs).toBeGreaterThan(0);
    expect(timing.perThread.map((p) => p.thread)).toEqual(['main', 'worker 1']);
    expect(timing.perThread.reduce((n, p) => n + p.times.files, 0)).toBe(timing.files);
  }, 60_000);
});
