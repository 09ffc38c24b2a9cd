import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Draft, Lang } from '@sabaq/engine';
import { Editor, type EditorProps } from '../components/Editor';
import { createLocalDraftLog } from '../log/DraftLog';
import { emptySor } from './fixtures';

/** Renders the editor over a fresh local log. */
export function renderEditor(
  opts: { draft?: Draft; lang?: Lang } & Partial<Omit<EditorProps, 'log' | 'lang'>> = {},
) {
  const { draft = emptySor(), lang = 'kz', ...rest } = opts;
  const log = createLocalDraftLog({ actor: '1', draft });
  const user = userEvent.setup();
  const view = render(<Editor log={log} lang={lang} {...rest} />);
  return { log, user, ...view };
}
