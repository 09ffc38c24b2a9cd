import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCROLL_TOP_MS, RESIZE_DEBOUNCE_MS, SCROLL_TOP_SCREENS } from '../config';
import { debounce } from '../app/viewport';

/** Scrolls to the top over `duration` ms with an ease-out curve (spec §9: 500 ms). */
export function scrollToTop(duration = SCROLL_TOP_MS): void {
  const start = window.scrollY;
  const began = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - began) / duration);
    const eased = 1 - (1 - progress) ** 3;
    window.scrollTo(0, Math.round(start * (1 - eased)));
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** Appears after scrolling more than 1.5 screen heights (spec §1). */
export function ScrollToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const check = () => setVisible(window.scrollY > window.innerHeight * SCROLL_TOP_SCREENS);
    const onResize = debounce(check, RESIZE_DEBOUNCE_MS);
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', onResize);
    return () => {
      onResize.cancel();
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="scroll-top"
      onClick={() => scrollToTop()}
      aria-label={t('shell.scrollTop')}
    >
      <span aria-hidden="true">↑</span>
    </button>
  );
}
