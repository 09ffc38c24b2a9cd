import { describe, expect, it } from 'vitest';
import { RICH_MARKS, RICH_NODES, allowRichText, emptyDoc, textDoc } from '@sabaq/engine';
import type { RichNode } from '@sabaq/engine';
import { checkRichText, richSchema } from './schema';

describe('the rich-text schema shared by the editor and the server', () => {
  it('has the nodes and marks of the editor’s toolbar', () => {
    const s = richSchema();
    for (const n of ['paragraph', 'heading', 'bulletList', 'orderedList', 'listItem', 'image'])
      expect(s.nodes[n]).toBeDefined();
    for (const m of ['bold', 'italic', 'link']) expect(s.marks[m]).toBeDefined();
  });

  it('is exactly the allow-list of stored rich text: the same nodes, marks and attributes (issue 28)', () => {
    const s = richSchema();
    // The types' attribute specs (`attrs` is internal in the typings, public at run time).
    const attrsOf = (type: unknown) =>
      Object.keys((type as { attrs: Record<string, unknown> }).attrs).sort();
    expect(Object.keys(s.nodes).sort()).toEqual(Object.keys(RICH_NODES).sort());
    expect(Object.keys(s.marks).sort()).toEqual(Object.keys(RICH_MARKS).sort());
    for (const [name, type] of Object.entries(s.nodes))
      expect(attrsOf(type), name).toEqual(Object.keys(RICH_NODES[name]!).sort());
    for (const [name, type] of Object.entries(s.marks))
      expect(attrsOf(type), name).toEqual(Object.keys(RICH_MARKS[name]!).sort());
  });

  it('stores what the editor writes, every attribute with its default value', () => {
    const s = richSchema();
    // The editor's own JSON: every node and mark with the attributes it fills in.
    const doc = s.node('doc', null, [
      s.node('heading', { level: 2 }, [s.text('Тақырып')]),
      s.node('paragraph', null, [
        s.text('Сілтеме', [s.mark('link', { href: 'https://sabaq.kz/kk' })]),
        s.text(' пошта', [s.mark('link', { href: 'mailto:support@sabaq.kz' }), s.mark('bold')]),
        s.node('hardBreak'),
        s.text('код', [s.mark('code'), s.mark('italic'), s.mark('strike'), s.mark('underline')]),
      ]),
      s.node('orderedList', { start: 3 }, [
        s.node('listItem', null, [s.node('paragraph', null, [s.text('бір')])]),
      ]),
      s.node('bulletList', null, [
        s.node('listItem', null, [s.node('paragraph', null, [s.text('екі')])]),
      ]),
      s.node('blockquote', null, [s.node('paragraph', null, [s.text('дәйексөз')])]),
      s.node('codeBlock', { language: 'ts' }, [s.text('const a = 1;')]),
      s.node('horizontalRule'),
      s.node('image', { src: '/api/v2/os/files/a.png', alt: 'сурет' }),
    ]);
    const json = doc.toJSON() as RichNode;
    const allowed = allowRichText(json);
    expect(allowed).toEqual({ ok: true, doc: json, dropped: 0 });
  });

  it('accepts what the editor and the engine make, including an empty field', () => {
    expect(checkRichText(textDoc('Абай жолы'))).toBeNull();
    expect(checkRichText(emptyDoc())).toBeNull();
    expect(checkRichText({ type: 'doc' })).toBeNull();
  });

  it('refuses what the editor could not open', () => {
    expect(checkRichText({ type: 'doc', content: [{ type: 'text', text: 'x' }] })).toMatch(
      /Invalid content/,
    );
    expect(checkRichText({ type: 'doc', content: [{ type: 'table' }] })).toMatch(/table/);
    expect(
      checkRichText({
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'blink' }] }] },
        ],
      }),
    ).toMatch(/blink/);
    expect(checkRichText({ type: 'paragraph' })).toBe('not a document');
    expect(checkRichText('doc')).toBe('not a document');
  });
});
