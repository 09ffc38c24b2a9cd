/**
 * Checks of the design system run inside the page (page.evaluate): every text button looks like a
 * control, and tabs stay apart. Used by the every-screen walker and design-system.e2e.ts.
 */

/**
 * Visible buttons with text that have no visual affordance: no background, no border, no
 * underline and no shadow, i.e. they read as plain text (issue 29: the kit's reset sheet arrived
 * after Button's and stripped them all). Icon-only buttons (no text) are out of scope: they carry
 * their icon and an aria-label. One line per button: its text and what was computed.
 */
export function bareTextButtons(): string[] {
  const visible = (el: HTMLElement) =>
    !el.closest('[aria-hidden="true"], [inert], [hidden]') &&
    el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
    el.getClientRects().length > 0;
  const opaque = (color: string) => {
    if (color === 'transparent') return false;
    const alpha =
      /rgba?\([^)]*?,\s*([\d.]+)\s*\)$/.exec(color) ?? /\/\s*([\d.]+%?)\s*\)$/.exec(color);
    if (!alpha) return true;
    return parseFloat(alpha[1]!) > 0;
  };
  const affordance = (el: HTMLElement): boolean => {
    const style = getComputedStyle(el);
    if (opaque(style.backgroundColor) || style.backgroundImage !== 'none') return true;
    for (const side of ['Top', 'Right', 'Bottom', 'Left'] as const) {
      const width = parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`));
      const color = style.getPropertyValue(`border-${side.toLowerCase()}-color`);
      const kind = style.getPropertyValue(`border-${side.toLowerCase()}-style`);
      if (width > 0 && kind !== 'none' && kind !== 'hidden' && opaque(color)) return true;
    }
    if (style.boxShadow !== 'none') return true;
    if (/underline/.test(style.textDecorationLine)) return true;
    // The text inside may carry the underline (a link-styled button's label span).
    for (const inner of el.querySelectorAll<HTMLElement>('*'))
      if (/underline/.test(getComputedStyle(inner).textDecorationLine)) return true;
    return false;
  };
  const problems: string[] = [];
  const buttons = document.querySelectorAll<HTMLElement>(
    'button, [role="button"], input[type="submit"], input[type="button"]',
  );
  for (const el of buttons) {
    if (!visible(el)) continue;
    // Tabs, menu items, options and switches have their own look (the tab check covers tabs).
    if (el.closest('[role="tablist"], [role="menu"], [role="listbox"], [role="radiogroup"]'))
      continue;
    if (el.matches('[role="tab"], [role="switch"], [role="checkbox"], [role="radio"]')) continue;
    const text =
      el instanceof HTMLInputElement
        ? el.value.trim()
        : (el.innerText ?? '').trim().replace(/\s+/g, ' ');
    if (!/\p{L}{2}/u.test(text)) continue;
    if (affordance(el)) continue;
    const style = getComputedStyle(el);
    problems.push(
      `«${text.slice(0, 40)}» (background ${style.backgroundColor}, border ${style.borderTopWidth} ${style.borderTopStyle}, padding ${style.padding})`,
    );
  }
  return problems;
}

/**
 * Tab lists whose tabs run together: two neighbouring tabs on one line whose texts are less than
 * 8 px apart («Сабақ мазмұныҮй тапсырмасы»), or a list with no tab shown as selected. One line per
 * offending list.
 */
export function touchingTabs(): string[] {
  const problems: string[] = [];
  const textBox = (tab: HTMLElement): DOMRect | null => {
    const range = document.createRange();
    range.selectNodeContents(tab);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    if (rects.length === 0) return null;
    const left = Math.min(...rects.map((r) => r.left));
    const right = Math.max(...rects.map((r) => r.right));
    const top = Math.min(...rects.map((r) => r.top));
    const bottom = Math.max(...rects.map((r) => r.bottom));
    return new DOMRect(left, top, right - left, bottom - top);
  };
  for (const list of document.querySelectorAll<HTMLElement>('[role="tablist"]')) {
    if (list.closest('[aria-hidden="true"], [inert], [hidden]')) continue;
    const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')].filter(
      (tab) => tab.getClientRects().length > 0 && (tab.innerText ?? '').trim() !== '',
    );
    if (tabs.length < 2) continue;
    const names = tabs.map((tab) => tab.innerText.trim().replace(/\s+/g, ' '));
    for (let index = 1; index < tabs.length; index += 1) {
      const before = textBox(tabs[index - 1]!);
      const after = textBox(tabs[index]!);
      if (!before || !after) continue;
      const sameLine = before.top < after.bottom && after.top < before.bottom;
      if (!sameLine) continue;
      const gap = Math.max(after.left - before.right, before.left - after.right);
      if (gap < 8)
        problems.push(`«${names[index - 1]}» and «${names[index]}» ${gap.toFixed(0)} px apart`);
    }
    const selected = tabs.filter((tab) => tab.getAttribute('aria-selected') === 'true');
    if (selected.length === 1) {
      const style = getComputedStyle(selected[0]!);
      const other = tabs.find((tab) => tab !== selected[0]);
      const plain = other ? getComputedStyle(other) : null;
      const differs =
        !plain ||
        style.backgroundColor !== plain.backgroundColor ||
        style.borderBottomColor !== plain.borderBottomColor ||
        style.color !== plain.color ||
        style.fontWeight !== plain.fontWeight ||
        style.boxShadow !== plain.boxShadow;
      if (!differs)
        problems.push(`the selected tab «${selected[0]!.innerText.trim()}» looks like the others`);
    }
  }
  return problems;
}
