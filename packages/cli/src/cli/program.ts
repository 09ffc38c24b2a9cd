/** The `sabaq` command: commander wiring, exit codes, kz/ru messages. */
import { readFileSync } from 'node:fs';
import { resolve, join } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import {
  apply,
  computeStatistics,
  DRAFT_TYPES,
  LogError,
  parseDraft,
  parseEvent,
  rejectionMessage,
  replay,
  stateAt,
  type Draft,
  type DraftType,
} from '@sabaq/engine';
// Importers, exporters and the server client are loaded by the commands that use them, so
// `validate` and the others start without parsing them.
import type { Loss } from '../bank/export.js';
import type { BankIssue } from '../bank/model.js';
import { CLI_LANGS, isLang, t, type CliLang, type MessageKey } from './i18n.js';
import { FROM_FORMATS, type FromFormat } from './formats.js';
import type { FileImport } from './importer.js';
import { displayPath, expandInputs, writeAtomic, type Io } from './io.js';
import { startPool, WorkerFailure } from './pool.js';
import type { sendDrafts } from './server.js';
import { progress, table } from './ui.js';
import { timingWanted, validateTiming } from './timing.js';
import {
  jsonDocument,
  noTimes,
  parseJson,
  validateChunk,
  type ChunkOutput,
  type ReportFormat,
} from './validateCore.js';
import { zodText } from './zodText.js';

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;
export const EXPORT_FORMATS = ['json', 'gift', 'moodle-xml', 'qti'] as const;

/** A usage or I/O error: reported on stderr, exit 2. */
class UsageError extends Error {}

/** `--lang` is read before commander runs, so help and usage errors speak it too. */
export function langFromArgs(argv: readonly string[], env: Io['env']): CliLang {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const v = a === '--lang' ? argv[i + 1] : a.startsWith('--lang=') ? a.slice(7) : undefined;
    if (isLang(v)) return v;
  }
  return isLang(env['SABAQ_LANG']) ? env['SABAQ_LANG'] : 'kz';
}

const CLOZE_REASONS = new Set([
  'noSubquestions',
  'noChoices',
  'oneChoice',
  'noAnswers',
  'noFullMark',
  'notANumber',
  'giftBraces',
  'giftMatchPairs',
  'giftMatchArrow',
  'giftWeight',
]);

function bankIssueText(lang: CliLang, i: BankIssue): string {
  const where =
    [i.file, i.line, i.column].filter((x) => x !== null).join(':') +
    (i.itemId !== null && i.line === null ? ` [${i.itemId}]` : '');
  const reason =
    typeof i.params['reason'] === 'string' && i.params['reason'] !== '' ? i.params['reason'] : '';
  const reasonText = CLOZE_REASONS.has(reason) ? t(lang, `reason.${reason}` as MessageKey) : reason;
  const key: MessageKey =
    i.code === 'syntax' && 'message' in i.params
      ? 'bank.syntaxXml'
      : (`bank.${i.code}` as MessageKey);
  return `${where}: ${t(lang, key, { ...i.params, reason: reasonText })}`;
}

function readDraft(file: string, io: Io, lang: CliLang): Draft {
  const path = resolve(io.cwd, file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(
      `${file}: ${t(lang, 'err.read', { detail: (e as NodeJS.ErrnoException).code ?? String(e) })}`,
    );
  }
  const json = parseJson(text);
  if (!json.ok)
    throw new InvalidInput([`${file}: ${t(lang, 'err.json', { detail: json.message })}`]);
  const parsed = parseDraft(json.value);
  if (!parsed.ok)
    throw new InvalidInput(
      parsed.issues.map(
        (i) =>
          `${file}: ${i.path || '—'}: ${t(lang, 'err.schema', { detail: zodText(lang, i.message) })}`,
      ),
    );
  return parsed.draft;
}

/** The input is readable but not acceptable: messages on stderr, exit 1. */
class InvalidInput extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}

