import { lazy, Suspense } from 'react';
import type { RichTextFieldProps } from './RichTextField';
import { RichFieldBoundary } from './RichFieldBoundary';
import { RichView } from './RichView';

// TipTap and ProseMirror are most of the editor's weight; they load when the first module opens,
// so the editor's own chunk (outline, panels, flows) stays small on school networks.
const RichTextField = lazy(() =>
  import('./RichTextField').then((m) => ({ default: m.RichTextField })),
);

/**
 * The rich-text field, loaded on first use; until then the text shows read-only. A field whose
 * text cannot be opened shows an error for that field only (`RichFieldBoundary`).
 */
export function LazyRichTextField(props: RichTextFieldProps) {
  return (
    <RichFieldBoundary
      label={props.label}
      t={props.t}
      resetKey={props.collab ? props.collab.fragment : props.value}
    >
      <Suspense
        fallback={
          <div className="sbq-field sbq-rich" aria-busy="true">
            <span className="sbq-label">{props.label}</span>
            <RichView doc={props.value} />
          </div>
        }
      >
        <RichTextField {...props} />
      </Suspense>
    </RichFieldBoundary>
  );
}
