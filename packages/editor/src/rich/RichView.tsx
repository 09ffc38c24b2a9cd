import type { ReactNode } from 'react';
import type { RichNode, RichText } from '@sabaq/engine';
import { safeHref, safeImageSrc, sanitizeDoc } from './sanitize';

function marks(node: RichNode, text: ReactNode): ReactNode {
  let out = text;
  for (const m of node.marks ?? []) {
    if (m.type === 'bold') out = <strong>{out}</strong>;
    else if (m.type === 'italic') out = <em>{out}</em>;
    else if (m.type === 'underline') out = <u>{out}</u>;
    else if (m.type === 'strike') out = <s>{out}</s>;
    else if (m.type === 'code') out = <code>{out}</code>;
    else if (m.type === 'link') {
      const href = safeHref(m.attrs?.href);
      if (href)
        out = (
          <a href={href} target="_blank" rel="noreferrer noopener">
            {out}
          </a>
        );
    }
  }
  return out;
}

function render(n: RichNode, key: number): ReactNode {
  const kids = (n.content ?? []).map(render);
  switch (n.type) {
    case 'text':
      return <span key={key}>{marks(n, n.text ?? '')}</span>;
    case 'paragraph':
      return <p key={key}>{kids}</p>;
    case 'heading': {
      const level = Number(n.attrs?.level);
      if (level === 2) return <h3 key={key}>{kids}</h3>;
      if (level === 3) return <h4 key={key}>{kids}</h4>;
      return <h5 key={key}>{kids}</h5>;
    }
    case 'bulletList':
      return <ul key={key}>{kids}</ul>;
    case 'orderedList':
      return <ol key={key}>{kids}</ol>;
    case 'listItem':
      return <li key={key}>{kids}</li>;
    case 'blockquote':
      return <blockquote key={key}>{kids}</blockquote>;
    case 'codeBlock':
      return (
        <pre key={key}>
          <code>{kids}</code>
        </pre>
      );
    case 'hardBreak':
      return <br key={key} />;
    case 'horizontalRule':
      return <hr key={key} />;
    case 'image': {
      const src = safeImageSrc(n.attrs?.src);
      const alt = typeof n.attrs?.alt === 'string' ? n.attrs.alt : '';
      return src ? <img key={key} src={src} alt={alt} /> : null;
    }
    default:
      return <span key={key}>{kids}</span>;
  }
}

/** Read-only rendering of a rich-text document as React elements (no HTML strings, so nothing
 * in a draft can inject markup). */
export function RichView({ doc }: { doc: RichText | null }) {
  if (!doc) return null;
  const clean = sanitizeDoc(doc);
  return <div className="sbq-rich-view">{(clean.content ?? []).map(render)}</div>;
}
