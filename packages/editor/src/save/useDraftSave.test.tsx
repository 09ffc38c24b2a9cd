import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { Command } from '@sabaq/engine';
import { createLocalDraftLog } from '../log/DraftLog';
import { SaveError, type ServerDraft } from '../machines/save';
import { build, cmd, emptySor } from '../test/fixtures';
import { useDraftSave, type SaveTransport } from './useDraftSave';

function server() {
  let draft = emptySor();
  const t: SaveTransport & { external(c: Command[]): void; draft(): typeof draft } = {
    async send(expectedVersion, commands) {
      if (expectedVersion !== draft.version) throw new SaveError('stale', '409');
      draft = build(draft, commands);
      return { version: draft.version, draft };
    },
    async latest(): Promise<ServerDraft> {
      return { version: draft.version, draft };
    },
    external(c) {
      draft = build(draft, c);
    },
    draft: () => draft,
  };
  return t;
}

describe('useDraftSave', () => {
  it('sends the log’s edits and reports saved', async () => {
    const s = server();
    const log = createLocalDraftLog({ actor: '1', draft: emptySor() });
    const { result } = renderHook(() => useDraftSave(log, s));
    expect(result.current.status).toBe('idle');
    act(() => void log.append([{ type: 'page/add', pageId: 'p1', title: 'Бет' }]));
    expect(result.current.status).toBe('dirty');
    await waitFor(() => expect(result.current.status).toBe('saved'), { timeout: 3000 });
    expect(s.draft().pages[0]?.title).toBe('Бет');
  });

  it('rebases the log on a 409 so co-authors’ edits appear and own edits survive', async () => {
    const s = server();
    const log = createLocalDraftLog({ actor: '1', draft: emptySor() });
    const { result } = renderHook(() => useDraftSave(log, s));
    s.external([cmd({ type: 'page/add', pageId: 'other', title: 'Әріптес' })]);
    act(() => void log.append([{ type: 'page/add', pageId: 'mine', title: 'Менікі' }]));
    await waitFor(() => expect(result.current.status).toBe('saved'), { timeout: 3000 });
    expect(log.draft().pages.map((p) => p.id)).toEqual(['other', 'mine']);
    expect(s.draft().pages.map((p) => p.id)).toEqual(['other', 'mine']);
    expect(log.draft().version).toBe(s.draft().version);
  });

  it('queues while the browser is offline and sends on the online event', async () => {
    const s = server();
    const log = createLocalDraftLog({ actor: '1', draft: emptySor() });
    const { result } = renderHook(() => useDraftSave(log, s));
    act(() => void window.dispatchEvent(new Event('offline')));
    act(() => void log.append([{ type: 'page/add', pageId: 'p1' }]));
    await waitFor(() => expect(result.current.status).toBe('offline'), { timeout: 3000 });
    expect(s.draft().pages).toHaveLength(0);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(result.current.status).toBe('saved'), { timeout: 3000 });
    expect(s.draft().pages).toHaveLength(1);
  });
});
