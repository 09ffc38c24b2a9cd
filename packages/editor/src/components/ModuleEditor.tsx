import { useEffect, useMemo, useState } from 'react';
import type * as Y from 'yjs';
import { ASSESSMENT_TYPES, type Module } from '@sabaq/engine';
import { newId } from '../log/DraftLog';
import { LazyRichTextField as RichTextField } from '../rich/LazyRichTextField';
import { useEditor, type EditorCollab } from './context';
import { Button, Checkbox, Progress, Radio } from '@mantine/core';
import { IconUpload, IconX } from '@tabler/icons-react';
import { AddButton, IconButton } from '../kit/controls';
import { CommitField, NumberField, SelectField } from './fields';
import { OptionsEditor } from './OptionEditors';

interface ModuleEditorProps {
  module: Module;
  /** `pages.{p}.modules.{m}`: where problems about this module point. */
  path: string;
  number: number | null;
}

type RichFieldName = 'content' | 'description' | 'solution';

/**
 * The shared fragment a rich field binds to while co-editing. Looked up (or seeded from the
 * draft's text) in an effect, not during render, because seeding writes to the shared doc; a
 * co-author's concurrent seed that wins replaces it, and the field rebinds.
 */
function useLiveField(collab: EditorCollab | undefined, moduleId: string, field: RichFieldName) {
  // `gen` changes with the fragment: the TipTap field is remounted to bind to the new one.
  const [bound, setBound] = useState<{ fragment: Y.XmlFragment; gen: number } | null>(null);
  useEffect(() => {
    if (!collab) {
      setBound(null);
      return;
    }
    let gen = 0;
    const first = collab.fragment(moduleId, field);
    setBound(first ? { fragment: first, gen: ++gen } : null);
    return collab.onFragmentReplaced?.(moduleId, field, (fragment) =>
      setBound({ fragment, gen: ++gen }),
    );
  }, [collab, moduleId, field]);
  return useMemo(
    () =>
      collab && bound
        ? {
            fragment: bound.fragment,
            awareness: collab.awareness,
            key: `${moduleId}/${field}`,
            gen: bound.gen,
          }
        : undefined,
    [collab, bound, moduleId, field],
  );
}

/** Everything of one module: title, type, rich texts, answer options, descriptors, criteria,
 * purposes and attachments. */
export function ModuleEditor({ module: m, path, number }: ModuleEditorProps) {
  const { t, run, readOnly, draft, assetUrl, collab } = useEditor();
  // Read-only people (view access) do not bind: binding may seed a fragment, a write the server
  // drops for them; the field still follows co-authors' typing through the draft's text.
  const live = readOnly ? undefined : collab;
  const content = useLiveField(live, m.id, 'content');
  const description = useLiveField(live, m.id, 'description');
  const solution = useLiveField(m.type === 'task' ? live : undefined, m.id, 'solution');
  const assessment = ASSESSMENT_TYPES.has(draft.type);
  const images = draft.assets
    .filter((a) => /\.(png|jpe?g|gif|webp|svg)$/i.test(a.name))
    .map((a) => ({ src: assetUrl(a.name), label: a.label }));
  return (
    <article className="sbq-module-editor" aria-labelledby={`${m.id}-heading`}>
      <h2 id={`${m.id}-heading`}>
        {number !== null ? `${number}. ` : ''}
        {m.title || t('untitledModule')}
      </h2>
      <CommitField
        label={t('moduleTitle')}
        value={m.title}
        path={`${path}.title`}
        disabled={readOnly}
        onCommit={(title) => run([{ type: 'module/setTitle', moduleId: m.id, title }])}
      />
      <fieldset disabled={readOnly} data-path={`${path}.type`}>
        <legend>{t('moduleType')}</legend>
        {(['simple', 'task'] as const).map((type) => (
          <Radio
            key={type}
            className="sbq-inline"
            name={`${m.id}-type`}
            checked={m.type === type}
            onChange={() => run([{ type: 'module/setType', moduleId: m.id, moduleType: type }])}
            label={type === 'task' ? t('task') : t('simple')}
          />
        ))}
      </fieldset>
      <RichTextField
        key={`${m.id}-content-${content?.gen ?? 'local'}`}
        collab={content}
        label={t('content')}
        value={m.content}
        t={t}
        images={images}
        path={`${path}.content`}
        readOnly={readOnly}
        onCommit={(content) => run([{ type: 'module/setContent', moduleId: m.id, content }])}
      />
      <RichTextField
        key={`${m.id}-description-${description?.gen ?? 'local'}`}
        collab={description}
        label={t('description')}
        value={m.description}
        t={t}
        images={images}
        path={`${path}.description`}
        readOnly={readOnly}
        onCommit={(description) =>
          run([{ type: 'module/setDescription', moduleId: m.id, description }])
        }
      />
      {m.type === 'task' && (
        <>
          <OptionsEditor module={m} path={path} />
          <RichTextField
            key={`${m.id}-hint-${solution?.gen ?? 'local'}`}
            collab={solution}
            label={t('hint')}
            value={m.hints.solution}
            t={t}
            images={images}
            path={`${path}.hints.solution`}
            readOnly={readOnly}
            onCommit={(solution) => run([{ type: 'module/setHint', moduleId: m.id, solution }])}
          />
          {assessment && <DescriptorEditor module={m} path={path} />}
          <CriteriaEditor module={m} path={path} />
        </>
      )}
      <Attachments module={m} />
    </article>
  );
}

