import {
  FEATURE_BLOCKS_OFF_BY_DEFAULT,
  featureBlockDatasetKey,
  type FeatureBlock,
} from '@sabaq/platform';

/**
 * Spec §4: whether a feature block is on, from the page's `data-feature-<block>` attribute
 * (index.html sets the defaults; the server rewrites them from its configuration). A block without
 * the attribute is on, except those off by default (the conference).
 */
export function featureBlockOn(
  block: FeatureBlock,
  root: { dataset: DOMStringMap } = document.documentElement,
): boolean {
  const value = root.dataset[featureBlockDatasetKey(block)];
  if (value === undefined) return !FEATURE_BLOCKS_OFF_BY_DEFAULT.has(block);
  return value === 'on';
}
