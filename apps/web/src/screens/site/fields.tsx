import { TextInput, Textarea } from '@mantine/core';
import type { RichText } from '@sabaq/engine';
import { RichTextField, translator } from '@sabaq/editor';
import '@sabaq/editor/editor.css';
import { currentUiLang } from '../../app/services';
import { siteText, type SiteTextKey } from './texts';

/** A text in both languages, as the administrator writes it. */
export interface Bi<T> {
  kz: T;
  ru: T;
}
export const LANGS = ['kz', 'ru'] as const;

/** Two inputs (kz, ru) for one text; `errors` by field path, `path` this text's. */
export function BiTextInput({
  label,
  value,
  onChange,
  errors,
  path,
  multiline,
}: {
  label: SiteTextKey;
  value: Bi<string>;
  onChange: (next: Bi<string>) => void;
  errors: Record<string, string>;
  path: string;
  multiline?: boolean;
}) {
  const t = siteText();
  return (
    <div className="site-admin-pair">
      {LANGS.map((lang) => {
        const props = {
          label: t(label, { lang: t(lang) }),
          value: value[lang],
          error: errors[`${path}.${lang}`],
          onChange: (e: { currentTarget: { value: string } }) =>
            onChange({ ...value, [lang]: e.currentTarget.value }),
        };
        return multiline ? (
          <Textarea key={lang} autosize minRows={2} {...props} />
        ) : (
          <TextInput key={lang} {...props} />
        );
      })}
    </div>
  );
}

/** Two rich-text fields (kz, ru), the builder's editor: headings, lists, links, pictures. */
export function BiRichInput({
  label,
  value,
  onChange,
  errors,
  path,
}: {
  label: SiteTextKey;
  value: Bi<RichText>;
  onChange: (next: Bi<RichText>) => void;
  errors: Record<string, string>;
  path: string;
}) {
  const t = siteText();
  const editorT = translator(currentUiLang());
  return (
    <div className="site-admin-pair">
      {LANGS.map((lang) => (
        <div key={lang}>
          <RichTextField
            label={t(label, { lang: t(lang) })}
            value={value[lang]}
            onCommit={(doc) => onChange({ ...value, [lang]: doc })}
            t={editorT}
            path={`${path}.${lang}`}
          />
          {errors[`${path}.${lang}`] && (
            <p className="mantine-InputWrapper-error" role="alert">
              {errors[`${path}.${lang}`]}
            </p>
          )}
        </div>
      ))}
    </div>
  );
}

/** Moves the item at `index` by `by` places (−1 up, +1 down), leaving the list as it is at the ends. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

export const emptyDoc = (): RichText => ({ type: 'doc', content: [{ type: 'paragraph' }] });
