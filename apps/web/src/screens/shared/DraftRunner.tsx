import { Button, Checkbox, NativeSelect, NumberInput, Radio, Textarea } from '@mantine/core';
import type { Draft, Module } from '@sabaq/engine';
// The numbering alone (a few lines): the engine's index would bring its schemas (~16 KB gz) to
// every page with a runner.
import { moduleNumbers } from '@sabaq/engine/numbering';
import type { Answers, ModuleAnswer, ModuleResult } from '@sabaq/platform';
import { teachingText } from './teaching-texts';

/** Plain text of a ProseMirror document (module content is rich text). */
export function plain(doc: unknown): string {
  const out: string[] = [];
  const walk = (n: unknown) => {
    if (!n || typeof n !== 'object') return;
    const node = n as { text?: unknown; content?: unknown; type?: unknown };
    if (typeof node.text === 'string') out.push(node.text);
    if (Array.isArray(node.content)) {
      for (const c of node.content) walk(c);
      if (node.type === 'paragraph' || node.type === 'heading') out.push('\n');
    }
  };
  walk(doc);
  return out.join('').trim();
}

interface Props {
  draft: Draft;
  answers: Answers;
  onChange?: (answers: Answers) => void;
  /** After grading: per-module results (inputs become read-only). */
  results?: ModuleResult[] | null;
  /** Staff may grade open answers. */
  onGrade?: (moduleId: string, points: number) => void;
  /** Whose answers these are: the reader's own (default) or a pupil's, read by staff. */
  answersOf?: 'mine' | 'pupil';
  /**
   * Under each graded task not answered fully right, say the right answer and the content's
   * explanation (`hints.solution`) in words — where the server sent them (a course's final test
   * after handing in sends them for those tasks only).
   */
  explain?: boolean;
}

/**
 * A builder draft to take: select, choice (single or multiple), connection and open answers,
 * with the results beside each task once graded. Right answers arrive only when the server
 * allows (after handing in, or for staff).
 */
export function DraftRunner({
  draft,
  answers,
  onChange,
  results,
  onGrade,
  answersOf = 'mine',
  explain = false,
}: Props) {
  const t = teachingText();
  const answerLabel = answersOf === 'pupil' ? t('pupilAnswer') : t('yourAnswer');
  const readOnly = !onChange;
  const set = (id: string, a: ModuleAnswer) => onChange?.({ ...answers, [id]: a });
  const resultOf = (id: string) => results?.find((r) => r.moduleId === id);
  // Spec §4 numbering (across pages, simple modules too except in custom lessons), shown on every
  // module: numbers only on graded tasks made a lesson's first task read «3.» after two texts.
  const numbers = moduleNumbers(draft);
  return (
    <div className="tch-runner">
      {draft.pages.map((p) => (
        <section key={p.id} aria-label={p.title || draft.title}>
          {p.title && <h2>{p.title}</h2>}
          {p.modules.map((m) => (
            <ModuleView
              key={m.id}
              m={m}
              answer={answers[m.id]}
              set={set}
              readOnly={readOnly}
              result={resultOf(m.id)}
              number={numbers.get(m.id) ?? null}
              onGrade={onGrade}
              t={t}
              answerLabel={answerLabel}
              explain={explain}
            />
          ))}
        </section>
      ))}
    </div>
  );
}

