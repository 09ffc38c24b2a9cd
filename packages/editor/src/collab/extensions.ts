import type * as Y from 'yjs';
import type { Awareness } from 'y-protocols/awareness';
import { Extension } from '@tiptap/react';
import Collaboration from '@tiptap/extension-collaboration';
import { yCursorPlugin } from '@tiptap/y-tiptap';

/** A co-author's caret with their name, coloured (inline styles: no stylesheet needed). */
function caret(user: { name?: unknown; color?: unknown }): HTMLElement {
  const color = typeof user.color === 'string' ? user.color : '#1f6feb';
  const el = document.createElement('span');
  el.className = 'collab-caret';
  el.setAttribute('aria-hidden', 'true');
  el.style.cssText = `position:relative;margin-left:-1px;margin-right:-1px;border-left:2px solid ${color};word-break:normal;pointer-events:none;`;
  const label = document.createElement('span');
  label.className = 'collab-caret__label';
  label.textContent = typeof user.name === 'string' ? user.name : '';
  label.style.cssText = `position:absolute;top:-1.4em;left:-2px;font-size:12px;line-height:1.2;padding:1px 4px;border-radius:3px 3px 3px 0;white-space:nowrap;color:#fff;background:${color};user-select:none;`;
  el.append(label);
  return el;
}

/**
 * TipTap extensions that make a rich-text field live: the text is the field's Y.XmlFragment
 * (`CollabDraft.fragment(moduleId, field)`) and co-authors' carets show with their names.
 * Use them instead of StarterKit's history (`StarterKit.configure({ undoRedo: false })`):
 * the Collaboration extension brings Yjs undo, which only ever undoes this person's typing.
 * All fields share awareness' `cursor` field: a caret is a relative position inside one
 * fragment, and each field draws only the carets that resolve inside its own fragment. (A field
 * name of one's own is not usable: y-tiptap compares the old caret through `cursor` whatever
 * field it writes, so it would rewrite awareness on every view update — an endless render loop.)
 * `key` (`moduleId/field`) names the field for callers; it is not sent.
 */
export function collabRichExtensions(opts: {
  fragment: Y.XmlFragment;
  awareness: Awareness;
  key: string;
}) {
  const { fragment, awareness } = opts;
  return [
    Collaboration.configure({ fragment }),
    Extension.create({
      name: 'collabCarets',
      addProseMirrorPlugins() {
        return [
          yCursorPlugin(
            awareness,
            {
              cursorBuilder: caret,
              selectionBuilder: (u: { color?: string }) => ({
                style: `background-color:${u.color ?? '#1f6feb'}33`,
              }),
            },
            'cursor',
          ),
        ];
      },
    }),
  ];
}
