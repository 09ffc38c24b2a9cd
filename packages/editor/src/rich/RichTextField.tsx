import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Button } from '@mantine/core';
import {
  IconBold,
  IconH3,
  IconItalic,
  IconLink,
  IconList,
  IconListNumbers,
  IconPhoto,
} from '@tabler/icons-react';
import { EditorContent, useEditor as useTiptap } from '@tiptap/react';
import type * as Y from 'yjs';
import type { Awareness } from 'y-protocols/awareness';
import type { RichText } from '@sabaq/engine';
import { collabRichExtensions } from '../collab/extensions';
import type { Translate } from '../i18n/messages';
import { isEmptyDoc, safeHref, sanitizeDoc, sanitizeHtml } from './sanitize';
import { richExtensions } from './schema';

export interface RichTextFieldProps {
  label: string;
  value: RichText | null;
  /** Called with the sanitised document when the person pauses or leaves the field. */
  onCommit: (doc: RichText) => void;
  t: Translate;
  path?: string;
  readOnly?: boolean;
  /** Images the person may insert: uploaded assets with their URLs. */
  images?: ReadonlyArray<{ src: string; label: string }>;
  /**
   * Live co-editing: the field's Y.XmlFragment owns the text (typed character by character and
   * merged with co-authors'; the draft reads it from there), co-authors' carets show with their
   * names, and `onCommit` is not called. Fixed for the field's lifetime (remount to change).
   */
  collab?: { fragment: Y.XmlFragment; awareness: Awareness; key: string };
}

const sameDoc = (a: RichText, b: RichText) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Rich text (TipTap): headings, lists, bold/italic, links and images from uploaded assets.
 * Content is sanitised when it enters the editor (from the log or a paste) and when it leaves
 * (before the command is built).
 */
export function RichTextField(props: RichTextFieldProps) {
  const { label, value, onCommit, t, path, readOnly, images = [], collab } = props;
  const labelId = useId();
  const [linkError, setLinkError] = useState<string | null>(null);
  const [showImages, setShowImages] = useState(false);
  const committed = useRef(sanitizeDoc(value));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onCommitRef = useRef(onCommit);
  onCommitRef.current = onCommit;

  const flush = (doc: RichText) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const clean = sanitizeDoc(doc);
    if (sameDoc(clean, committed.current)) return;
    committed.current = clean;
    onCommitRef.current(clean);
  };

  const editor = useTiptap({
    extensions: [
      // The same schema the server checks rich text against (schema.ts). Shared text: the
      // Collaboration extension's undo only undoes this person's typing; ProseMirror's own
      // history would undo co-authors' text too.
      ...richExtensions({ collab: Boolean(collab) }),
      ...(collab ? collabRichExtensions(collab) : []),
    ],
    // With a fragment the text comes from the shared doc, not from the log's copy.
    ...(collab ? {} : { content: committed.current }),
    editable: !readOnly,
    immediatelyRender: true,
    editorProps: {
      transformPastedHTML: sanitizeHtml,
      attributes: {
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        ...(path ? { 'data-path': path } : {}),
      },
    },
    onUpdate: ({ editor: e }) => {
      if (collab) return;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => flush(e.getJSON() as RichText), 1200);
    },
    onBlur: ({ editor: e }) => {
      if (!collab) flush(e.getJSON() as RichText);
    },
  });

  // The log changed (undo, a co-author, another field): show it unless it is what we sent.
  useEffect(() => {
    if (!editor || collab) return;
    const incoming = sanitizeDoc(value);
    if (sameDoc(incoming, committed.current)) return;
    committed.current = incoming;
    editor.commands.setContent(incoming, { emitUpdate: false });
  }, [editor, value, collab]);

  useEffect(() => {
    editor?.setEditable(!readOnly);
  }, [editor, readOnly]);

  // Leaving the module commits what was typed.
  useEffect(
    () => () => {
      if (timer.current && editor) flush(editor.getJSON() as RichText);
    },
    [editor],
  );

  const setLink = () => {
    if (!editor) return;
    const current = editor.getAttributes('link').href as string | undefined;
    const entered = window.prompt(t('linkPrompt'), current ?? 'https://');
    if (entered === null) return;
    if (entered.trim() === '') {
      editor.chain().focus().unsetLink().run();
      return;
    }
    const href = safeHref(entered);
    if (!href) {
      setLinkError(t('badLink'));
      return;
    }
    setLinkError(null);
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
  };

  // Icons from the kit's icon set (no letters or emoji that a font may lack); the name is
  // the button's label.
  const btn = (name: string, active: boolean, action: () => void, icon: ReactNode) => (
    <ActionIcon
      variant={active ? 'filled' : 'default'}
      size="md"
      aria-pressed={active}
      aria-label={name}
      title={name}
      disabled={readOnly || !editor}
      onMouseDown={(e) => e.preventDefault()}
      onClick={action}
    >
      {icon}
    </ActionIcon>
  );

  return (
    <div className="sbq-field sbq-rich" data-empty={isEmptyDoc(value) || undefined}>
      <span id={labelId} className="sbq-label">
        {label}
      </span>
      {!readOnly && editor && (
        <div role="toolbar" aria-label={`${t('formatting')}: ${label}`} className="sbq-toolbar">
          {btn(
            t('bold'),
            editor.isActive('bold'),
            () => editor.chain().focus().toggleBold().run(),
            <IconBold size={16} aria-hidden />,
          )}
          {btn(
            t('italic'),
            editor.isActive('italic'),
            () => editor.chain().focus().toggleItalic().run(),
            <IconItalic size={16} aria-hidden />,
          )}
          {btn(
            t('heading'),
            editor.isActive('heading'),
            () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
            <IconH3 size={16} aria-hidden />,
          )}
          {btn(
            t('bulletList'),
            editor.isActive('bulletList'),
            () => editor.chain().focus().toggleBulletList().run(),
            <IconList size={16} aria-hidden />,
          )}
          {btn(
            t('orderedList'),
            editor.isActive('orderedList'),
            () => editor.chain().focus().toggleOrderedList().run(),
            <IconListNumbers size={16} aria-hidden />,
          )}
          {btn(t('link'), editor.isActive('link'), setLink, <IconLink size={16} aria-hidden />)}
          {images.length > 0 &&
            btn(
              t('image'),
              showImages,
              () => setShowImages((s) => !s),
              <IconPhoto size={16} aria-hidden />,
            )}
        </div>
      )}
      {showImages && editor && (
        <ul aria-label={t('imagePick')} className="sbq-image-pick">
          {images.map((img) => (
            <li key={img.src}>
              <Button
                variant="default"
                size="compact-sm"
                onClick={() => {
                  editor.chain().focus().setImage({ src: img.src, alt: img.label }).run();
                  setShowImages(false);
                }}
              >
                {img.label}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {linkError && (
        <p role="alert" className="sbq-error">
          {linkError}
        </p>
      )}
      <EditorContent editor={editor} className="sbq-rich-content" />
    </div>
  );
}
