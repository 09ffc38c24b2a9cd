import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { UiMessageKey } from '@sabaq/platform';
import { api } from '../../app/services';
import { useAppState } from '../../session/store';
import './landing.css';

const FEATURES: readonly UiMessageKey[] = [
  'landing.feature.schedule',
  'landing.feature.homework',
  'landing.feature.journal',
  'landing.feature.builder',
];

/** What the platform does for each kind of user (issue 19): the heading and its text. */
const AUDIENCES = ['teachers', 'pupils', 'leaders', 'kindergartens', 'authorities'] as const;

interface Banner {
  id: number;
  image: string;
  externalLink: string | null;
  title: string;
}

/** The banners the administrator keeps (dict.banners), in the interface's language. */
function useBanners(lang: string | undefined): Banner[] {
  const [banners, setBanners] = useState<Banner[]>([]);
  useEffect(() => {
    let live = true;
    void api.get<{ data: Banner[] }>('/api/v2/os/banners', { handle: 'silent' }).then((r) => {
      if (live && !r.error) setBanners(r.data.data);
    });
    return () => {
      live = false;
    };
  }, [lang]);
  return banners;
}

function BannerCard({ banner }: { banner: Banner }) {
  const body = (
    <>
      <img src={banner.image} alt="" width={1200} height={400} loading="lazy" />
      <span className="landing__banner-title">{banner.title}</span>
    </>
  );
  const link = banner.externalLink;
  if (!link) return <div className="landing__banner">{body}</div>;
  if (link.startsWith('/'))
    return (
      <Link className="landing__banner" to={link}>
        {body}
      </Link>
    );
  return (
    <a className="landing__banner" href={link} target="_blank" rel="noreferrer noopener">
      {body}
    </a>
  );
}

/** The main (landing) page: what the platform is, for whom, and the administrator's banners. */
export default function Landing() {
  const { t } = useTranslation();
  const { lang } = useParams();
  const user = useAppState((s) => s.user);
  const banners = useBanners(lang);
  return (
    <section className="page landing" aria-labelledby="landing-title">
      <h1 id="landing-title">{t('main.title')}</h1>
      <p className="landing__lead">{t('main.subtitle')}</p>
      <ul className="landing__features">
        {FEATURES.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      {!user && (
        <p>
          <Link className="button" to={`/${lang}/login`}>
            {t('landing.cta')}
          </Link>
        </p>
      )}
      <h2 className="landing__h2">{t('landing.audiences')}</h2>
      <div className="landing__audiences">
        {AUDIENCES.map((a) => (
          <section key={a} className="landing__audience" aria-labelledby={`landing-${a}`}>
            <h3 id={`landing-${a}`}>{t(`landing.${a}` satisfies UiMessageKey)}</h3>
            <p>{t(`landing.${a}.text` satisfies UiMessageKey)}</p>
          </section>
        ))}
      </div>
      {banners.length > 0 && (
        <>
          <h2 className="landing__h2">{t('landing.banners')}</h2>
          <div className="landing__banners">
            {banners.map((b) => (
              <BannerCard key={b.id} banner={b} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
