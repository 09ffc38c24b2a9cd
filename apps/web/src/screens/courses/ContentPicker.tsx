import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import type { CatalogueItem, CatalogueKind } from '@sabaq/platform';
import { searchCatalogue } from './api';
import type { EditorTexts } from './editor-texts';

/**
 * Finds published catalogue items of the offered kinds by words (Kazakh and Russian, any form:
 * the catalogue's search) and offers one action per item, e.g. "add as a module".
 */
export function ContentPicker({
  kinds,
  legend,
  action,
  onPick,
  t,
}: {
  kinds: readonly CatalogueKind[];
  legend: string;
  /** The button's words; the item's title follows for screen readers. */
  action: string;
  onPick: (item: CatalogueItem) => Promise<void>;
  t: EditorTexts;
}) {
  const ids = useId();
  const [kind, setKind] = useState<CatalogueKind>(kinds[0]!);
  const [words, setWords] = useState('');
  const [items, setItems] = useState<CatalogueItem[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const find = async () => {
    setBusy(true);
    const result = await searchCatalogue(kind, words.trim());
    setBusy(false);
    if (!result.ok) return setError(result.message);
    setError('');
    setItems(result.data.data.items);
  };
  return (
    <fieldset className="course-picker">
      <legend>{legend}</legend>
      <form
        role="search"
        aria-label={legend}
        onSubmit={(event) => {
          event.preventDefault();
          void find();
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          {kinds.length > 1 && (
            <NativeSelect
              id={`${ids}-kind`}
              label={t('kind')}
              value={kind}
              data={kinds.map((k) => ({
                value: k,
                label: t(k === 'lecture' ? 'kind_lecture' : 'kind_lesson'),
              }))}
              onChange={(e) => setKind(e.currentTarget.value as CatalogueKind)}
            />
          )}
          <TextInput
            label={t('search')}
            value={words}
            maxLength={200}
            onChange={(e) => setWords(e.currentTarget.value)}
            style={{ flex: '1 1 14rem', minWidth: 0 }}
          />
          <Button type="submit" variant="light" loading={busy}>
            {t('find')}
          </Button>
        </Group>
      </form>
      {error && <p role="alert">{error}</p>}
      {items && items.length === 0 && <p role="status">{t('nothingFound')}</p>}
      {items && items.length > 0 && (
        <ul className="course-found" aria-label={legend}>
          {items.map((item) => (
            <li key={item.id}>
              <span>
                {item.title}
                {item.subjectName ? <span className="tch-muted"> · {item.subjectName}</span> : null}
              </span>
              <Button
                size="compact-sm"
                variant="default"
                aria-label={`${action}: ${item.title}`}
                onClick={() => void onPick(item)}
              >
                {action}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
