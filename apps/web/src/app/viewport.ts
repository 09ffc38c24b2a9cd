import { useEffect, useState } from 'react';
import { ANCHOR_OFFSET_PX, BREAKPOINTS, RESIZE_DEBOUNCE_MS, type Breakpoint } from '../config';

/** The spec §9 breakpoint a width falls in: xs < 576 ≤ sm < 768 ≤ md < 1009 ≤ lg < 1600 ≤ xl. */
export function breakpointOf(width: number): Breakpoint {
  if (width >= BREAKPOINTS.xl) return 'xl';
  if (width >= BREAKPOINTS.lg) return 'lg';
  if (width >= BREAKPOINTS.md) return 'md';
  if (width >= BREAKPOINTS.sm) return 'sm';
  return 'xs';
}

/** Calls `fn` once a burst of calls has been quiet for `ms` (spec §9: resize 250 ms). */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
  debounced.cancel = () => clearTimeout(timer);
  return debounced;
}

/** The window's width and breakpoint, updated when a resize settles (not on every frame). */
export function useViewport(): { width: number; breakpoint: Breakpoint } {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = debounce(() => setWidth(window.innerWidth), RESIZE_DEBOUNCE_MS);
    window.addEventListener('resize', onResize);
    return () => {
      onResize.cancel();
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return { width, breakpoint: breakpointOf(width) };
}

/**
 * Scrolls to the element a `#hash` names, 90 px below the top of the window so the header does
 * not cover it (spec §9). Returns false when there is no such element.
 */
export function scrollToAnchor(hash: string): boolean {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (id === '') return false;
  const target = document.getElementById(id);
  if (!target) return false;
  const top = target.getBoundingClientRect().top + window.scrollY - ANCHOR_OFFSET_PX;
  window.scrollTo({ top: Math.max(0, top), behavior: 'smooth' });
  return true;
}
