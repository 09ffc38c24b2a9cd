import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allowRichText, isSafeImageSrc, isSafeLinkHref, refusalText } from './rich-allow.js';
import type { RichNode } from './model.js';

const para = (...content: RichNode[]): RichNode => ({
  type: 'doc',
  content: [{ type: 'paragraph', content }],
});
const linked = (href: unknown): RichNode =>
  para({ type: 'text', text: 'бас', marks: [{ type: 'link', attrs: { href: href as string } }] });

describe('the allow-list of stored rich text (issue 28)', () => {
  it('follows links only to http, https, mailto or this site', () => {
    for (const ok of [
      'https://sabaq.kz/kk',
      'http://example.kz',
      'mailto:support@sabaq.kz',
      'HTTPS://EXAMPLE.KZ',
      '/ru/faq',
      '#part-2',
    ])
      expect(isSafeLinkHref(ok), ok).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '//evil.example/x',
      '/\\evil.example',
      'ftp://example.kz',
      '',
      42,
      null,
    ])
      expect(isSafeLinkHref(bad), String(bad)).toBe(false);
  });

  it('shows pictures only by https or from the platform’s files', () => {
    expect(isSafeImageSrc('/api/v2/os/files/a.png')).toBe(true);
    expect(isSafeImageSrc('https://cdn.example.kz/a.png')).toBe(true);
    for (const bad of [
      'http://example.kz/a.png',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'javascript:alert(1)',
      '/banners/a.jpg" onerror="alert(1)',
      '//evil.example/a.png',
    ])
      expect(isSafeImageSrc(bad), bad).toBe(false);
  });

  it('refuses nodes and marks outside the editor’s schema, naming where', () => {
    const iframe = { type: 'doc', content: [{ type: 'iframe', attrs: { src: 'https://x' } }] };
    expect(allowRichText(iframe)).toEqual({
      ok: false,
      refusal: { reason: 'node', what: 'iframe', path: 'content.0' },
    });
    const blink = para({ type: 'text', text: 'x', marks: [{ type: 'blink' }] });
    expect(allowRichText(blink)).toMatchObject({
      ok: false,
      refusal: { reason: 'mark', what: 'blink', path: 'content.0.content.0.marks.0' },
    });
    expect(allowRichText(linked('javascript:alert(1)'))).toMatchObject({
      ok: false,
      refusal: { reason: 'link', what: 'link.href' },
    });
    expect(
      allowRichText(para({ type: 'text', text: 'x', marks: [{ type: 'link' }] })),
    ).toMatchObject({ ok: false, refusal: { reason: 'link' } });
    const heading = { type: 'doc', content: [{ type: 'heading', attrs: { level: '2 onclick' } }] };
    expect(allowRichText(heading as RichNode)).toMatchObject({
      ok: false,
      refusal: { reason: 'attribute', what: 'heading.level' },
    });
  });

  it('drops attributes outside the list and keeps everything else as it was', () => {
    const doc: RichNode = {
      type: 'doc',
      content: [
        {
          type: 'image',
          attrs: { src: '/api/v2/os/files/a.png', alt: 'сурет', onerror: 'alert(1)', style: 'x' },
        },
        {
          type: 'paragraph',
          attrs: { 'data-x': '1' },
          content: [
            {
              type: 'text',
              text: 'сілтеме',
              marks: [{ type: 'link', attrs: { href: 'https://sabaq.kz', onclick: 'alert(1)' } }],
            },
          ],
        },
      ],
    };
    expect(allowRichText(doc)).toEqual({
      ok: true,
      dropped: 4,
      doc: {
        type: 'doc',
        content: [
          { type: 'image', attrs: { src: '/api/v2/os/files/a.png', alt: 'сурет' } },
          {
            type: 'paragraph',
            content: [
              {
                type: 'text',
                text: 'сілтеме',
                marks: [{ type: 'link', attrs: { href: 'https://sabaq.kz' } }],
              },
            ],
          },
        ],
      },
    });
  });

  it('says why in Kazakh and Russian', () => {
    const r = { reason: 'link' as const, what: 'link.href', path: '' };
    expect(refusalText(r, 'ru')).toMatch(/^ссылка может вести только на http, https, mailto/);
    expect(refusalText(r, 'kz')).toMatch(/^сілтеме тек http, https, mailto/);
  });

  it('never lets a javascript: link through, however it is written (property)', () => {
    const cases = fc.tuple(
      fc.constantFrom('javascript', 'JAVASCRIPT', 'JaVaScRiPt', 'vbscript', 'data'),
      fc.constantFrom('', ' ', '\t', '\n', '\u0000', '\u00a0'),
      fc.string({ maxLength: 20 }),
    );
    fc.assert(
      fc.property(cases, ([scheme, pad, rest]) => {
        const href = `${pad}${scheme}:${rest}`;
        expect(allowRichText(linked(href)).ok).toBe(false);
      }),
    );
  });
});
