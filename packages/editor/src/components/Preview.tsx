import { useState } from 'react';
import { moduleNumbers, type Draft, type Module } from '@sabaq/engine';
import type { Translate } from '../i18n/messages';
import { Button, NativeSelect } from '@mantine/core';
import { KitProvider } from '../kit/KitProvider';
import { RichView } from '../rich/RichView';

/** A student's answer to one task. */
export type Answer =
  | { kind: 'select'; optionId: string | null }
  | { kind: 'choice'; optionIds: string[] }
  | { kind: 'connection'; pairs: Record<string, string> };

/** True when `answer` is exactly the module's right answer. */
export function isRight(m: Module, answer: Answer | undefined): boolean {
  const o = m.options;
  if (!o || !answer || answer.kind !== o.kind) return false;
  if (o.kind === 'select' && answer.kind === 'select') {
    return o.rightId !== null && answer.optionId === o.rightId;
  }
  if (o.kind === 'choice' && answer.kind === 'choice') {
    const right = o.items
      .filter((i) => i.right)
      .map((i) => i.id)
      .sort();
    const given = [...new Set(answer.optionIds)].sort();
    return right.length > 0 && right.join('|') === given.join('|');
  }
  if (o.kind === 'connection' && answer.kind === 'connection') {
    const want = new Set(o.links.map((l) => `${l.left}>${l.right}`));
    const got = new Set(Object.entries(answer.pairs).map(([l, r]) => `${l}>${r}`));
    return want.size > 0 && want.size === got.size && [...want].every((x) => got.has(x));
  }
  return false;
}

/** The draft as a student sees it, with answer checking. */
export function Preview({ draft, t }: { draft: Draft; t: Translate }) {
  const numbers = moduleNumbers(draft);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [checked, setChecked] = useState(false);
  const tasks = draft.pages.flatMap((p) => p.modules).filter((m) => m.type === 'task' && m.options);
  const right = tasks.filter((m) => isRight(m, answers[m.id])).length;
  const set = (id: string, a: Answer) => {
    setChecked(false);
    setAnswers((s) => ({ ...s, [id]: a }));
  };
  return (
    <KitProvider>
      <div className="sbq-preview" lang={draft.lang === 'kz' ? 'kk' : 'ru'}>
        <h1>{draft.title}</h1>
        {draft.summary && <p>{draft.summary}</p>}
        {draft.pages.map((p, pi) => (
          <section key={p.id} aria-label={p.title || t('page_n', { n: pi + 1 })}>
            <h2>{p.title || t('page_n', { n: pi + 1 })}</h2>
            {p.modules.map((m) => {
              const n = numbers.get(m.id);
              const a = answers[m.id];
              const o = m.options;
              const heading = `${n !== undefined ? `${n}. ` : ''}${m.title}`;
              return (
                <article
                  key={m.id}
                  className="sbq-preview-module"
                  aria-label={heading || t('module')}
                >
                  {heading && <h3>{heading}</h3>}
                  <RichView doc={m.description} />
                  <RichView doc={m.content} />
                  {o?.kind === 'select' && (
                    <NativeSelect
                      className="sbq-answer-select"
                      label={t('yourAnswer')}
                      value={a?.kind === 'select' ? (a.optionId ?? '') : ''}
                      onChange={(e) =>
                        set(m.id, { kind: 'select', optionId: e.currentTarget.value || null })
                      }
                      data={[
                        { value: '', label: t('choose') },
                        ...o.items.map((i) => ({ value: i.id, label: i.text })),
                      ]}
                    />
                  )}
                  {o?.kind === 'choice' && (
                    <fieldset>
                      <legend>{t('yourAnswer')}</legend>
                      {o.items.map((i) => {
                        const ids = a?.kind === 'choice' ? a.optionIds : [];
                        return (
                          <label key={i.id} className="sbq-block">
                            <input
                              type={o.multiple ? 'checkbox' : 'radio'}
                              name={`preview-${m.id}`}
                              checked={ids.includes(i.id)}
                              onChange={(e) =>
                                set(m.id, {
                                  kind: 'choice',
                                  optionIds: o.multiple
                                    ? e.target.checked
                                      ? [...ids, i.id]
                                      : ids.filter((x) => x !== i.id)
                                    : [i.id],
                                })
                              }
                            />
                            {i.content}
                          </label>
                        );
                      })}
                    </fieldset>
                  )}
                  {o?.kind === 'connection' && (
                    <fieldset>
                      <legend>{t('yourAnswer')}</legend>
                      {o.left.map((l) => {
                        const pairs = a?.kind === 'connection' ? a.pairs : {};
                        return (
                          <NativeSelect
                            key={l.id}
                            className="sbq-answer-select sbq-block"
                            label={l.content}
                            value={pairs[l.id] ?? ''}
                            onChange={(e) => {
                              const next = { ...pairs };
                              const value = e.currentTarget.value;
                              if (value) next[l.id] = value;
                              else delete next[l.id];
                              set(m.id, { kind: 'connection', pairs: next });
                            }}
                            data={[
                              { value: '', label: t('choose') },
                              ...o.right.map((r) => ({ value: r.id, label: r.content })),
                            ]}
                          />
                        );
                      })}
                    </fieldset>
                  )}
                  {checked && o && (
                    <p className={isRight(m, a) ? 'sbq-correct' : 'sbq-incorrect'}>
                      {isRight(m, a) ? `✓ ${t('correct')}` : `✗ ${t('incorrect')}`}
                    </p>
                  )}
                </article>
              );
            })}
          </section>
        ))}
        {tasks.length > 0 && (
          <div className="sbq-row">
            <Button variant="default" size="compact-sm" onClick={() => setChecked(true)}>
              {t('checkAnswers')}
            </Button>
            <p role="status">{checked ? t('score', { right, total: tasks.length }) : ''}</p>
          </div>
        )}
      </div>
    </KitProvider>
  );
}
