import { useState, type DragEvent } from 'react';
import { moduleNumbers, type Module, type Page } from '@sabaq/engine';
import { newId } from '../log/DraftLog';
import { useEditor } from './context';
import { NativeSelect, UnstyledButton } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconChevronRight,
  IconCopy,
  IconX,
} from '@tabler/icons-react';
import { AddButton, IconButton } from '../kit/controls';
import { CommitField } from './fields';

interface OutlineProps {
  selectedId: string | null;
  onOpen: (moduleId: string) => void;
}

type Dragged = { kind: 'page'; id: string } | { kind: 'module'; id: string };
const DRAG_TYPE = 'application/x-sabaq-outline';

/**
 * Pages and their modules: add, rename, reorder (drag, or the move buttons by keyboard),
 * expand/collapse; modules numbered live by the engine's `moduleNumbers`.
 */
export function Outline({ selectedId, onOpen }: OutlineProps) {
  const { draft, t, run, readOnly } = useEditor();
  const numbers = moduleNumbers(draft);
  const [dragging, setDragging] = useState<Dragged | null>(null);

  const addPage = () => {
    const pageId = newId();
    run([{ type: 'page/add', pageId, title: '' }]);
  };

  const dropOnPage = (page: Page, index: number, e: DragEvent) => {
    e.preventDefault();
    const d = dragging;
    setDragging(null);
    if (!d || readOnly) return;
    if (d.kind === 'page') {
      if (d.id !== page.id) run([{ type: 'page/move', pageId: d.id, toIndex: index }]);
      return;
    }
    run([{ type: 'module/move', moduleId: d.id, toPageId: page.id, toIndex: page.modules.length }]);
  };

  const dropOnModule = (page: Page, index: number, e: DragEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const d = dragging;
    setDragging(null);
    if (!d || d.kind !== 'module' || readOnly || d.id === page.modules[index]?.id) return;
    run([{ type: 'module/move', moduleId: d.id, toPageId: page.id, toIndex: index }]);
  };

  const startDrag = (d: Dragged) => (e: DragEvent) => {
    e.stopPropagation();
    e.dataTransfer.setData(DRAG_TYPE, d.id);
    e.dataTransfer.effectAllowed = 'move';
    setDragging(d);
  };

  return (
    <nav className="sbq-outline" aria-label={t('pages')}>
      <h2>{t('pages')}</h2>
      {draft.pages.length === 0 && <p>{t('noPages')}</p>}
      <ol className="sbq-pages">
        {draft.pages.map((page, pi) => (
          <li
            key={page.id}
            className="sbq-page"
            draggable={!readOnly}
            onDragStart={startDrag({ kind: 'page', id: page.id })}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => dropOnPage(page, pi, e)}
            data-path={`pages.${pi}`}
          >
            <div className="sbq-page-head">
              <IconButton
                aria-expanded={page.expand}
                aria-label={`${page.expand ? t('collapse') : t('expand')}: ${page.title || t('page_n', { n: pi + 1 })}`}
                disabled={readOnly}
                onClick={() =>
                  run([{ type: 'page/setExpand', pageId: page.id, expand: !page.expand }])
                }
                icon={
                  page.expand ? (
                    <IconChevronDown size={16} aria-hidden />
                  ) : (
                    <IconChevronRight size={16} aria-hidden />
                  )
                }
              />
              <CommitField
                label={`${t('pageTitle')} ${pi + 1}`}
                hideLabel
                value={page.title}
                path={`pages.${pi}.title`}
                disabled={readOnly}
                onCommit={(title) => run([{ type: 'page/rename', pageId: page.id, title }])}
              />
              <IconButton
                disabled={readOnly || pi === 0}
                aria-label={`${t('moveUp')}: ${t('page_n', { n: pi + 1 })}`}
                onClick={() => run([{ type: 'page/move', pageId: page.id, toIndex: pi - 1 }])}

                icon={<IconArrowUp size={16} aria-hidden />}
              />
              <IconButton
                disabled={readOnly || pi === draft.pages.length - 1}
                aria-label={`${t('moveDown')}: ${t('page_n', { n: pi + 1 })}`}
                onClick={() => run([{ type: 'page/move', pageId: page.id, toIndex: pi + 1 }])}

                icon={<IconArrowDown size={16} aria-hidden />}
              />
              <IconButton
                disabled={readOnly}
                aria-label={`${t('removePage')}: ${t('page_n', { n: pi + 1 })}`}
                onClick={() => run([{ type: 'page/remove', pageId: page.id }])}
                danger
                icon={<IconX size={16} aria-hidden />}
              />
            </div>
            {page.expand && (
              <>
                <ol className="sbq-modules">
                  {page.modules.map((m, mi) => (
                    <ModuleRow
                      key={m.id}
                      module={m}
                      page={page}
                      index={mi}
                      pageIndex={pi}
                      number={numbers.get(m.id) ?? null}
                      selected={m.id === selectedId}
                      onOpen={onOpen}
                      onDragStart={startDrag({ kind: 'module', id: m.id })}
                      onDrop={(e) => dropOnModule(page, mi, e)}
                    />
                  ))}
                </ol>
                {!readOnly && (
                  <div className="sbq-row">
                    <AddButton
                      onClick={() => {
                        const moduleId = newId();
                        if (
                          run([
                            { type: 'module/add', pageId: page.id, moduleId, moduleType: 'simple' },
                          ])
                        )
                          onOpen(moduleId);
                      }}
                    >
                      {t('addSimple')}
                    </AddButton>
                    <AddButton
                      onClick={() => {
                        const moduleId = newId();
                        if (
                          run([
                            { type: 'module/add', pageId: page.id, moduleId, moduleType: 'task' },
                          ])
                        )
                          onOpen(moduleId);
                      }}
                    >
                      {t('addTask')}
                    </AddButton>
                  </div>
                )}
              </>
            )}
          </li>
        ))}
      </ol>
      {!readOnly && <AddButton onClick={addPage}>{t('addPage')}</AddButton>}
    </nav>
  );
}