function positiveInt(lang: CliLang, name: string) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1) throw new UsageError(t(lang, 'err.invalidNumber', { name }));
    return n;
  };
}

function examples(lang: CliLang, lines: string[]): string {
  return `\n${t(lang, 'help.examples')}\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
}

function readText(file: string, io: Io, lang: CliLang): Promise<string> | string {
  if (file === '-') return io.readStdin();
  try {
    return readFileSync(resolve(io.cwd, file), 'utf8');
  } catch (e) {
    throw new UsageError(
      `${file}: ${t(lang, 'err.read', { detail: (e as NodeJS.ErrnoException).code ?? String(e) })}`,
    );
  }
}

/** JSON Lines, or one JSON array. Returns the values with their 1-based line numbers. */
function readJsonl(
  text: string,
  lang: CliLang,
  file: string,
): { values: { line: number; value: unknown }[]; bad: string[] } {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('[')) {
    const json = parseJson(text);
    if (!json.ok || !Array.isArray(json.value))
      throw new InvalidInput([
        `${file}: ${t(lang, 'err.json', { detail: json.ok ? 'not an array' : json.message })}`,
      ]);
    return { values: json.value.map((value, i) => ({ line: i + 1, value })), bad: [] };
  }
  const values: { line: number; value: unknown }[] = [];
  const bad: string[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('//')) return;
    const json = parseJson(line);
    if (json.ok) values.push({ line: i + 1, value: json.value });
    else
      bad.push(t(lang, 'err.lineJson', { line: i + 1, detail: json.message.replace(/^1:/, '') }));
  });
  return { values, bad };
}

export function buildProgram(io: Io, lang: CliLang, setExit: (code: number) => void): Command {
  const out = (s: string): void => void io.stdout.write(s);
  const err = (s: string): void => void io.stderr.write(s.endsWith('\n') ? s : `${s}\n`);
  const langOption = (): Option =>
    new Option('--lang <lang>', t(lang, 'opt.lang')).choices(CLI_LANGS).default(lang);
  const program = new Command('sabaq')
    .description(t(lang, 'cli.description'))
    .version('0.1.0', '-V, --version', t(lang, 'help.version'))
    .helpOption('-h, --help', t(lang, 'help.help'))
    .helpCommand('help [command]', t(lang, 'help.help'))
    .configureHelp({
      // Commander writes its headings in English; these are the ones it uses.
      styleTitle: (title: string) =>
        ({
          'Usage:': t(lang, 'help.usage'),
          'Options:': t(lang, 'help.options'),
          'Commands:': t(lang, 'help.commands'),
          'Arguments:': t(lang, 'help.arguments'),
          'Global Options:': t(lang, 'help.global'),
        })[title] ?? title,
      styleOptionDescription: (text: string) =>
        text
          .replace('(choices: ', `(${t(lang, 'help.choices')}: `)
          .replace(/\bdefault: /, `${t(lang, 'help.default')}: `),
      styleArgumentDescription: (text: string) =>
        text.replace(/\bdefault: /, `${t(lang, 'help.default')}: `),
    })
    .showHelpAfterError(false)
    .configureOutput({ writeOut: out, writeErr: err, outputError: () => undefined })
    .exitOverride();
  program.addOption(langOption());

  // ------------------------------------------------------------------------------ validate
  program
    .command('validate')
    .description(t(lang, 'cmd.validate'))
    .argument('<inputs...>', t(lang, 'arg.inputs'))
    .option('--json', t(lang, 'opt.json'))
    .option('--concurrency <n>', t(lang, 'opt.concurrency'), positiveInt(lang, '--concurrency'), 1)
    .addOption(langOption())
    .addHelpText(
      'after',
      examples(lang, [
        'sabaq validate fixtures/drafts',
        "sabaq validate 'lessons/**/*.json' --json",
        'sabaq validate big/ --concurrency 2 --lang ru',
      ]),
    )
    .action(
      async (inputs: string[], opts: { json?: boolean; concurrency: number; lang: CliLang }) => {
        const L = opts.lang;
        const timing = timingWanted(io.env);
        const actionAt = performance.now();
        const format: ReportFormat = opts.json === true ? 'json' : 'text';
        // Workers boot while the file list is gathered.
        const pool =
          opts.concurrency > 1
            ? startPool({ lang: L, format, cwd: io.cwd, concurrency: opts.concurrency, timing })
            : null;
        try {
          const { files, missing } = expandInputs(inputs, io.cwd, (f) => f.endsWith('.json'));
          if (missing.length > 0)
            throw new UsageError(
              missing.map((m) => t(L, 'err.noInputs', { pattern: m })).join('\n'),
            );
          const bar = progress(io, files.length);
          const started = performance.now();
          const parallel = pool !== null && files.length > 1;
          let chunks: ChunkOutput[];
          const times = timing && !parallel ? noTimes() : undefined;
          if (parallel) {
            try {
              chunks = await pool.run(files, (n) => bar.tick(n));
            } catch (e) {
              if (!(e instanceof WorkerFailure)) throw e;
              bar.done();
              throw new UsageError(t(L, 'err.worker', { detail: e.message }));
            }
          } else {
            chunks = [
              validateChunk(files, { lang: L, format, cwd: io.cwd, times, onFile: bar.tick }),
            ];
          }
          const validatedAt = performance.now();
          const elapsedMs = Math.round(validatedAt - started);
          bar.done();
          const count = { valid: 0, invalid: 0, error: 0 };
          for (const c of chunks) {
            count.valid += c.valid;
            count.invalid += c.invalid;
            count.error += c.error;
          }
          if (format === 'json') {
            out(jsonDocument(chunks, { files: files.length, ...count, elapsedMs }));
          } else {
            for (const c of chunks) if (c.err !== '') io.stderr.write(c.err);
            const lines = chunks.map((c) => c.out).filter((o) => o !== '');
            if (lines.length > 0) out(`${lines.join('\n')}\n`);
            err(
              t(L, 'validate.summary', {
                files: files.length,
                valid: count.valid,
                invalid: count.invalid,
                errors: count.error,
              }),
            );
          }
          if (timing) {
            const perThread =
              parallel && pool !== null
                ? pool.threads()
                : [{ thread: 'main', readyMs: null, chunks: 1, times: times ?? null }];
            const report = validateTiming({
              threads: parallel ? opts.concurrency : 1,
              files: files.length,
              actionAt,
              listedAt: started,
              validatedAt,
              perThread,
            });
            err(`sabaq timing: ${JSON.stringify(report)}`);
          }
          setExit(count.error > 0 ? EXIT.usage : count.invalid > 0 ? EXIT.failed : EXIT.ok);
        } finally {
          await pool?.close();
        }
      },
    );

  // -------------------------------------------------------------------------------- import
  program
    .command('import')
    .description(t(lang, 'cmd.import'))
    .argument('<inputs...>', t(lang, 'arg.bankInputs'))
    .addOption(
      new Option('--from <format>', t(lang, 'opt.from')).choices(FROM_FORMATS).default('auto'),
    )
    .option('--out <dir>', t(lang, 'opt.outDir'))
    .option('--dry-run', t(lang, 'opt.dryRun'))
    .option('--server <url>', t(lang, 'opt.server'))
    .option('--token <token>', t(lang, 'opt.token'))
    .addOption(
      new Option('--type <type>', t(lang, 'opt.type')).choices(DRAFT_TYPES).default('customLesson'),
    )
    .option('--batch-size <n>', t(lang, 'opt.batch'), positiveInt(lang, '--batch-size'), 50)
    .option(
      '--retries <n>',
      t(lang, 'opt.retries'),
      (v) => {
        const n = Number(v);
        if (!Number.isInteger(n) || n < 0)
          throw new UsageError(t(lang, 'err.invalidNumber', { name: '--retries' }));
        return n;
      },
      5,
    )
    .option('--json', t(lang, 'opt.json'))
    .addOption(langOption())
    .addHelpText(
      'after',
      examples(lang, [
        'sabaq import banks/ --out drafts/',
        'sabaq import quiz.gift --from gift --out drafts/ --lang ru',
        'sabaq import moodle.xml qti-package.zip --dry-run',
        'sabaq import banks/ --server https://sabaq.example.kz --token "$TOKEN"',
      ]),
    )
    .action(
      async (
        inputs: string[],
        opts: {
          from: FromFormat;
          out?: string;
          dryRun?: boolean;
          server?: string;
          token?: string;
          type: DraftType;
          batchSize: number;
          retries: number;
          json?: boolean;
          lang: CliLang;
        },
      ) => {
        const L = opts.lang;
        if (opts.out === undefined && opts.dryRun !== true && opts.server === undefined)
          throw new UsageError(t(L, 'err.needOut'));
        if (opts.server !== undefined && (opts.token === undefined || opts.token === ''))
          throw new UsageError(t(L, 'err.needToken'));
        const { acceptsFile, coveredByManifests, importFile } = await import('./importer.js');
        const { files: all, missing } = expandInputs(inputs, io.cwd, (f) =>
          acceptsFile(f, opts.from),
        );
        if (missing.length > 0)
          throw new UsageError(missing.map((m) => t(L, 'err.noInputs', { pattern: m })).join('\n'));
        const covered = coveredByManifests(all);
        const files = all.filter((f) => !covered.has(f));
        const bar = progress(io, files.length);
        const results: FileImport[] = [];
        const written: string[] = [];
        // Two inputs with the same draft id would overwrite each other: the later one is refused.
        const seenIds = new Map<string, string>();
        files.forEach((f, i) => {
          let r = importFile(f, {
            from: opts.from,
            lang: L,
            type: opts.type,
            display: (p) => displayPath(p, io.cwd),
          });
          const dup = r.drafts.find((d) => seenIds.has(d.id));
          if (dup !== undefined) {
            const other = seenIds.get(dup.id) ?? '';
            r = {
              ...r,
              drafts: [],
              errors: [
                {
                  code: 'duplicateId',
                  file: r.file,
                  line: null,
                  column: null,
                  itemId: dup.id,
                  params: { id: dup.id, other },
                },
              ],
            };
          }
          for (const d of r.drafts) seenIds.set(d.id, r.file);
          results.push(r);
          bar.tick(i + 1, r.file);
          for (const e of r.errors) bar.note(bankIssueText(L, e));
          for (const u of r.unsupported) {
            const where =
              [u.source.file, u.source.line].filter((x) => x !== null).join(':') +
              (u.source.itemId !== null ? ` [${u.source.itemId}]` : '');
            bar.note(`${where}: ${t(L, 'import.unsupported', { type: u.type, title: u.title })}`);
          }
          for (const w of r.warnings) bar.note(bankIssueText(L, w));
          if (opts.out !== undefined && opts.dryRun !== true) {
            for (const d of r.drafts) {
              const target = join(resolve(io.cwd, opts.out), `${d.id}.json`);
              try {
                writeAtomic(target, `${JSON.stringify(d, null, 2)}\n`);
              } catch (e) {
                throw new UsageError(
                  t(L, 'err.write', {
                    detail: `${target}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`,
                  }),
                );
              }
              written.push(displayPath(target, io.cwd));
            }
          }
        });
        bar.done();
        let serverFailed = 0;
        let serverResults: Awaited<ReturnType<typeof sendDrafts>> = [];
        if (opts.server !== undefined && opts.dryRun !== true) {
          const drafts = results.flatMap((r) => r.drafts.map((d) => ({ d, file: r.file })));
          const sendBar = progress(io, drafts.length);
          const { sendDrafts } = await import('./server.js');
          serverResults = await sendDrafts(
            drafts.map((x) => x.d),
            {
              url: opts.server,
              token: opts.token ?? '',
              batchSize: opts.batchSize,
              retries: opts.retries,
              onBatch: (n) => sendBar.tick(n),
            },
          );
          sendBar.done();
          for (const r of serverResults) {
            if (r.ok) continue;
            serverFailed += 1;
            const src = drafts[r.index];
            const detail = r.error ?? JSON.stringify(r.problems ?? []);
            err(
              t(L, 'import.serverFailed', {
                file: `${src?.file ?? '?'} (${src?.d.id ?? r.index})`,
                detail,
              }),
            );
          }
          err(
            t(L, 'import.sent', { ok: serverResults.length - serverFailed, failed: serverFailed }),
          );
        }
        const refused = results.filter((r) => r.errors.length > 0).length;
        if (opts.json === true) {
          out(
            `${JSON.stringify(
              {
                files: results.map((r) => ({
                  file: r.file,
                  format: r.format,
                  ok: r.errors.length === 0,
                  questions: r.questions,
                  modules: r.drafts.reduce(
                    (a, d) => a + d.pages.reduce((b, p) => b + p.modules.length, 0),
                    0,
                  ),
                  drafts: r.drafts.map((d) => d.id),
                  unsupported: r.unsupported,
                  warnings: r.warnings,
                  errors: r.errors,
                })),
                written,
                server: opts.server === undefined ? null : serverResults,
              },
              null,
              2,
            )}\n`,
          );
        } else {
          const status = (r: FileImport): string =>
            r.errors.length > 0
              ? t(L, 'status.refused')
              : opts.dryRun === true
                ? t(L, 'status.dryRun')
                : t(L, 'status.ok');
          const modules = (r: FileImport): number =>
            r.drafts.reduce((a, d) => a + d.pages.reduce((b, p) => b + p.modules.length, 0), 0);
          const rows = results.map(
            (r) =>
              [
                r.file,
                r.format ?? '?',
                r.questions,
                modules(r),
                r.unsupported.length,
                r.warnings.length,
                status(r),
              ] as const,
          );
          const sum = (k: number): number => rows.reduce((a, r) => a + Number(r[k]), 0);
          out(
            table(
              [
                t(L, 'table.file'),
                t(L, 'table.format'),
                t(L, 'table.questions'),
                t(L, 'table.modules'),
                t(L, 'table.unsupported'),
                t(L, 'table.warnings'),
                t(L, 'table.status'),
              ],
              rows,
              [
                t(L, 'table.total'),
                '',
                sum(2),
                sum(3),
                sum(4),
                sum(5),
                `${results.length - refused}/${results.length}`,
              ],
            ),
          );
        }
        setExit(refused > 0 || serverFailed > 0 ? EXIT.failed : EXIT.ok);
      },
    );

  // -------------------------------------------------------------------------------- export
  program
    .command('export')
    .description(t(lang, 'cmd.export'))
    .argument('<draft>', t(lang, 'arg.draft'))
    .addOption(
      new Option('--to <format>', t(lang, 'opt.to')).choices(EXPORT_FORMATS).makeOptionMandatory(),
    )
    .option('--out <file>', t(lang, 'opt.out'))
    .addOption(langOption())
    .addHelpText(
      'after',
      examples(lang, [
        'sabaq export lesson.json --to gift > lesson.gift',
        'sabaq export sor.json --to moodle-xml --out sor.xml',
        'sabaq export sor.json --to qti --out sor-qti.zip',
      ]),
    )
    .action(
      async (
        file: string,
        opts: { to: (typeof EXPORT_FORMATS)[number]; out?: string; lang: CliLang },
      ) => {
        const L = opts.lang;
        const draft = readDraft(file, io, L);
        const losses: Loss[] = [];
        let data: string | Uint8Array;
        if (opts.to === 'json') data = `${JSON.stringify(draft, null, 2)}\n`;
        else {
          const [{ toGift, toMoodleXml, toQtiPackage }, { draftToBank }] = await Promise.all([
            import('../bank/export.js'),
            import('../draft/toBank.js'),
          ]);
          const bundle = draftToBank(draft, file, losses);
          data =
            opts.to === 'gift'
              ? toGift(bundle, losses)
              : opts.to === 'moodle-xml'
                ? toMoodleXml(bundle, losses)
                : toQtiPackage(bundle, losses);
        }
        const seen = new Set<string>();
        for (const l of losses) {
          const key = `${l.where}\u0000${l.what}`;
          if (seen.has(key)) continue;
          seen.add(key);
          err(t(L, 'export.loss', { where: l.where, what: t(L, `loss.${l.what}` as MessageKey) }));
        }
        if (opts.out !== undefined) {
          try {
            writeAtomic(resolve(io.cwd, opts.out), data);
          } catch (e) {
            throw new UsageError(
              t(L, 'err.write', {
                detail: `${opts.out}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`,
              }),
            );
          }
        } else if (typeof data !== 'string' && io.stdout.isTTY === true)
          throw new UsageError(t(L, 'err.binaryStdout'));
        else io.stdout.write(data);
        setExit(EXIT.ok);
      },
    );

  // --------------------------------------------------------------------------------- apply
  program
    .command('apply')
    .description(t(lang, 'cmd.apply'))
    .argument('<draft>', t(lang, 'arg.draft'))
    .argument('<commands>', t(lang, 'arg.commands'))
    .option('--out <file>', t(lang, 'opt.out'))
    .addOption(langOption())
    .addHelpText(
      'after',
      examples(lang, [
        'sabaq apply lesson.json edits.jsonl --out lesson.new.json',
        `echo '{"type":"draft/setMeta","patch":{"title":"Жаңа атау"}}' | sabaq apply lesson.json -`,
      ]),
    )
    .action(async (file: string, commandsFile: string, opts: { out?: string; lang: CliLang }) => {
      const L = opts.lang;
      let draft = readDraft(file, io, L);
      const { values, bad } = readJsonl(await readText(commandsFile, io, L), L, commandsFile);
      const rejected: string[] = [...bad];
      for (const { line, value } of values) {
        const r = apply(draft, value);
        if (r.ok) draft = r.draft;
        else
          rejected.push(
            t(L, 'err.rejected', {
              line,
              reason: `${rejectionMessage(r.rejection, L)}${r.rejection.path ? ` (${r.rejection.path})` : ''}`,
            }),
          );
      }
      for (const m of rejected) err(`${commandsFile}: ${m}`);
      const text = `${JSON.stringify(draft, null, 2)}\n`;
      if (opts.out !== undefined) writeAtomic(resolve(io.cwd, opts.out), text);
      else out(text);
      setExit(rejected.length > 0 ? EXIT.failed : EXIT.ok);
    });

  // -------------------------------------------------------------------------- replay / log
  const readEvents = async (file: string, L: CliLang): Promise<unknown[]> => {
    const { values, bad } = readJsonl(await readText(file, io, L), L, file);
    if (bad.length > 0) throw new InvalidInput(bad.map((b) => `${file}: ${b}`));
    // Older logs (schema version 1) are migrated event by event; an event that cannot be read
    // is passed on as it is, and the fold rejects and reports it.
    return values.map((v) => {
      const parsed = parseEvent(v.value);
      return parsed.ok ? parsed.value : v.value;
    });
  };
  program
    .command('replay')
    .description(t(lang, 'cmd.replay'))
    .argument('<events>', t(lang, 'arg.events'))
    .option('--at <n>', t(lang, 'opt.at'), (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0)
        throw new UsageError(t(lang, 'err.invalidNumber', { name: '--at' }));
      return n;
    })
    .option('--out <file>', t(lang, 'opt.out'))
    .addOption(langOption())
    .addHelpText(
      'after',
      examples(lang, [
        'sabaq replay draft-42.events.jsonl',
        'sabaq replay draft-42.events.jsonl --at 10 --lang ru',
      ]),
    )
    .action(async (file: string, opts: { at?: number; out?: string; lang: CliLang }) => {
      const L = opts.lang;
      const events = await readEvents(file, L);
      const upto = opts.at === undefined ? events.length : Math.min(opts.at, events.length);
      let draft: Draft;
      try {
        const r = replay(events.slice(0, upto));
        for (const x of r.rejected)
          err(
            `${file}: ${t(L, 'err.eventRejected', { n: x.position + 1, reason: rejectionMessage(x.rejection, L) })}`,
          );
        draft = opts.at === undefined ? r.draft : stateAt(events, upto);
      } catch (e) {
        if (e instanceof LogError)
          throw new InvalidInput([`${file}: ${t(L, 'err.eventsLog', { detail: e.message })}`]);
        throw e;
      }
      const text = `${JSON.stringify(draft, null, 2)}\n`;
      if (opts.out !== undefined) writeAtomic(resolve(io.cwd, opts.out), text);
      else out(text);
      setExit(EXIT.ok);
    });

  program
    .command('log')
    .description(t(lang, 'cmd.log'))
    .argument('<events>', t(lang, 'arg.events'))
    .option('--json', t(lang, 'opt.json'))
    .addOption(langOption())
    .addHelpText(
      'after',
      examples(lang, ['sabaq log draft-42.events.jsonl', 'sabaq log draft-42.events.jsonl --json']),
    )
    .action(async (file: string, opts: { json?: boolean; lang: CliLang }) => {
      const L = opts.lang;
      const events = await readEvents(file, L);
      const status = new Map<number, string | null>();
      try {
        replay(events, {
          onEvent: (o) => status.set(o.position, o.ok ? null : rejectionMessage(o.rejection, L)),
        });
      } catch (e) {
        if (!(e instanceof LogError)) throw e;
        err(`${file}: ${t(L, 'err.eventsLog', { detail: e.message })}`);
      }
      const rows = events.map((e, i) => {
        const ev = (typeof e === 'object' && e !== null ? e : {}) as {
          at?: unknown;
          actor?: unknown;
          command?: { type?: unknown };
          origin?: { kind?: unknown };
        };
        const type = typeof ev.command?.type === 'string' ? ev.command.type : '?';
        const origin = typeof ev.origin?.kind === 'string' ? ` (${ev.origin.kind})` : '';
        return {
          n: i + 1,
          at: typeof ev.at === 'string' ? ev.at : '',
          actor: typeof ev.actor === 'string' ? ev.actor : '',
          command: `${type}${origin}`,
          rejected: status.get(i) ?? null,
        };
      });
      if (opts.json === true) out(`${JSON.stringify(rows, null, 2)}\n`);
      else
        out(
          table(
            [t(L, 'log.n'), t(L, 'log.time'), t(L, 'log.author'), t(L, 'log.command')],
            rows.map((r) => [
              r.n,
              r.at,
              r.actor,
              r.rejected === null ? r.command : `${r.command} ✗ ${r.rejected}`,
            ]),
          ),
        );
      setExit(EXIT.ok);
    });

  // --------------------------------------------------------------------------------- stats
  program
    .command('stats')
    .description(t(lang, 'cmd.stats'))
    .argument('<drafts...>', t(lang, 'arg.drafts'))
    .option('--json', t(lang, 'opt.json'))
    .addOption(langOption())
    .addHelpText(
      'after',
      examples(lang, ['sabaq stats fixtures/drafts/valid/*.json', 'sabaq stats sor.json --json']),
    )
    .action((inputs: string[], opts: { json?: boolean; lang: CliLang }) => {
      const L = opts.lang;
      const { files, missing } = expandInputs(inputs, io.cwd, (f) => f.endsWith('.json'));
      if (missing.length > 0)
        throw new UsageError(missing.map((m) => t(L, 'err.noInputs', { pattern: m })).join('\n'));
      const rows: {
        file: string;
        id: string;
        title: string;
        countTask: number;
        countTime: number;
        countGrade: number;
        countGradeCommon: number;
      }[] = [];
      let bad = 0;
      for (const f of files) {
        const shown = displayPath(f, io.cwd);
        try {
          const d = readDraft(f, io, L);
          rows.push({ file: shown, id: d.id, title: d.title, ...computeStatistics(d).result });
        } catch (e) {
          if (!(e instanceof InvalidInput)) throw e;
          bad += 1;
          e.lines.forEach((l) => err(l.replace(f, shown)));
        }
      }
      if (opts.json === true) out(`${JSON.stringify(rows, null, 2)}\n`);
      else
        out(
          table(
            [t(L, 'stats.draft'), 'countTask', 'countTime', 'countGrade', 'countGradeCommon'],
            rows.map((r) => [r.file, r.countTask, r.countTime, r.countGrade, r.countGradeCommon]),
          ),
        );
      setExit(bad > 0 ? EXIT.failed : EXIT.ok);
    });

  return program;
}

function commanderMessage(e: CommanderError, lang: CliLang): string {
  const name = /'([^']+)'/.exec(e.message)?.[1] ?? '';
  switch (e.code) {
    case 'commander.unknownOption':
      return t(lang, 'err.unknownOption', { name });
    case 'commander.unknownCommand':
      return t(lang, 'err.unknownCommand', { name });
    case 'commander.missingArgument':
      return t(lang, 'err.missingArgument', { name });
    case 'commander.optionMissingArgument':
    case 'commander.missingMandatoryOptionValue':
      return t(lang, 'err.optionArgument', {
        name: name || (/(--[\w-]+)/.exec(e.message)?.[1] ?? ''),
      });
    case 'commander.excessArguments':
      return t(lang, 'err.excessArguments');
    case 'commander.invalidArgument': {
      const choices = /Allowed choices are (.*)\./.exec(e.message)?.[1] ?? '';
      const opt = /option '([^']+)'/.exec(e.message)?.[1] ?? name;
      return choices === '' ? e.message : t(lang, 'err.invalidChoice', { name: opt, choices });
    }
    default:
      return e.message.replace(/^error: /, '');
  }
}

/** Runs `sabaq` with the given arguments; resolves to the process exit code. Never throws. */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const lang = langFromArgs(argv, io.env);
  let code: number = EXIT.ok;
  const program = buildProgram(io, lang, (c) => {
    code = c;
  });
  try {
    if (argv.length === 0) {
      program.outputHelp();
      return EXIT.usage;
    }
    await program.parseAsync([...argv], { from: 'user' });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (
        e.code === 'commander.helpDisplayed' ||
        e.code === 'commander.version' ||
        e.code === 'commander.help'
      )
        return EXIT.ok;
      io.stderr.write(`${t(lang, 'err.usage', { detail: commanderMessage(e, lang) })}\n`);
      return EXIT.usage;
    }
    if (e instanceof UsageError) {
      io.stderr.write(`${e.message}\n`);
      return EXIT.usage;
    }
    if (e instanceof InvalidInput) {
      io.stderr.write(`${e.lines.join('\n')}\n`);
      return EXIT.failed;
    }
    // An unexpected failure still gets a short message, not a stack trace.
    io.stderr.write(`sabaq: ${e instanceof Error ? e.message : String(e)}\n`);
    return EXIT.usage;
  }
}