/** Descriptor of a task: a criterion and rows of what the student shows with a mark. */
export function DescriptorEditor({ module: m, path }: { module: Module; path: string }) {
  const { t, run, readOnly } = useEditor();
  const rows = m.descriptor.descriptorList;
  return (
    <section className="sbq-section" aria-labelledby={`${m.id}-descriptor`}>
      <h3 id={`${m.id}-descriptor`}>{t('descriptor')}</h3>
      <CommitField
        label={t('criterion')}
        value={m.descriptor.criterion}
        path={`${path}.descriptor.criterion`}
        disabled={readOnly}
        onCommit={(criterion) =>
          run([{ type: 'descriptor/setCriterion', moduleId: m.id, criterion }])
        }
      />
      <ol data-path={`${path}.descriptor.descriptorList`}>
        {rows.map((r, i) => (
          <li key={r.id} className="sbq-option">
            <CommitField
              label={`${t('descriptorRow')} ${i + 1}`}
              value={r.title}
              path={`${path}.descriptor.descriptorList.${i}.title`}
              disabled={readOnly}
              onCommit={(title) =>
                run([{ type: 'descriptor/editRow', moduleId: m.id, rowId: r.id, title }])
              }
            />
            <NumberField
              label={`${t('mark')} ${i + 1}`}
              value={r.mark}
              min={0}
              max={100}
              path={`${path}.descriptor.descriptorList.${i}.mark`}
              disabled={readOnly}
              onCommit={(mark) =>
                mark !== null &&
                run([{ type: 'descriptor/editRow', moduleId: m.id, rowId: r.id, mark }])
              }
            />
            <IconButton
              disabled={readOnly}
              aria-label={`${t('removeRow')} ${i + 1}`}
              onClick={() => run([{ type: 'descriptor/removeRow', moduleId: m.id, rowId: r.id }])}
              danger
              icon={<IconX size={16} aria-hidden />}
            />
          </li>
        ))}
      </ol>
      {!readOnly && (
        <AddButton
          onClick={() =>
            run([{ type: 'descriptor/addRow', moduleId: m.id, rowId: newId(), title: '', mark: 1 }])
          }
        >
          {t('addRow')}
        </AddButton>
      )}
    </section>
  );
}

