import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cleanup,
  configure,
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { MediaCatalogue, MediaDetail } from '@sabaq/platform';
import { store } from '../../session/store';
import { serve } from '../../test/serve';
import Catalogue from './Catalogue';
import PlaylistPlayer from './PlaylistPlayer';
import VideoPlayer from './VideoPlayer';
import { MEDIA_TEXTS, mediaText } from './texts';
import type * as FilesModule from '../files';

configure({ asyncUtilTimeout: 5000 });

// Uploads go through the file service's client; here it answers with a stored id at once.
const sent = vi.hoisted(() => [] as string[]);
vi.mock('../files', async (original) => ({
  ...(await original<typeof FilesModule>()),
  sendFile: vi.fn(async (file: File) => {
    sent.push(file.name);
    return {
      use: 'media',
      id: null,
      name: `stored-${file.name}`,
      label: file.name,
      mime: file.type,
      size: file.size,
      url: '',
    };
  }),
}));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  store.reset();
});

const M = '/api/v2/os/media';
const kz = (key: keyof typeof MEDIA_TEXTS.kz, params = {}) => mediaText(key, params, 'kz');

function renderAt(url: string, routes: Record<string, ReactNode>): void {
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          {Object.entries(routes).map(([pattern, element]) => (
            <Route key={pattern} path={pattern} element={element} />
          ))}
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

/** A media element whose playing state the test owns (the DOM here plays nothing). */
function fakePlayback(element: HTMLMediaElement, duration = 60) {
  let paused = true;
  let time = 0;
  const play = vi.fn(() => {
    paused = false;
    element.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  const pause = vi.fn(() => {
    paused = true;
    element.dispatchEvent(new Event('pause'));
  });
  Object.defineProperty(element, 'paused', { configurable: true, get: () => paused });
  Object.defineProperty(element, 'duration', { configurable: true, get: () => duration });
  Object.defineProperty(element, 'currentTime', {
    configurable: true,
    get: () => time,
    set: (value: number) => {
      time = value;
      element.dispatchEvent(new Event('timeupdate'));
    },
  });
  let muted = false;
  Object.defineProperty(element, 'muted', {
    configurable: true,
    get: () => muted,
    set: (value: boolean) => {
      muted = value;
      element.dispatchEvent(new Event('volumechange'));
    },
  });
  element.play = play;
  element.pause = pause;
  return { play, pause, time: () => time };
}

const card = {
  title: { kz: 'Күн мен бұлт', ru: 'Солнце и облако' },
  description: { kz: 'Мультфильм', ru: 'Мультфильм' },
  ageGroup: 'preschool' as const,
  subject: { id: 9, name: 'География' },
  posterUrl: '/api/v2/os/files/stream/poster',
};

const catalogue = (open: boolean, canManage = false): MediaCatalogue => ({
  items: [
    { ...card, id: 1, kind: 'video', durationSeconds: 6, trackCount: 1 },
    {
      ...card,
      id: 2,
      kind: 'audio',
      title: { kz: 'Бесік жыры', ru: 'Колыбельная' },
      subject: null,
      durationSeconds: 12,
      trackCount: 2,
    },
  ],
  subjects: [{ id: 9, name: 'География' }],
  open,
  canManage,
});

const detail = (over: Partial<MediaDetail> = {}): MediaDetail => ({
  ...card,
  id: 1,
  kind: 'video',
  durationSeconds: 6,
  trackCount: 1,
  url: '/api/v2/os/files/stream/video',
  mime: 'video/webm',
  captions: [
    { lang: 'kz', srclang: 'kk', label: 'Қазақша', url: '/stream/kk.vtt' },
    { lang: 'ru', srclang: 'ru', label: 'Русский', url: '/stream/ru.vtt' },
  ],
  tracks: [],
  files: { file: 'a', poster: 'b', captionsKz: 'c', captionsRu: 'd' },
  subjectId: 9,
  expiresAt: '2026-11-23T12:15:00Z',
  ...over,
});

describe('media catalogue', { timeout: 20_000 }, () => {
  it('lists the entries with their age, subject and length, and filters on the server', async () => {
    const calls = serve(
      { [`GET ${M}`]: () => [200, { data: catalogue(true) }] },
      { withSearch: true },
    );
    renderAt('/kk/media', { '/kk/media': <Catalogue /> });
    expect(await screen.findByRole('heading', { name: 'Күн мен бұлт' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Бесік жыры' })).toBeTruthy();
    expect(screen.getByText(kz('duration', { time: '0:06' }))).toBeTruthy();
    const open = screen.getByRole('link', { name: kz('open', { title: 'Күн мен бұлт' }) });
    expect(open.getAttribute('href')).toBe('/kk/media/video/1');
    expect(screen.queryByTestId('media-locked')).toBeNull();
    expect(screen.queryByRole('button', { name: kz('add') })).toBeNull();

    await userEvent.type(screen.getByRole('searchbox', { name: kz('search') }), 'бесік');
    await waitFor(() => expect(calls.at(-1)!.path).toBe(`${M}?q=${encodeURIComponent('бесік')}`));
  });

  it('says how to open the players when the gate is shut, and shows no play link', async () => {
    serve({ [`GET ${M}`]: () => [200, { data: catalogue(false) }] });
    renderAt('/kk/media', { '/kk/media': <Catalogue /> });
    expect((await screen.findByTestId('media-locked')).textContent).toContain(kz('locked'));
    expect(screen.queryByRole('link', { name: kz('open', { title: 'Күн мен бұлт' }) })).toBeNull();
  });

  it('lets an editor delete an entry after confirming', async () => {
    const calls = serve({
      [`GET ${M}`]: () => [200, { data: catalogue(true, true) }],
      [`DELETE ${M}/1`]: () => [200, { data: { id: 1 } }],
    });
    renderAt('/kk/media', { '/kk/media': <Catalogue /> });
    expect(await screen.findByRole('button', { name: kz('add') })).toBeTruthy();
    await userEvent.click(
      screen.getByRole('button', { name: kz('remove', { title: 'Күн мен бұлт' }) }),
    );
    await userEvent.click(await screen.findByRole('button', { name: kz('yes') }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === `${M}/1`)).toBe(true),
    );
    expect(await screen.findByText(kz('removed', { title: 'Күн мен бұлт' }))).toBeTruthy();
  });
});

describe('video player', { timeout: 20_000 }, () => {
  it('plays, seeks, mutes and goes full screen from the keyboard, with labelled buttons', async () => {
    serve({ [`GET ${M}/1`]: () => [200, { data: detail() }] });
    renderAt('/kk/media/video/1', { '/kk/media/video/:id': <VideoPlayer /> });
    const region = await screen.findByRole('region', {
      name: kz('player', { title: 'Күн мен бұлт' }),
    });
    const video = screen.getByTestId('video') as HTMLVideoElement;
    const fake = fakePlayback(video);
    const fullscreen = vi.fn(() => Promise.resolve());
    region.requestFullscreen = fullscreen;
    // Captions: both languages, the reader's first and on.
    const tracks = [...video.querySelectorAll('track')];
    expect(tracks.map((t) => [t.getAttribute('srclang'), t.hasAttribute('default')])).toEqual([
      ['kk', true],
      ['ru', false],
    ]);

    region.focus();
    fireEvent.keyDown(region, { key: ' ' });
    expect(fake.play).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: kz('pause') })).toBeTruthy();
    fireEvent.keyDown(region, { key: 'k' });
    expect(fake.pause).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(fake.time()).toBe(20);
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(fake.time()).toBe(10);
    fireEvent.keyDown(region, { key: 'm' });
    expect(video.muted).toBe(true);
    expect(await screen.findByRole('button', { name: kz('unmute') })).toBeTruthy();
    fireEvent.keyDown(region, { key: 'f' });
    expect(fullscreen).toHaveBeenCalledTimes(1);

    // The buttons do the same, and space on a focused button is the button's (no double toggle).
    await userEvent.click(screen.getByRole('button', { name: kz('play') }));
    expect(fake.play).toHaveBeenCalledTimes(2);
    await userEvent.click(screen.getByRole('button', { name: kz('back10') }));
    expect(fake.time()).toBe(0);
    for (const name of [kz('forward10'), kz('fullscreen')])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('goes back to /{lang}/media when the server answers 423', async () => {
    serve({
      [`GET ${M}/1`]: () => [423, { message: 'locked', redirect: '/kk/media' }],
      [`GET ${M}`]: () => [200, { data: catalogue(false) }],
    });
    renderAt('/kk/media/video/1', {
      '/kk/media/video/:id': <VideoPlayer />,
      '/kk/media': <p>каталог</p>,
      '/kk/subscribe-locked': <p>бұғатталған</p>,
    });
    expect(await screen.findByText('каталог')).toBeTruthy();
  });
});

describe('playlist player', { timeout: 20_000 }, () => {
  const playlist = detail({
    id: 2,
    kind: 'audio',
    url: null,
    mime: null,
    captions: [],
    trackCount: 3,
    tracks: ['Бірінші', 'Екінші', 'Үшінші'].map((title, position) => ({
      position,
      title: { kz: title, ru: title },
      durationSeconds: 4,
      mime: 'audio/wav',
      url: `/stream/track-${position}`,
      fileId: `f${position}`,
    })),
  });

  it('plays one track after another on `ended`, and N / P move by the keyboard', async () => {
    serve({ [`GET ${M}/2`]: () => [200, { data: playlist }] });
    renderAt('/kk/media/audio/2', { '/kk/media/audio/:id': <PlaylistPlayer /> });
    const region = await screen.findByRole('region', {
      name: kz('player', { title: 'Күн мен бұлт' }),
    });
    const audio = screen.getByTestId('audio') as HTMLAudioElement;
    const fake = fakePlayback(audio, 4);
    expect(audio.getAttribute('src')).toBe('/stream/track-0');
    expect(screen.getByTestId('now-playing').textContent).toContain('Бірінші');

    fireEvent(audio, new Event('ended'));
    await waitFor(() => expect(audio.getAttribute('src')).toBe('/stream/track-1'));
    expect(screen.getByTestId('now-playing').textContent).toContain('Екінші');
    expect(fake.play).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /Екінші/ }).getAttribute('aria-current')).toBe(
      'true',
    );

    fireEvent.keyDown(region, { key: 'n' });
    await waitFor(() => expect(audio.getAttribute('src')).toBe('/stream/track-2'));
    // The last track's end stops there.
    fireEvent(audio, new Event('ended'));
    expect(audio.getAttribute('src')).toBe('/stream/track-2');
    fireEvent.keyDown(region, { key: 'p' });
    await waitFor(() => expect(audio.getAttribute('src')).toBe('/stream/track-1'));
    await userEvent.click(screen.getByRole('button', { name: kz('previous') }));
    await waitFor(() => expect(audio.getAttribute('src')).toBe('/stream/track-0'));
    await userEvent.click(screen.getByRole('button', { name: /Үшінші/ }));
    await waitFor(() => expect(screen.getByTestId('now-playing').textContent).toContain('Үшінші'));
  });
});

describe('editor', { timeout: 30_000 }, () => {
  it("publishes a playlist from an uploaded track, showing the server's field errors first", async () => {
    let attempts = 0;
    const calls = serve({
      [`GET ${M}`]: () => [200, { data: catalogue(true, true) }],
      [`POST ${M}`]: () =>
        ++attempts === 1
          ? [422, { message: 'Қате', errors: { 'tracks.0.durationSeconds': ['Жарамсыз мән'] } }]
          : [201, { data: { id: 7 } }],
    });
    renderAt('/kk/media', { '/kk/media': <Catalogue /> });
    await userEvent.click(await screen.findByRole('button', { name: kz('add') }));
    const dialog = await screen.findByRole('dialog', { name: kz('newTitle') });
    await userEvent.click(within(dialog).getByLabelText(kz('kind')));
    await userEvent.click(
      (await screen.findAllByRole('option', { name: kz('kindAudio'), hidden: true })).at(-1)!,
    );
    await userEvent.type(screen.getByRole('textbox', { name: kz('titleKz') }), 'Әндер');
    await userEvent.type(screen.getByRole('textbox', { name: kz('titleRu') }), 'Песни');
    await userEvent.click(screen.getByRole('button', { name: kz('addTrack') }));
    await userEvent.type(screen.getByRole('textbox', { name: kz('trackTitleKz', { n: 1 }) }), 'Ән');
    await userEvent.type(
      screen.getByRole('textbox', { name: kz('trackTitleRu', { n: 1 }) }),
      'Песня',
    );
    await userEvent.upload(
      screen.getByLabelText(kz('trackFile', { n: 1 })),
      new File(['RIFF'], 'ән.wav', { type: 'audio/wav' }),
    );
    expect(await screen.findByText(kz('chosen', { label: 'ән.wav' }))).toBeTruthy();
    expect(sent).toContain('ән.wav');
    await userEvent.click(screen.getByRole('button', { name: kz('save') }));
    // Under its field, and as the form's message.
    expect(await screen.findAllByText('Жарамсыз мән')).toHaveLength(2);
    expect(
      screen
        .getByRole('textbox', { name: kz('trackSeconds', { n: 1 }) })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(dialog.isConnected).toBe(true);

    await userEvent.type(screen.getByRole('textbox', { name: kz('trackSeconds', { n: 1 }) }), '7');
    await userEvent.click(screen.getByRole('button', { name: kz('save') }));
    expect(await screen.findByText(kz('saved'))).toBeTruthy();
    const posted = calls.filter((c) => c.method === 'POST').at(-1)!.body as Record<string, unknown>;
    expect(posted).toMatchObject({
      kind: 'audio',
      title: { kz: 'Әндер', ru: 'Песни' },
      fileId: null,
      captions: { kz: null, ru: null },
      tracks: [{ title: { kz: 'Ән', ru: 'Песня' }, fileId: 'stored-ән.wav', durationSeconds: 7 }],
    });
  });
});

describe('texts', () => {
  it('has the same keys in kz and ru, none empty', () => {
    expect(Object.keys(MEDIA_TEXTS.ru).sort()).toEqual(Object.keys(MEDIA_TEXTS.kz).sort());
    for (const dict of Object.values(MEDIA_TEXTS))
      for (const value of Object.values(dict)) expect(value.trim()).not.toBe('');
  });
});
