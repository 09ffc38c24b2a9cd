import { describe, expect, it } from 'vitest';
import { safeHref, sanitizeDoc, sanitizeHtml } from './sanitize';

describe('rich text sanitising', () => {
  it('drops script links, unknown nodes and unsafe images, keeping the text', () => {
    const doc = sanitizeDoc({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'Сілтеме',
              marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
            },
            {
              type: 'text',
              text: ' қауіпсіз',
              marks: [
                { type: 'link', attrs: { href: 'https://sabaq.kz', target: '_self' } },
                { type: 'bold' },
              ],
            },
          ],
        },
        {
          type: 'iframe',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'ішінде' }] }],
        },
        { type: 'image', attrs: { src: 'data:image/svg+xml;base64,AAAA', alt: 'x' } },
        { type: 'image', attrs: { src: '/api/v2/os/files/abc.png', alt: 'сурет', onerror: 'x' } },
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Тақырып' }] },
      ],
    });
    expect(doc).toEqual({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Сілтеме' },
            {
              type: 'text',
              text: ' қауіпсіз',
              marks: [{ type: 'link', attrs: { href: 'https://sabaq.kz' } }, { type: 'bold' }],
            },
          ],
        },
        { type: 'paragraph', content: [{ type: 'text', text: 'ішінде' }] },
        { type: 'image', attrs: { src: '/api/v2/os/files/abc.png', alt: 'сурет' } },
        { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Тақырып' }] },
      ],
    });
  });

  it('cleans pasted HTML with DOMPurify', () => {
    const html = sanitizeHtml(
      '<p onclick="x()">Мәтін<script>alert(1)</script><a href="javascript:evil()">а</a><img src="x" onerror="y()"></p>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript/);
    expect(html).toContain('Мәтін');
  });

  it('accepts only http(s) and mailto links', () => {
    expect(safeHref(' https://bilimland.kz ')).toBe('https://bilimland.kz');
    expect(safeHref('mailto:a@b.kz')).toBe('mailto:a@b.kz');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref(42)).toBeNull();
  });
});