/** Additional criteria: task type, extra information, maximum points and the task's purposes. */
export function CriteriaEditor({ module: m, path }: { module: Module; path: string }) {
  const { t, run, readOnly, draft } = useEditor();
  const c = m.additionalCriterions;
  return (
    <section className="sbq-section" aria-labelledby={`${m.id}-criteria`}>
      <h3 id={`${m.id}-criteria`}>{t('criteria')}</h3>
      <SelectField
        label={t('taskType')}
        value={c.taskTypeId}
        options={draft.dictionaries.taskTypes}
        emptyLabel={t('none')}
        path={`${path}.additionalCriterions.taskTypeId`}
        disabled={readOnly}
        onChange={(taskTypeId) =>
          run([{ type: 'module/setCriteria', moduleId: m.id, patch: { taskTypeId } }])
        }
      />
      <CommitField
        label={t('additionalInfo')}
        multiline
        value={c.additionalInfo}
        path={`${path}.additionalCriterions.additionalInfo`}
        disabled={readOnly}
        onCommit={(additionalInfo) =>
          run([{ type: 'module/setCriteria', moduleId: m.id, patch: { additionalInfo } }])
        }
      />
      <NumberField
        label={t('maxNumbers')}
        value={c.maxNumbers}
        nullable
        min={0}
        max={1000}
        path={`${path}.additionalCriterions.maxNumbers`}
        disabled={readOnly}
        onCommit={(maxNumbers) =>
          run([{ type: 'module/setCriteria', moduleId: m.id, patch: { maxNumbers } }])
        }
      />
      <fieldset disabled={readOnly} data-path={`${path}.additionalCriterions.purposes`}>
        <legend>{t('modulePurposes')}</legend>
        {draft.purposes.length === 0 && <p>{t('noPurposes')}</p>}
        {draft.purposes.map((p, i) => {
          const on = c.purposes.includes(p.id);
          return (
            <Checkbox
              key={p.id}
              className="sbq-block"
              checked={on}
              onChange={() =>
                run([
                  on
                    ? { type: 'purpose/detach', purposeId: p.id, moduleId: m.id }
                    : { type: 'purpose/attach', purposeId: p.id, moduleId: m.id },
                ])
              }
              label={p.title || `${t('purpose')} ${i + 1}`}
            />
          );
        })}
      </fieldset>
    </section>
  );
}

/** Files attached to the module; new files are uploaded to the server first. */
export function Attachments({ module: m }: { module: Module }) {
  const { t, run, readOnly, draft, upload, assetUrl, announce } = useEditor();
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState<{ label: string; percent: number } | null>(null);
  const attached = m.attachments
    .map((name) => draft.assets.find((a) => a.name === name))
    .filter((a) => a !== undefined);
  const others = draft.assets.filter((a) => !m.attachments.includes(a.name));
  return (
    <section className="sbq-section" aria-labelledby={`${m.id}-attachments`}>
      <h3 id={`${m.id}-attachments`}>{t('attachments')}</h3>
      <ul>
        {attached.map((a) => (
          <li key={a.name}>
            <a href={assetUrl(a.name)} target="_blank" rel="noreferrer noopener">
              {a.label}
            </a>{' '}
            {!readOnly && (
              <IconButton
                aria-label={`${t('detach')}: ${a.label}`}
                onClick={() => run([{ type: 'module/detach', moduleId: m.id, assetName: a.name }])}
                danger
                icon={<IconX size={16} aria-hidden />}
              />
            )}
          </li>
        ))}
      </ul>
      {!readOnly && others.length > 0 && (
        <ul aria-label={t('assets')}>
          {others.map((a) => (
            <li key={a.name}>
              {a.label}{' '}
              <Button
                variant="default"
                size="compact-sm"

                aria-label={`${t('attach')}: ${a.label}`}
                onClick={() => run([{ type: 'module/attach', moduleId: m.id, assetName: a.name }])}
              >
                {t('attach')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {!readOnly && upload && (
        <Button
          component="label"
          variant="default"
          size="sm"
          className="sbq-upload"
          leftSection={<IconUpload size={16} aria-hidden />}
          loading={busy}
        >
          {busy ? t('uploading') : t('upload')}
          <input
            type="file"
            className="sbq-visually-hidden"
            disabled={busy}
            onChange={async (e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              setBusy(true);
              setSending({ label: file.name, percent: 0 });
              try {
                const asset = await upload(file, (sent, total) =>
                  setSending({
                    label: file.name,
                    percent: total ? Math.floor((sent / total) * 100) : 0,
                  }),
                );
                run([
                  { type: 'asset/add', name: asset.name, label: asset.label },
                  { type: 'module/attach', moduleId: m.id, assetName: asset.name },
                ]);
              } catch (err) {
                announce(
                  t('uploadFailed', { reason: err instanceof Error ? err.message : String(err) }),
                );
              } finally {
                setBusy(false);
                setSending(null);
              }
            }}
          />
        </Button>
      )}
      {sending && (
        <Progress
          className="sbq-upload-progress"
          value={sending.percent}
          size="lg"
          mt="xs"
          aria-label={t('uploadingFile', { label: sending.label })}
        />
      )}
    </section>
  );
}
