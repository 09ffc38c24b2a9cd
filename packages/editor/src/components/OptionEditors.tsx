import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import {
  selectRightIndex,
  type ChoiceOptions,
  type ConnectionOptions,
  type Module,
  type ModuleOptions,
  type OptionKind,
  type SelectOptions,
} from '@sabaq/engine';
import { newId } from '../log/DraftLog';
import { useEditor } from './context';
import { Checkbox, Radio } from '@mantine/core';
import { IconLink, IconPointer, IconX } from '@tabler/icons-react';
import { AddButton, IconButton } from '../kit/controls';
import { CommitField } from './fields';

function emptyOptions(kind: OptionKind): ModuleOptions {
  switch (kind) {
    case 'select':
      return { kind: 'select', items: [], rightId: null };
    case 'choice':
      return { kind: 'choice', multiple: false, items: [] };
    case 'connection':
      return { kind: 'connection', left: [], right: [], links: [] };
    default:
      return kind satisfies never;
  }
}

/** Chooses the answer kind of a task and shows that kind's editor. */
export function OptionsEditor({ module: m, path }: { module: Module; path: string }) {
  const { t, run, readOnly } = useEditor();
  const kind = m.options?.kind ?? null;
  const kinds: Array<{ kind: OptionKind | null; label: string }> = [
    { kind: null, label: t('kindNone') },
    { kind: 'select', label: t('kindSelect') },
    { kind: 'choice', label: t('kindChoice') },
    { kind: 'connection', label: t('kindConnection') },
  ];
  return (
    <section className="sbq-section" aria-labelledby={`${m.id}-kind`}>
      <fieldset data-path={`${path}.options`} disabled={readOnly}>
        <legend id={`${m.id}-kind`}>{t('answerKind')}</legend>
        {kinds.map((k) => (
          <Radio
            key={k.kind ?? 'none'}
            className="sbq-inline"
            name={`${m.id}-kind`}
            checked={kind === k.kind}
            onChange={() =>
              run([
                {
                  type: 'module/setOptions',
                  moduleId: m.id,
                  options: k.kind ? emptyOptions(k.kind) : null,
                },
              ])
            }
            label={k.label}
          />
        ))}
      </fieldset>
      {m.options?.kind === 'select' && (
        <SelectEditor moduleId={m.id} options={m.options} path={`${path}.options`} />
      )}
      {m.options?.kind === 'choice' && (
        <ChoiceEditor moduleId={m.id} options={m.options} path={`${path}.options`} />
      )}
      {m.options?.kind === 'connection' && (
        <ConnectionEditor moduleId={m.id} options={m.options} path={`${path}.options`} />
      )}
    </section>
  );
}

interface EditorProps<O> {
  moduleId: string;
  options: O;
  path: string;
}

/** select: options with exactly one right answer. Deleting the right option makes the engine
 * reset it to the first; the editor says so out loud. */
export function SelectEditor({ moduleId, options, path }: EditorProps<SelectOptions>) {
  const { t, run, readOnly, announce } = useEditor();
  const right = selectRightIndex(options);
  return (
    <fieldset className="sbq-options" disabled={readOnly}>
      <legend>{t('kindSelect')}</legend>
      <ol>
        {options.items.map((o, i) => (
          <li key={o.id} className="sbq-option">
            <Radio
              className="sbq-inline"
              aria-label={`${t('rightAnswer')}: ${t('option')} ${i + 1}`}
              name={`${moduleId}-right`}
              checked={i === right}
              onChange={() => run([{ type: 'select/setRight', moduleId, optionId: o.id }])}
            />
            <CommitField
              label={`${t('option')} ${i + 1}`}
              hideLabel
              value={o.text}
              path={`${path}.items.${i}`}
              onCommit={(text) =>
                run([{ type: 'select/editOption', moduleId, optionId: o.id, text }])
              }
            />
            <IconButton
              aria-label={`${t('removeOption')} ${i + 1}`}
              onClick={() => {
                const wasRight = i === right;
                if (
                  run([{ type: 'select/removeOption', moduleId, optionId: o.id }]) &&
                  wasRight &&
                  options.items.length > 1
                )
                  announce(t('rightReset'));
              }}
              danger
              icon={<IconX size={16} aria-hidden />}
            />
          </li>
        ))}
      </ol>
      <AddButton
        onClick={() => run([{ type: 'select/addOption', moduleId, optionId: newId(), text: '' }])}
      >
        {t('addOption')}
      </AddButton>
    </fieldset>
  );
}

/** choice: options with right flags; single (radio) or multiple (check boxes). */
export function ChoiceEditor({ moduleId, options, path }: EditorProps<ChoiceOptions>) {
  const { t, run, readOnly } = useEditor();
  return (
    <fieldset className="sbq-options" disabled={readOnly}>
      <legend>{t('kindChoice')}</legend>
      <Checkbox
        className="sbq-inline"
        checked={options.multiple}
        onChange={(e) =>
          run([{ type: 'choice/setMultiple', moduleId, multiple: e.currentTarget.checked }])
        }
        label={t('multiple')}
      />
      <ol>
        {options.items.map((o, i) => (
          <li key={o.id} className="sbq-option">
            {(() => {
              const mark = {
                className: 'sbq-inline',
                'aria-label': `${t('rightAnswer')}: ${t('option')} ${i + 1}`,
                checked: o.right,
                onChange: (e: ChangeEvent<HTMLInputElement>) =>
                  run([
                    {
                      type: 'choice/setRight',
                      moduleId,
                      optionId: o.id,
                      right: options.multiple ? e.currentTarget.checked : true,
                    },
                  ]),
              };
              return options.multiple ? (
                <Checkbox {...mark} />
              ) : (
                <Radio {...mark} name={`${moduleId}-choice-right`} />
              );
            })()}
            <CommitField
              label={`${t('option')} ${i + 1}`}
              hideLabel
              value={o.content}
              path={`${path}.items.${i}`}
              onCommit={(content) =>
                run([{ type: 'choice/editOption', moduleId, optionId: o.id, content }])
              }
            />
            <IconButton
              aria-label={`${t('removeOption')} ${i + 1}`}
              onClick={() => run([{ type: 'choice/removeOption', moduleId, optionId: o.id }])}
              danger
              icon={<IconX size={16} aria-hidden />}
            />
          </li>
        ))}
      </ol>
      <AddButton
        onClick={() =>
          run([{ type: 'choice/addOption', moduleId, optionId: newId(), content: '' }])
        }
      >
        {t('addOption')}
      </AddButton>
    </fieldset>
  );
}