interface ModuleRowProps {
  module: Module;
  page: Page;
  index: number;
  pageIndex: number;
  number: number | null;
  selected: boolean;
  onOpen: (id: string) => void;
  onDragStart: (e: DragEvent) => void;
  onDrop: (e: DragEvent) => void;
}

function ModuleRow(props: ModuleRowProps) {
  const { module: m, page, index, pageIndex, number, selected, onOpen } = props;
  const { draft, t, run, readOnly } = useEditor();
  const name = `${number !== null ? `${number}. ` : ''}${m.title || t('untitledModule')}`;
  return (
    <li
      className={selected ? 'sbq-module sbq-selected' : 'sbq-module'}
      draggable={!readOnly}
      onDragStart={props.onDragStart}
      onDragOver={(e) => e.preventDefault()}
      onDrop={props.onDrop}
      data-path={`pages.${pageIndex}.modules.${index}`}
    >
      <UnstyledButton
        className="sbq-module-open"
        aria-current={selected ? 'true' : undefined}
        onClick={() => onOpen(m.id)}
      >
        <span className="sbq-module-number" aria-hidden={number === null}>
          {number ?? '•'}
        </span>{' '}
        {m.title || t('untitledModule')}{' '}
        <small>({m.type === 'task' ? t('task') : t('simple')})</small>
      </UnstyledButton>
      {!readOnly && (
        <span className="sbq-module-actions">
          <IconButton
            disabled={index === 0}
            aria-label={`${t('moveUp')}: ${name}`}
            onClick={() =>
              run([{ type: 'module/move', moduleId: m.id, toPageId: page.id, toIndex: index - 1 }])
            }

            icon={<IconArrowUp size={16} aria-hidden />}
          />
          <IconButton
            disabled={index === page.modules.length - 1}
            aria-label={`${t('moveDown')}: ${name}`}
            onClick={() =>
              run([{ type: 'module/move', moduleId: m.id, toPageId: page.id, toIndex: index + 1 }])
            }

            icon={<IconArrowDown size={16} aria-hidden />}
          />
          {draft.pages.length > 1 && (
            <NativeSelect
              size="xs"
              className="sbq-move-select"
              aria-label={`${t('moveToPage')}: ${name}`}
              data={[
                { value: '', label: `${t('moveToPage')}…` },
                ...draft.pages.flatMap((p, i) =>
                  p.id === page.id
                    ? []
                    : [{ value: p.id, label: p.title || t('page_n', { n: i + 1 }) }],
                ),
              ]}
              value=""
              onChange={(e) => {
                const to = e.target.value;
                const target = draft.pages.find((p) => p.id === to);
                if (target)
                  run([
                    {
                      type: 'module/move',
                      moduleId: m.id,
                      toPageId: to,
                      toIndex: target.modules.length,
                    },
                  ]);
              }}
            />
          )}
          <IconButton
            aria-label={`${t('duplicate')}: ${name}`}
            onClick={() => {
              const newModuleId = newId();
              if (run([{ type: 'module/duplicate', moduleId: m.id, newModuleId }]))
                onOpen(newModuleId);
            }}
            icon={<IconCopy size={16} aria-hidden />}
          />
          <IconButton
            aria-label={`${t('remove')}: ${name}`}
            onClick={() => run([{ type: 'module/remove', moduleId: m.id }])}
            danger
            icon={<IconX size={16} aria-hidden />}
          />
        </span>
      )}
    </li>
  );
}
