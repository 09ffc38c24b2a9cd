/**
 * Spec §4: feature blocks (conference, timetable plan, export, monitoring, lesson chat, sockets)
 * are switched by page data attributes: `data-feature-<block>="on|off"` on the page's <html>.
 * The web app reads them; the server writes them into the page it serves from its configuration
 * (`SABAQ_FEATURE_BLOCKS=export=off,sockets=off`).
 */
export const FEATURE_BLOCKS = [
  'conference',
  'timetable-plan',
  'export',
  'monitoring',
  'lesson-chat',
  'sockets',
] as const;
export type FeatureBlock = (typeof FEATURE_BLOCKS)[number];

/** Blocks that are off unless configured: the conference needs a video service. */
export const FEATURE_BLOCKS_OFF_BY_DEFAULT: ReadonlySet<FeatureBlock> = new Set(['conference']);

/** `data-feature-timetable-plan` → `featureTimetablePlan` (the DOM dataset name). */
export function featureBlockDatasetKey(block: FeatureBlock): string {
  return `feature${block.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase())}`;
}

/**
 * Reads `export=off,sockets=off,conference=on` (spaces allowed). Unknown blocks or values are an
 * error naming them, so a typo in a deployment's configuration stops the start, not a feature.
 */
export function parseFeatureBlocks(value: string | undefined): Map<FeatureBlock, boolean> {
  const out = new Map<FeatureBlock, boolean>();
  for (const part of (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, state] = part.split('=').map((x) => x.trim());
    if (!(FEATURE_BLOCKS as readonly string[]).includes(name ?? '')) {
      throw new Error(`unknown feature block "${name}" (known: ${FEATURE_BLOCKS.join(', ')})`);
    }
    if (state !== 'on' && state !== 'off') {
      throw new Error(`feature block "${name}" must be "on" or "off", not "${state ?? ''}"`);
    }
    out.set(name as FeatureBlock, state === 'on');
  }
  return out;
}
