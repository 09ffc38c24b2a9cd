import { Button, Group } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { Conference } from '@sabaq/platform';
import { currentUiLang, setConferenceActive } from '../../app/services';
import { featureBlockOn } from '../../app/feature-blocks';
import { path, useLoad } from '../shared/api';
import { teachingText } from '../shared/teaching-texts';

/** What Jitsi Meet's external_api.js puts on the page (the part we use). */
interface JitsiApi {
  addListener(event: string, listener: () => void): void;
  executeCommand(command: string): void;
  dispose(): void;
}
type JitsiConstructor = new (
  domain: string,
  options: {
    roomName: string;
    jwt: string;
    parentNode: HTMLElement;
    width: string;
    height: number;
    lang: string;
    userInfo: { displayName: string };
  },
) => JitsiApi;

/** external_api.js of the configured deployment, loaded once, when someone joins. */
const loaded = new Map<string, Promise<JitsiConstructor>>();
function loadJitsi(baseUrl: string): Promise<JitsiConstructor> {
  let promise = loaded.get(baseUrl);
  if (!promise) {
    promise = new Promise<JitsiConstructor>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `${baseUrl}/external_api.js`;
      script.async = true;
      script.onload = () => {
        const api = (window as unknown as { JitsiMeetExternalAPI?: JitsiConstructor })
          .JitsiMeetExternalAPI;
        if (api) resolve(api);
        else reject(new Error('external_api.js defined no JitsiMeetExternalAPI'));
      };
      script.onerror = () => reject(new Error(`${script.src} did not load`));
      document.head.append(script);
    });
    promise.catch(() => loaded.delete(baseUrl));
    loaded.set(baseUrl, promise);
  }
  return promise;
}

/**
 * The online lesson (issue 20, spec §4 conference block): the lesson's teacher and pupils join
 * its Jitsi Meet room in the page, with the entry token the server signed for them. Hidden when
 * the block is off or no conference is configured; while in the call, logging out asks first.
 */
export function ConferenceBlock({ lessonId }: { lessonId: number }) {
  const on = featureBlockOn('conference');
  const c = useLoad<Conference | null>(
    on ? path('schedule.conference', { scheduleId: lessonId }) : null,
  );
  if (!on || !c.data) return null;
  return <Call conference={c.data} />;
}

function Call({ conference }: { conference: Conference }) {
  const t = teachingText();
  const frame = useRef<HTMLDivElement>(null);
  const api = useRef<JitsiApi | null>(null);
  const [state, setState] = useState<'idle' | 'joining' | 'in' | 'failed'>('idle');
  const leave = () => {
    api.current?.dispose();
    api.current = null;
    setConferenceActive(false);
    setState('idle');
  };
  // Leaving the page leaves the call.
  useEffect(
    () => () => {
      api.current?.dispose();
      api.current = null;
      setConferenceActive(false);
    },
    [],
  );
  const join = async () => {
    setState('joining');
    try {
      const Jitsi = await loadJitsi(conference.baseUrl);
      if (!frame.current) return;
      api.current = new Jitsi(conference.domain, {
        roomName: conference.room,
        jwt: conference.jwt,
        parentNode: frame.current,
        width: '100%',
        height: 480,
        lang: currentUiLang() === 'ru' ? 'ru' : 'kk',
        userInfo: { displayName: conference.displayName },
      });
      api.current.addListener('readyToClose', leave);
      api.current.addListener('videoConferenceLeft', leave);
      setConferenceActive(true);
      setState('in');
    } catch {
      setState('failed');
    }
  };
  return (
    <section aria-labelledby="conference-h" className="tch-conference">
      <h2 id="conference-h">{t('conferenceTitle')}</h2>
      <Group>
        {state === 'in' ? (
          <Button variant="default" onClick={leave}>
            {t('conferenceLeave')}
          </Button>
        ) : (
          <Button onClick={() => void join()} loading={state === 'joining'}>
            {conference.moderator ? t('conferenceStart') : t('conferenceJoin')}
          </Button>
        )}
      </Group>
      {state === 'failed' && <p role="alert">{t('conferenceFailed')}</p>}
      <div ref={frame} className="tch-conference-frame" />
    </section>
  );
}
