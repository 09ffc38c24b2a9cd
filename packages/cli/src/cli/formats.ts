/**
 * `import --from` choices, apart from the importers so that commands other than `import` do not
 * load them (the bundled CLI keeps importers and exporters in chunks loaded on demand).
 */
export const FROM_FORMATS = ['auto', 'json', 'gift', 'moodle-xml', 'qti'] as const;
export type FromFormat = (typeof FROM_FORMATS)[number];
