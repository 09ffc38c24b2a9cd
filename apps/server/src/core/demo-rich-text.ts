import type { RichNode, RichText } from '@sabaq/engine';

/**
 * Short builders for the rich text (TipTap JSON) that demo seeds write: the site's FAQ and news,
 * the kindergarten documents. What the builder's rich-text field would store for the same text.
 */
export const p = (text: string): RichNode => ({
  type: 'paragraph',
  content: [{ type: 'text', text }],
});
export const h = (text: string): RichNode => ({
  type: 'heading',
  attrs: { level: 2 },
  content: [{ type: 'text', text }],
});
export const list = (...items: string[]): RichNode => ({
  type: 'bulletList',
  content: items.map((t) => ({ type: 'listItem', content: [p(t)] })),
});
export const doc = (...content: RichNode[]): RichText => ({ type: 'doc', content });

/** A demo text in both interface languages. */
export interface Bi<T> {
  kz: T;
  ru: T;
}