/**
 * connection: left and right items and the right pairs. Linking works by click and by keyboard:
 * pick a left item (a toggle button), then press a right item's link button. Removing an item
 * removes its links (the engine does it).
 */
export function ConnectionEditor({ moduleId, options, path }: EditorProps<ConnectionOptions>) {
  const { t, run, readOnly, announce } = useEditor();
  const [picked, setPicked] = useState<string | null>(null);
  const label = (side: 'left' | 'right', id: string) => {
    const list = side === 'left' ? options.left : options.right;
    const i = list.findIndex((x) => x.id === id);
    const item = list[i];
    return item ? `${i + 1}. ${item.content || t('item')}` : id;
  };
  const pickedStill = picked !== null && options.left.some((l) => l.id === picked) ? picked : null;
  // Leaving the module with an item picked: its "selected…" hint no longer means anything.
  const pickedRef = useRef(pickedStill);
  pickedRef.current = pickedStill;
  useEffect(
    () => () => {
      if (pickedRef.current !== null) announce('');
    },
    [announce],
  );

  const column = (side: 'left' | 'right') => {
    const items = side === 'left' ? options.left : options.right;
    return (
      <fieldset className="sbq-column">
        <legend>{side === 'left' ? t('leftColumn') : t('rightColumn')}</legend>
        <ol>
          {items.map((it, i) => (
            <li key={it.id} className="sbq-option">
              <CommitField
                label={`${side === 'left' ? t('leftColumn') : t('rightColumn')}: ${t('item')} ${i + 1}`}
                hideLabel
                value={it.content}
                path={`${path}.${side}.${i}`}
                onCommit={(content) =>
                  run([{ type: 'connection/editItem', moduleId, itemId: it.id, content }])
                }
              />
              {side === 'left' ? (
                <IconButton
                  aria-pressed={pickedStill === it.id}
                  aria-label={`${t('pickLeft')}: ${label('left', it.id)}`}
                  icon={<IconPointer size={16} aria-hidden />}
                  onClick={() => {
                    const next = pickedStill === it.id ? null : it.id;
                    setPicked(next);
                    announce(
                      next ? t('picked', { item: label('left', it.id) }) : t('pickCancelled'),
                    );
                  }}
                />
              ) : (
                <IconButton
                  disabled={pickedStill === null}
                  aria-label={`${t('linkTo')}: ${label('right', it.id)}`}
                  onClick={() => {
                    if (pickedStill === null) return;
                    const exists = options.links.some(
                      (l) => l.left === pickedStill && l.right === it.id,
                    );
                    if (
                      exists ||
                      run([
                        { type: 'connection/link', moduleId, leftId: pickedStill, rightId: it.id },
                      ])
                    ) {
                      setPicked(null);
                      // The "selected…" hint has done its work: say what was made instead.
                      announce(
                        t('linked', {
                          left: label('left', pickedStill),
                          right: label('right', it.id),
                        }),
                      );
                    }
                  }}
                  icon={<IconLink size={16} aria-hidden />}
                />
              )}
              <IconButton
                aria-label={`${t('removeItem')}: ${label(side, it.id)}`}
                onClick={() => run([{ type: 'connection/removeItem', moduleId, itemId: it.id }])}
                danger
                icon={<IconX size={16} aria-hidden />}
              />
            </li>
          ))}
        </ol>
        <AddButton
          onClick={() =>
            run([{ type: 'connection/addItem', moduleId, side, itemId: newId(), content: '' }])
          }
        >
          {t('addItem')}
        </AddButton>
      </fieldset>
    );
  };

  return (
    <div
      className="sbq-options sbq-connection"
      data-path={`${path}.links`}
      onKeyDown={(e) => {
        // Escape drops the pick (a field with unsaved text handles Escape itself first).
        if (e.key !== 'Escape' || pickedStill === null) return;
        e.stopPropagation();
        setPicked(null);
        announce(t('pickCancelled'));
      }}
    >
      <p id={`${moduleId}-link-help`} className="sbq-help">
        {t('linkHelp')}
      </p>
      <div className="sbq-columns" aria-describedby={`${moduleId}-link-help`}>
        {column('left')}
        {column('right')}
      </div>
      <section aria-label={t('links')}>
        <h3>{t('links')}</h3>
        {options.links.length === 0 ? (
          <p>{t('noLinks')}</p>
        ) : (
          <ul>
            {options.links.map((l) => (
              <li key={`${l.left}>${l.right}`}>
                {label('left', l.left)} → {label('right', l.right)}{' '}
                <IconButton
                  disabled={readOnly}
                  aria-label={`${t('unlink')}: ${label('left', l.left)} → ${label('right', l.right)}`}
                  onClick={() =>
                    run([{ type: 'connection/unlink', moduleId, leftId: l.left, rightId: l.right }])
                  }
                  danger
                  icon={<IconX size={16} aria-hidden />}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