function ModuleView({
  m,
  answer,
  set,
  readOnly,
  result,
  number,
  onGrade,
  t,
  answerLabel,
  explain,
}: {
  m: Module;
  number: number | null;
  answer: ModuleAnswer | undefined;
  set: (id: string, a: ModuleAnswer) => void;
  readOnly: boolean;
  result: ModuleResult | undefined;
  onGrade?: (moduleId: string, points: number) => void;
  t: ReturnType<typeof teachingText>;
  answerLabel: string;
  explain: boolean;
}) {
  const o = m.options;
  const id = `m-${m.id}`;
  // A choice task's option: a checkbox when several are right, else a radio button.
  const Control = o?.kind === 'choice' && o.multiple ? Checkbox : Radio;
  return (
    <fieldset
      className={`tch-module${result ? ` tch-${result.status}` : ''}`}
      aria-describedby={`${id}-q`}
    >
      <legend>
        {number !== null ? `${number}. ` : ''}
        {m.title}
      </legend>
      <p id={`${id}-q`} className="tch-question">
        {plain(m.content)}
      </p>
      {m.type === 'task' && o?.kind === 'select' && (
        <NativeSelect
          label={answerLabel}
          disabled={readOnly}
          value={answer?.kind === 'select' ? answer.optionId : ''}
          onChange={(e) => set(m.id, { kind: 'select', optionId: e.currentTarget.value })}
          data={[
            { value: '', label: t('chooseOne') },
            ...o.items.map((i) => ({
              value: i.id,
              label: `${i.text}${o.rightId === i.id ? ' ✓' : ''}`,
            })),
          ]}
          w={{ base: '100%', sm: 360 }}
        />
      )}
      {m.type === 'task' && o?.kind === 'choice' && (
        <div
          role={o.multiple ? 'group' : 'radiogroup'}
          aria-labelledby={`${id}-q`}
          className="tch-choices"
        >
          {o.items.map((i) => {
            const picked = answer?.kind === 'choice' && answer.optionIds.includes(i.id);
            return (
              <Control
                key={i.id}
                className="tch-option"
                name={id}
                disabled={readOnly}
                checked={picked}
                label={`${plain(i.content) || i.content.toString()}${i.right ? ' ✓' : ''}`}
                onChange={(e) => {
                  const prev = answer?.kind === 'choice' ? answer.optionIds : [];
                  const next = o.multiple
                    ? e.currentTarget.checked
                      ? [...prev, i.id]
                      : prev.filter((x) => x !== i.id)
                    : [i.id];
                  set(m.id, { kind: 'choice', optionIds: next });
                }}
              />
            );
          })}
        </div>
      )}
      {m.type === 'task' && o?.kind === 'connection' && (
        <div className="tch-connection">
          {o.left.map((l) => {
            const chosen =
              answer?.kind === 'connection'
                ? (answer.links.find((x) => x.left === l.id)?.right ?? '')
                : '';
            const right = o.links.find((x) => x.left === l.id)?.right;
            return (
              <NativeSelect
                key={l.id}
                label={`${plain(l.content) || String(l.content)} →`}
                disabled={readOnly}
                value={chosen}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  const prev =
                    answer?.kind === 'connection'
                      ? answer.links.filter((x) => x.left !== l.id)
                      : [];
                  set(m.id, {
                    kind: 'connection',
                    links: v ? [...prev, { left: l.id, right: v }] : prev,
                  });
                }}
                data={[
                  { value: '', label: t('chooseOne') },
                  ...o.right.map((r) => ({
                    value: r.id,
                    label: `${plain(r.content) || String(r.content)}${right === r.id ? ' ✓' : ''}`,
                  })),
                ]}
                w={{ base: '100%', sm: 360 }}
              />
            );
          })}
        </div>
      )}
      {m.type === 'task' && !o && (
        <Textarea
          label={answerLabel}
          rows={3}
          readOnly={readOnly}
          value={answer?.kind === 'open' ? answer.text : ''}
          onChange={(e) => set(m.id, { kind: 'open', text: e.currentTarget.value })}
        />
      )}
      {result && (
        <p className="tch-result" role="status">
          {t(`status_${result.status}`)}: {result.points ?? '—'} / {result.max} {t('points')}
          {onGrade && result.kind === 'open' && (
            <GradeOpen max={result.max} onGrade={(p) => onGrade(m.id, p)} t={t} />
          )}
        </p>
      )}
      {explain && result && result.status !== 'right' && <Explanation m={m} t={t} />}
    </fieldset>
  );
}

/** The right answer of a task in words, from the keys it carries, and its explanation. */
function rightAnswerText(m: Module): string {
  const o = m.options;
  if (!o) return '';
  if (o.kind === 'select') return o.items.find((i) => i.id === o.rightId)?.text ?? '';
  if (o.kind === 'choice')
    return o.items
      .filter((i) => i.right)
      .map((i) => plain(i.content) || String(i.content))
      .join('; ');
  const text = (items: typeof o.left, id: string) => {
    const item = items.find((i) => i.id === id);
    return item ? plain(item.content) || String(item.content) : '';
  };
  return o.links.map((l) => `${text(o.left, l.left)} → ${text(o.right, l.right)}`).join('; ');
}

function Explanation({ m, t }: { m: Module; t: ReturnType<typeof teachingText> }) {
  const right = rightAnswerText(m);
  const why = m.hints.solution ? plain(m.hints.solution) : '';
  if (!right && !why) return null;
  return (
    <div className="tch-explanation">
      {right && (
        <p>
          <strong>{t('rightAnswer')}:</strong> {right}
        </p>
      )}
      {why && (
        <p>
          <strong>{t('explanation')}:</strong> {why}
        </p>
      )}
    </div>
  );
}

function GradeOpen({
  max,
  onGrade,
  t,
}: {
  max: number;
  onGrade: (p: number) => void;
  t: ReturnType<typeof teachingText>;
}) {
  return (
    <form
      className="tch-inline"
      onSubmit={(e) => {
        e.preventDefault();
        const v = Number(new FormData(e.currentTarget).get('points'));
        if (Number.isFinite(v) && v >= 0 && v <= max) onGrade(v);
      }}
    >
      <NumberInput
        label={t('score')}
        name="points"
        min={0}
        max={max}
        step={0.5}
        decimalScale={1}
        required
        w={120}
      />
      <Button type="submit" variant="light">
        {t('grade')}
      </Button>
    </form>
  );
}
