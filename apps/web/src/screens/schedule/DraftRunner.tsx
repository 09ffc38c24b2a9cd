import type { Draft, Module } from '@sabaq/engine';
import type { Answers, ModuleAnswer, ModuleResult } from '@sabaq/platform';
import { teachingText } from './texts';

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
}

/**
 * A builder draft to take: select, choice (single or multiple), connection and open answers,
 * with the results beside each task once graded. Right answers arrive only when the server
 * allows (after handing in, or for staff).
 */
export function DraftRunner({ draft, answers, onChange, results, onGrade }: Props) {
  const t = teachingText();
  const readOnly = !onChange;
  const set = (id: string, a: ModuleAnswer) => onChange?.({ ...answers, [id]: a });
  const resultOf = (id: string) => results?.find((r) => r.moduleId === id);
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
              onGrade={onGrade}
              t={t}
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
  onGrade,
  t,
}: {
  m: Module;
  answer: ModuleAnswer | undefined;
  set: (id: string, a: ModuleAnswer) => void;
  readOnly: boolean;
  result: ModuleResult | undefined;
  onGrade?: (moduleId: string, points: number) => void;
  t: ReturnType<typeof teachingText>;
}) {
  const o = m.options;
  const id = `m-${m.id}`;
  return (
    <fieldset
      className={`tch-module${result ? ` tch-${result.status}` : ''}`}
      aria-describedby={`${id}-q`}
    >
      <legend>
        {result?.number ? `${result.number}. ` : ''}
        {m.title}
      </legend>
      <p id={`${id}-q`} className="tch-question">
        {plain(m.content)}
      </p>
      {m.type === 'task' && o?.kind === 'select' && (
        <label>
          {t('yourAnswer')}{' '}
          <select
            disabled={readOnly}
            value={answer?.kind === 'select' ? answer.optionId : ''}
            onChange={(e) => set(m.id, { kind: 'select', optionId: e.target.value })}
          >
            <option value="">{t('chooseOne')}</option>
            {o.items.map((i) => (
              <option key={i.id} value={i.id}>
                {i.text}
                {o.rightId === i.id ? ' ✓' : ''}
              </option>
            ))}
          </select>
        </label>
      )}
      {m.type === 'task' && o?.kind === 'choice' && (
        <div role={o.multiple ? 'group' : 'radiogroup'} aria-labelledby={`${id}-q`}>
          {o.items.map((i) => {
            const picked = answer?.kind === 'choice' && answer.optionIds.includes(i.id);
            return (
              <label key={i.id} className="tch-option">
                <input
                  type={o.multiple ? 'checkbox' : 'radio'}
                  name={id}
                  disabled={readOnly}
                  checked={picked}
                  onChange={(e) => {
                    const prev = answer?.kind === 'choice' ? answer.optionIds : [];
                    const next = o.multiple
                      ? e.target.checked
                        ? [...prev, i.id]
                        : prev.filter((x) => x !== i.id)
                      : [i.id];
                    set(m.id, { kind: 'choice', optionIds: next });
                  }}
                />{' '}
                {plain(i.content) || i.content.toString()}
                {i.right ? ' ✓' : ''}
              </label>
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
              <label key={l.id}>
                {plain(l.content) || String(l.content)} →{' '}
                <select
                  disabled={readOnly}
                  value={chosen}
                  onChange={(e) => {
                    const prev =
                      answer?.kind === 'connection'
                        ? answer.links.filter((x) => x.left !== l.id)
                        : [];
                    set(m.id, {
                      kind: 'connection',
                      links: e.target.value
                        ? [...prev, { left: l.id, right: e.target.value }]
                        : prev,
                    });
                  }}
                >
                  <option value="">{t('chooseOne')}</option>
                  {o.right.map((r) => (
                    <option key={r.id} value={r.id}>
                      {plain(r.content) || String(r.content)}
                      {right === r.id ? ' ✓' : ''}
                    </option>
                  ))}
                </select>
              </label>
            );
          })}
        </div>
      )}
      {m.type === 'task' && !o && (
        <label>
          {t('yourAnswer')}
          <textarea
            rows={3}
            readOnly={readOnly}
            value={answer?.kind === 'open' ? answer.text : ''}
            onChange={(e) => set(m.id, { kind: 'open', text: e.target.value })}
          />
        </label>
      )}
      {result && (
        <p className="tch-result" role="status">
          {t(`status_${result.status}`)}: {result.points ?? '—'} / {result.max} {t('points')}
          {onGrade && result.kind === 'open' && (
            <GradeOpen max={result.max} onGrade={(p) => onGrade(m.id, p)} t={t} />
          )}
        </p>
      )}
    </fieldset>
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
      <label>
        {t('score')} <input name="points" type="number" min={0} max={max} step={0.5} required />
      </label>{' '}
      <button type="submit">{t('grade')}</button>
    </form>
  );
}
