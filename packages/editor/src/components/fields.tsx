import { NativeSelect, TextInput, Textarea } from '@mantine/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

interface CommitFieldProps {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  /** The draft path this field edits (problems panel jumps here). */
  path?: string;
  multiline?: boolean;
  disabled?: boolean;
  /** Hide the label visually (it stays for screen readers). */
  hideLabel?: boolean;
  maxLength?: number;
}

/**
 * A text field that turns typing into ONE command: on blur, on Enter (single line) or after a
 * pause. Per-keystroke commands would flood the log and make undo step through letters.
 */
export function CommitField(props: CommitFieldProps) {
  const { label, value, onCommit, path, multiline, disabled, hideLabel, maxLength = 2000 } = props;
  const id = useId();
  const [text, setText] = useState(value);
  const focused = useRef(false);
  const latest = useRef({ text, value, onCommit });
  latest.current = { text, value, onCommit };

  // Follow the log (undo, a co-author) unless the person is typing here.
  useEffect(() => {
    if (!focused.current) setText(value);
  }, [value]);

  const commit = () => {
    const l = latest.current;
    if (l.text !== l.value) l.onCommit(l.text);
  };

  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(commit, 1500);
    return () => clearTimeout(timer);
  }, [text, value]);

  // Leaving the module (or the page) must not lose what was typed.
  useEffect(() => () => commit(), []);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !multiline) {
      e.preventDefault();
      commit();
    } else if (e.key === 'Escape' && text !== value) {
      e.stopPropagation();
      setText(value);
    }
  };

  const common = {
    id,
    value: text,
    disabled,
    maxLength,
    'data-path': path,
    'data-dirty': text !== value ? 'true' : undefined,
    onFocus: () => (focused.current = true),
    onBlur: () => {
      focused.current = false;
      commit();
    },
    onKeyDown,
    onChange: (e: { target: { value: string } }) => setText(e.target.value),
  };
  // A hidden label stays the field's accessible name (aria-label).
  const labelling = hideLabel ? { 'aria-label': label } : { label };
  return (
    <div className="sbq-field">
      {multiline ? (
        <Textarea rows={3} resize="vertical" {...labelling} {...common} />
      ) : (
        <TextInput type="text" {...labelling} {...common} />
      )}
    </div>
  );
}

interface NumberFieldProps {
  label: string;
  value: number | null;
  onCommit: (value: number | null) => void;
  path?: string;
  disabled?: boolean;
  min?: number;
  max?: number;
  /** Empty input means null (otherwise it is refused). */
  nullable?: boolean;
  hideLabel?: boolean;
}

/** A number field committing on blur/Enter; junk is refused in place, never sent. */
export function NumberField(props: NumberFieldProps) {
  const { label, value, onCommit, path, disabled, min, max, nullable, hideLabel } = props;
  const id = useId();
  const [text, setText] = useState(value === null ? '' : String(value));
  const [bad, setBad] = useState(false);
  const focused = useRef(false);
  useEffect(() => {
    if (!focused.current) setText(value === null ? '' : String(value));
  }, [value]);
  const commit = () => {
    const s = text.trim().replace(',', '.');
    if (s === '') {
      if (nullable) {
        setBad(false);
        if (value !== null) onCommit(null);
      } else {
        setBad(true);
      }
      return;
    }
    const n = Number(s);
    if (!Number.isFinite(n) || (min !== undefined && n < min) || (max !== undefined && n > max)) {
      setBad(true);
      return;
    }
    setBad(false);
    if (n !== value) onCommit(n);
  };
  return (
    <div className="sbq-field">
      <TextInput
        id={id}
        {...(hideLabel ? { 'aria-label': label } : { label })}
        type="text"
        inputMode="decimal"
        value={text}
        disabled={disabled}
        error={bad || undefined}
        data-path={path}
        data-dirty={text !== (value === null ? '' : String(value)) ? 'true' : undefined}
        onFocus={() => (focused.current = true)}
        onBlur={() => {
          focused.current = false;
          commit();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
        onChange={(e) => setText(e.target.value)}
      />
    </div>
  );
}

interface SelectFieldProps {
  label: string;
  value: string | null;
  options: ReadonlyArray<{ id: string; title: string }>;
  onChange: (value: string | null) => void;
  emptyLabel: string;
  path?: string;
  disabled?: boolean;
}

export function SelectField(props: SelectFieldProps) {
  const id = useId();
  return (
    <div className="sbq-field">
      <NativeSelect
        id={id}
        label={props.label}
        value={props.value ?? ''}
        disabled={props.disabled}
        data-path={props.path}
        onChange={(e) => props.onChange(e.target.value === '' ? null : e.target.value)}
        data={[
          { value: '', label: props.emptyLabel },
          ...props.options.map((o) => ({ value: o.id, label: o.title })),
        ]}
      />
    </div>
  );
}
