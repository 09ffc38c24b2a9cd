import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WEB = join(dirname(fileURLToPath(import.meta.url)), '../..');

// styles-kit.ts carries only the CSS of the kit components the sources import (and those they draw
// with). A screen that starts using a new component must regenerate it, or that component would
// render unstyled in production while every test stays green.
describe('the kit stylesheet list', () => {
  it('is current with the components the sources import', () => {
    expect(() =>
      execFileSync(process.execPath, [join(WEB, 'scripts/kit-styles.mjs'), '--check'], {
        stdio: 'pipe',
      }),
    ).not.toThrow();
  });

  it('carries what a select, a modal and a table draw with, and not the whole kit', () => {
    const source = readFileSync(join(WEB, 'src/app/styles-kit.ts'), 'utf8');
    for (const name of ['Combobox', 'Input', 'Popover', 'ModalBase', 'Overlay', 'Table'])
      expect(source).toContain(`@mantine/core/styles/${name}.layer.css`);
    // Components nobody imports stay out (the full sheet has all ~100).
    for (const name of ['Carousel', 'Stepper', 'Timeline', 'ColorPicker'])
      expect(source).not.toContain(`/${name}.layer.css`);
  });
});
