import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

  // All kit rules share one cascade layer, so the later of two equal rules wins. A Button carries
  // UnstyledButton's class too: alphabetical order put that reset after Button and Tabs, and every
  // kit button and tab rendered as bare text. The sheets must keep Mantine's full-sheet order.
  it("keeps the order of Mantine's full sheet, the button reset before every button", () => {
    const require = createRequire(join(WEB, 'package.json'));
    const full = readFileSync(require.resolve('@mantine/core/styles.layer.css'), 'utf8');
    const sheets = (file: string) =>
      [
        ...readFileSync(join(WEB, file), 'utf8').matchAll(/@mantine\/core\/styles\/(\w+)\.layer/g),
      ].map((match) => match[1]!);
    const base = sheets('src/app/styles-base.ts');
    const kit = sheets('src/app/styles-kit.ts');
    const positionOf = (name: string) => {
      const sheet = readFileSync(require.resolve(`@mantine/core/styles/${name}.layer.css`), 'utf8');
      const firstClass = /\.(m_[0-9a-f]+)\b/.exec(sheet)?.[1];
      return firstClass ? full.indexOf(`.${firstClass}`) : -1;
    };
    const components = (names: string[]) => names.filter((name) => /^[A-Z]/.test(name));
    for (const list of [components(base), kit]) {
      const positions = list.map(positionOf);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
    // The reset comes with the entry, before CloseButton there and before the lazy kit sheet.
    expect(base.indexOf('UnstyledButton')).toBeGreaterThan(-1);
    expect(base.indexOf('UnstyledButton')).toBeLessThan(base.indexOf('CloseButton'));
    expect(kit).not.toContain('UnstyledButton');
    expect(kit.indexOf('Button')).toBeGreaterThan(-1);
  });
});
