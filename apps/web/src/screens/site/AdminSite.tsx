import { Tabs } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { urlLang } from '../shared/api';
import { AdminAgreement } from './AdminAgreement';
import { AdminBanners } from './AdminBanners';
import { AdminFaq } from './AdminFaq';
import { AdminNews } from './AdminNews';
import { siteText } from './texts';
import './site.css';

const TABS = ['news', 'faq', 'banners', 'agreement'] as const;
type Tab = (typeof TABS)[number];
const LABEL = {
  news: 'tabNews',
  faq: 'tabFaq',
  banners: 'tabBanners',
  agreement: 'tabAgreement',
} as const;

/**
 * admin/site/{tab} (issue 19; not a route of spec §2): where the administrator keeps the public
 * site — news, the FAQ, the main page's banners and the agreement — in both languages.
 */
export default function AdminSite() {
  const t = siteText();
  const { tab } = useParams();
  const navigate = useNavigate();
  const current: Tab = (TABS as readonly string[]).includes(tab ?? '') ? (tab as Tab) : 'news';
  return (
    <section className="page site-page site-admin" aria-labelledby="admin-site-h">
      <h1 id="admin-site-h">{t('adminTitle')}</h1>
      <Tabs
        value={current}
        onChange={(next) => next && navigate(`/${urlLang()}/admin/site/${next}`)}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('adminTabs')} mb="md" className="site-admin-tabs">
          {TABS.map((id) => (
            <Tabs.Tab key={id} value={id}>
              {t(LABEL[id])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="news">
          <AdminNews />
        </Tabs.Panel>
        <Tabs.Panel value="faq">
          <AdminFaq />
        </Tabs.Panel>
        <Tabs.Panel value="banners">
          <AdminBanners />
        </Tabs.Panel>
        <Tabs.Panel value="agreement">
          <AdminAgreement />
        </Tabs.Panel>
      </Tabs>
    </section>
  );
}
