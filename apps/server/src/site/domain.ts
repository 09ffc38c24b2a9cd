import type { Domain } from '../domain';
import { registerSiteRoutes } from './site-routes';
import { SITE_SQL } from './site-schema';
import { ensurePromoPages, seedSite } from './site-seed';

/**
 * The landing banners' pictures are the .svg files shipped in apps/web/public/banners; databases
 * seeded before issue 30 stored `.jpg` names that never existed (the seed's fix ran before the
 * banners were inserted). Only the three demo pictures are renamed; an administrator's own stay.
 */
const BANNER_PICTURES_SQL = `
UPDATE banners SET image = replace(image, '.jpg', '.svg')
 WHERE image IN ('/banners/contest-2026.jpg', '/banners/methodical-cabinet.jpg', '/banners/tariffs.jpg');
`;

/**
 * The public site's content (issue 19): FAQ, news, pages, promo pages. Ids 2450–2499, and
 * 2860 (issue 30).
 */
export const siteDomain: Domain = {
  name: 'site',
  migrations: [
    { id: 2450, name: 'site-content', sql: SITE_SQL },
    { id: 2860, name: 'site-banner-pictures', sql: BANNER_PICTURES_SQL },
  ],
  seed: [{ name: 'site.content', run: (tx, demo) => seedSite(tx, demo.now) }],
  // Promo pages added since the site was seeded (site-seed.ts), on demo installations.
  prepare: async ({ db, options }) => {
    if (options.seed ?? true) await ensurePromoPages(db);
  },
  routes: registerSiteRoutes,
};
