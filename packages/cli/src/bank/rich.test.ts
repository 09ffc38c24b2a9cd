import { describe, expect, it } from 'vitest';
import { docToHtml, htmlToDoc } from './rich.js';

describe('HTML ⇄ rich text', () => {
  it('keeps paragraphs, marks, links, breaks and images', () => {
    const html =
      '<p>Су <strong>құрамы</strong> <a href="https://x.kz">сілтеме</a><br/>жаңа жол</p><img src="data:image/png;base64,AA" alt="сурет"/>';
    const doc = htmlToDoc(html);
    expect(doc.content?.map((n) => n.type)).toEqual(['paragraph', 'image']);
    expect(docToHtml(doc)).toBe(html);
  });
  it('wraps loose text in a paragraph, decodes entities and collapses whitespace', () => {
    expect(htmlToDoc('  x &lt; 2\n  &amp; y  ')).toEqual({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x < 2 & y' }] }],
    });
  });
  it('reads lists and headings', () => {
    const doc = htmlToDoc('<h2>Тақырып</h2><ul><li>бір</li><li>екі</li></ul>');
    expect(docToHtml(doc)).toBe('<h2>Тақырып</h2><ul><li><p>бір</p></li><li><p>екі</p></li></ul>');
  });
  it('gives an empty doc for empty input and survives junk', () => {
    expect(htmlToDoc('')).toEqual({ type: 'doc', content: [] });
    expect(() => htmlToDoc('<<p>></b></i><a>')).not.toThrow();
  });
});
