import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  readonly label: string;
  readonly name: string;
  readonly value: string;
  readonly onChange: (event: { currentTarget: { value: string } }) => void;
  readonly error?: string;
  readonly description?: ReactNode;
}

/**
 * A labelled input with its description and error tied to it for screen readers. The public
 * screens (login above all) use these instead of Mantine's inputs to stay inside the 150 KB budget
 * of initial JavaScript; modals and notifications are Mantine's.
 */
export function Field({ label, error, description, type = 'text', ...input }: FieldProps) {
  const id = useId();
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const password = type === 'password';
  const describedBy = [description ? `${id}-d` : '', error ? `${id}-e` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {description && (
        <div id={`${id}-d`} className="field__description">
          {description}
        </div>
      )}
      <div className="field__control">
        <input
          {...input}
          id={id}
          type={password && visible ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className="field__input"
        />
        {password && (
          <button
            type="button"
            className="field__reveal"
            aria-pressed={visible}
            aria-label={visible ? t('field.hidePassword') : t('field.showPassword')}
            onClick={() => setVisible((v) => !v)}
          >
            <svg
              aria-hidden="true"
              width="20"
              height="20"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
              <circle cx="12" cy="12" r="3" />
              {visible && <path d="M3 3l18 18" />}
            </svg>
          </button>
        )}
      </div>
      {error && (
        <div id={`${id}-e`} className="field__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
