import { describe, expect, it } from 'vitest';
import { ANSWER_TAGS, sanitizeAnswer } from './sanitize';

describe('sanitizeAnswer', () => {
  it('keeps the allowed tags without attributes and closes what the model left open', () => {
    expect(
      sanitizeAnswer(
        '<p class="x" onmouseover="a()">Бір <strong>екі</strong><br/>үш<ol><li>a<li>b',
      ),
    ).toBe('<p>Бір <strong>екі</strong><br>үш</p><ol><li>a</li><li>b</li></ol>');
    expect(sanitizeAnswer('<h1>Тақырып</h1><h5>Бөлім</h5><pre><code>x &lt; 1</code></pre>')).toBe(
      '<h3>Тақырып</h3><h4>Бөлім</h4><pre><code>x &lt; 1</code></pre>',
    );
    // A stray closing tag is dropped; text outside elements stays, escaped.
    expect(sanitizeAnswer('</em><p>a & b</p> c > d')).toBe('<p>a &amp; b</p> c &gt; d');
  });

  it('drops scripts, styles, frames, comments and reasoning blocks with their content', () => {
    const out = sanitizeAnswer(
      '<think>the user wants…</think><p>Жауап</p><SCRIPT type="module">alert(1)</SCRIPT>' +
        '<style>p{}</style><!-- hidden --><iframe src="https://evil.example"></iframe>' +
        '<svg onload=alert(1)><script>x</script></svg><script>unclosed',
    );
    expect(out).toBe('<p>Жауап</p>');
  });

  it('never lets a tag or attribute through, whatever the nesting tricks', () => {
    const attacks = [
      '<p><scr<script>ipt>alert(1)</script></p>',
      '<p><img src=x onerror=alert(1)></p>',
      '<p><a href="javascript:alert(1)">link</a></p>',
      '<p><p title="</p><script>alert(1)</script>">x</p>',
      '<p><iframe srcdoc="<script>alert(1)</script>"></iframe></p>',
      '<p><math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<li>x</li><details open ontoggle=alert(1)>',
      'plain <img src=x onerror=alert(1)> text',
    ];
    const allowed = new Set<string>(ANSWER_TAGS);
    for (const attack of attacks) {
      const out = sanitizeAnswer(attack);
      for (const m of out.matchAll(/<\/?([a-z0-9]+)([^>]*)>/gi)) {
        expect(allowed.has(m[1] ?? ''), `${attack} → ${out}`).toBe(true);
        expect(m[2], `${attack} → ${out}`).toBe('');
      }
      expect(out).not.toMatch(/<script|<img|<a |<iframe|<details/i);
    }
  });

  it('reads plain text and Markdown: paragraphs, line breaks, lists, headings, code', () => {
    expect(
      sanitizeAnswer(
        '## Жоспар\nКіріспе\nнегізгі бөлім\n\n- **бірінші** қадам\n- `код` және *курсив*\n  жалғасы\n\n3) үшінші\n\n```js\nif (a < b) alert("x")\n```\nСоңы & <b>тег</b>',
      ),
    ).toBe(
      '<h3>Жоспар</h3><p>Кіріспе<br>негізгі бөлім</p>' +
        '<ul><li><strong>бірінші</strong> қадам</li><li><code>код</code> және <em>курсив</em><br>жалғасы</li></ul>' +
        '<ol><li>үшінші</li></ol>' +
        '<pre><code>if (a &lt; b) alert("x")</code></pre>' +
        '<p>Соңы &amp; &lt;b&gt;тег&lt;/b&gt;</p>',
    );
    // Multiplication and snake_case are not emphasis.
    expect(sanitizeAnswer('2 * 3 * 4 = 24, snake_case_name')).toBe(
      '<p>2 * 3 * 4 = 24, snake_case_name</p>',
    );
  });

  it('returns empty for an answer with nothing readable', () => {
    expect(sanitizeAnswer('')).toBe('');
    expect(sanitizeAnswer('  \n\n ')).toBe('');
    expect(sanitizeAnswer('<p> </p><script>alert(1)</script>')).toBe('');
  });
});
