import { describe, expect, it, vi } from 'vitest';
import { KitProvider } from '../kit/KitProvider';
import { render, screen } from '@testing-library/react';
import * as Y from 'yjs';
import { Awareness } from 'y-protocols/awareness';
import { writeRichText } from '@sabaq/collab';
import { textDoc, type RichText } from '@sabaq/engine';
import { translator } from '../i18n/messages';
import { LazyRichTextField } from './LazyRichTextField';

describe('a rich-text field that cannot be opened', () => {
  it('shows a localised error for that field only; the other fields keep working', async () => {
    const doc = new Y.Doc();
    const awareness = new Awareness(doc);
    // Stored before the server checked rich text: a text node at the top of the document.
    const broken = doc.getXmlFragment('m1/content');
    writeRichText(broken, { type: 'doc', content: [{ type: 'text', text: 'Абай' }] } as RichText);
    const fine = doc.getXmlFragment('m1/description');
    writeRichText(fine, textDoc('Сипаттама'));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(
        <KitProvider>
          <div>
            <LazyRichTextField
              label="Мазмұны"
              value={null}
              onCommit={() => {}}
              t={translator('ru')}
              collab={{ fragment: broken, awareness, key: 'm1/content' }}
            />
            <LazyRichTextField
              label="Сипаттамасы"
              value={null}
              onCommit={() => {}}
              t={translator('ru')}
              collab={{ fragment: fine, awareness, key: 'm1/description' }}
            />
          </div>
        </KitProvider>,
      );
      // The field's chunk (TipTap, the kit) loads lazily: allow for a loaded 2-core machine.
      const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
      expect(alert.textContent).toBe(
        'Не удалось открыть текст поля «Мазмұны»: его формат повреждён. С остальными полями можно продолжать работу.',
      );
      const box = await screen.findByRole('textbox', { name: 'Сипаттамасы' });
      expect(box.textContent).toBe('Сипаттама');
      expect(screen.queryByRole('textbox', { name: 'Мазмұны' })).toBeNull();
    } finally {
      quiet.mockRestore();
    }
  });
});
