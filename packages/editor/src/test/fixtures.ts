import {
  apply,
  createDraft,
  parseCommand,
  type Command,
  type CommandInput,
  type Draft,
} from '@sabaq/engine';

/** A validated command (defaults filled), for tests. */
export function cmd(input: CommandInput): Command {
  const r = parseCommand(input);
  if (!r.ok) throw new Error(`bad test command: ${r.rejection.message}`);
  return r.command;
}

export function emptySor(id = 'd1'): Draft {
  return createDraft({ id, type: 'sor', title: 'БЖБ: Алгебра', lang: 'kz' });
}

/** Applies commands in order; throws on a rejection (a broken test, not a behaviour). */
export function build(draft: Draft, commands: readonly CommandInput[]): Draft {
  let d = draft;
  for (const c of commands) {
    const r = apply(d, c);
    if (!r.ok) throw new Error(`test command rejected: ${r.rejection.message}`);
    d = r.draft;
  }
  return d;
}
