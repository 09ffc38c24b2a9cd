/**
 * The public site's content (issue 19): FAQ, news, banners and the agreement. Everyone reads
 * (anonymous visitors too, in their language); only the administrator writes, and reads the
 * bilingual originals and unpublished articles. Spread into the one policy table.
 */
const P = '/api/v2/os';
const admin = ['admin'] as const;

export const SITE_ROUTES = {
  'site.faq': {
    method: 'GET',
    path: `${P}/faq`,
    policy: 'public',
    summary: 'The FAQ: categories with their questions and answers, in the caller’s language',
  },
  'site.articles': {
    method: 'GET',
    path: `${P}/articles`,
    policy: 'public',
    summary: 'Published news articles, newest first, a page at a time (?page&perPage)',
  },
  'site.article': {
    method: 'GET',
    path: `${P}/articles/:articleId`,
    policy: 'public',
    summary: 'One published news article (404 for a draft or an unknown id)',
  },
  'site.page': {
    method: 'GET',
    path: `${P}/pages/:slug`,
    policy: 'public',
    summary: 'A page of the site (the agreement), in the caller’s language',
  },
  'site.faqGet': {
    method: 'GET',
    path: `${P}/site/faq`,
    policy: admin,
    summary: 'The FAQ in both languages, for editing',
  },
  'site.faqSave': {
    method: 'PUT',
    path: `${P}/site/faq`,
    policy: admin,
    summary: 'Replace the FAQ (ordered categories and questions, both languages) in one step',
  },
  'site.bannersGet': {
    method: 'GET',
    path: `${P}/site/banners`,
    policy: admin,
    summary: 'The main page’s banners in both languages, for editing',
  },
  'site.bannersSave': {
    method: 'PUT',
    path: `${P}/site/banners`,
    policy: admin,
    summary: 'Replace the banners (ordered; image, external link, titles) in one step',
  },
  'site.articlesAdmin': {
    method: 'GET',
    path: `${P}/site/articles`,
    policy: admin,
    summary: 'Every article, drafts too, in both languages',
  },
  'site.articleAdmin': {
    method: 'GET',
    path: `${P}/site/articles/:articleId`,
    policy: admin,
    summary: 'One article in both languages, for editing',
  },
  'site.articleCreate': {
    method: 'POST',
    path: `${P}/site/articles`,
    policy: admin,
    summary: 'Write an article (a draft, or published at once)',
  },
  'site.articleUpdate': {
    method: 'PUT',
    path: `${P}/site/articles/:articleId`,
    policy: admin,
    summary: 'Change, publish or unpublish an article',
  },
  'site.articleDelete': {
    method: 'DELETE',
    path: `${P}/site/articles/:articleId`,
    policy: admin,
    summary: 'Delete an article',
  },
  'site.pageGet': {
    method: 'GET',
    path: `${P}/site/pages/:slug`,
    policy: admin,
    summary: 'A site page (the agreement) in both languages, for editing',
  },
  'site.pageSave': {
    method: 'PUT',
    path: `${P}/site/pages/:slug`,
    policy: admin,
    summary: 'Change a site page (the agreement) in both languages',
  },
} as const;
