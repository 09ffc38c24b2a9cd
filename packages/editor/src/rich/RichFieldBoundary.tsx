import { Component, type ReactNode } from 'react';
import type { Translate } from '../i18n/messages';

interface Props {
  label: string;
  t: Translate;
  /** A new value for this (e.g. another module's field) tries the field again. */
  resetKey: unknown;
  children: ReactNode;
}

interface State {
  failed: boolean;
  resetKey: unknown;
}

/**
 * One rich-text field that cannot be opened (malformed text stored before the server checked
 * it) shows a localised error in its place; the rest of the page keeps working.
 */
export class RichFieldBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const { label, t } = this.props;
    return (
      <div className="sbq-field sbq-rich sbq-rich--broken">
        <span className="sbq-label">{label}</span>
        <p role="alert">{t('richBroken', { field: label })}</p>
      </div>
    );
  }
}
