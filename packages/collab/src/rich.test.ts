import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import type { RichText } from '@sabaq/engine';
import { parseRichKey, readRichText, richKey, writeRichText } from './rich.js';

const doc: RichText = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Тапсырма' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Қазақстанның ' },
        { type: 'text', text: 'астанасы', marks: [{ type: 'bold' }] },
        { type: 'text', text: ' — ' },
        {
          type: 'text',
          text: 'Астана',
          marks: [{ type: 'link', attrs: { href: 'https://astana.kz' } }, { type: 'italic' }],
        },
      ],
    },
    { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph' }] }] },
  ],
};

describe('rich text ↔ Y.XmlFragment', () => {
  it('round-trips nodes, attributes and marks', () => {
    const y = new Y.Doc();
    const frag = y.getXmlFragment('f');
    writeRichText(frag, doc);
    expect(readRichText(frag)).toEqual(doc);
  });

  it('stores text the way y-prosemirror does (marks as text formatting attributes)', () => {
    const y = new Y.Doc();
    const frag = y.getXmlFragment('f');
    writeRichText(frag, doc);
    const para = frag.get(1) as Y.XmlElement;
    expect(para.nodeName).toBe('paragraph');
    const text = para.get(0) as Y.XmlText;
    expect(text.toDelta()[1]).toEqual({ insert: 'астанасы', attributes: { bold: {} } });
    expect((frag.get(0) as Y.XmlElement).getAttribute('level')).toBe(2);
  });

  it('replaces content and empties on null', () => {
    const y = new Y.Doc();
    const frag = y.getXmlFragment('f');
    writeRichText(frag, doc);
    writeRichText(frag, null);
    expect(readRichText(frag)).toEqual({ type: 'doc', content: [] });
  });

  it('keys fields by module id, and refuses foreign keys', () => {
    expect(parseRichKey(richKey('m/1', 'solution'))).toEqual({
      moduleId: 'm/1',
      field: 'solution',
    });
    expect(parseRichKey('m1/title')).toBeNull();
    expect(parseRichKey('content')).toBeNull();
  });
});
