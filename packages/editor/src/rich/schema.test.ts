import { describe, expect, it } from 'vitest';
import { emptyDoc, textDoc } from '@sabaq/engine';
import { checkRichText, richSchema } from './schema';

describe('the rich-text schema shared by the editor and the server', () => {
  it('has the nodes and marks of the editor’s toolbar', () => {
    const s = richSchema();
    for (const n of ['paragraph', 'heading', 'bulletList', 'orderedList', 'listItem', 'image'])
      expect(s.nodes[n]).toBeDefined();
    for (const m of ['bold', 'italic', 'link']) expect(s.marks[m]).toBeDefined();
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
