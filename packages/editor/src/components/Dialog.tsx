import { useEffect, useId, useRef, type ReactNode } from 'react';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A modal dialog: labelled, focus moves in and is trapped, Escape closes, focus returns. */
export function Dialog({ open, title, onClose, children, footer }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? ref.current)?.focus();
    return () => before?.focus?.();
  }, [open]);
  if (!open) return null;
  return (
    <div className="sbq-backdrop">
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="sbq-dialog"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          } else if (e.key === 'Tab' && ref.current) {
            const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
            const firstItem = items[0];
            const lastItem = items.at(-1);
            if (!firstItem || !lastItem) return;
            if (e.shiftKey && document.activeElement === firstItem) {
              e.preventDefault();
              lastItem.focus();
            } else if (!e.shiftKey && document.activeElement === lastItem) {
              e.preventDefault();
              firstItem.focus();
            }
          }
        }}
      >
        <h2 id={titleId}>{title}</h2>
        <div className="sbq-dialog-body">{children}</div>
        {footer && <div className="sbq-dialog-footer">{footer}</div>}
      </div>
    </div>
  );
}
