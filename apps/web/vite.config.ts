import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestEntry } from 'workbox-build';
import { stripEndpointDocsPlugin } from './src/build/strip-endpoint-docs';

// The dev server proxies the API to a running @sabaq/server (`npm start` listens on 8080).
const apiTarget = process.env.SABAQ_API_URL ?? 'http://localhost:8080';
const DIST = join(import.meta.dirname, 'dist');

type ViteManifest = Record<
  string,
  { file: string; src?: string; isEntry?: boolean; imports?: string[]; css?: string[] }
>;

/**
 * The shell the service worker precaches (issue 31): the entry chunk and what it imports
 * statically, their CSS, both catalogues, the favicon (the plugin adds the web manifest and its
 * icons) — what opens the app on
 * a dropped link. Screens are kept as the user opens them (src/offline/sw.ts), so a pupil's
 * browser never downloads the builder.
 */
function shellOnly<E extends ManifestEntry>(entries: E[]): { manifest: E[]; warnings: string[] } {
  const path = join(DIST, '.vite', 'manifest.json');
  if (!existsSync(path)) return { manifest: entries, warnings: ['no .vite/manifest.json'] };
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as ViteManifest;
  const keep = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || keep.has(chunk.file)) return;
    keep.add(chunk.file);
    for (const css of chunk.css ?? []) keep.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry || /packages\/platform\/src\/i18n\/(kz|ru)\.ts$/.test(chunk.src ?? key))
      visit(key);
  }
  // The web manifest and its icons the plugin adds to the list itself.
  const wanted = (url: string) => keep.has(url) || url === 'favicon.svg';
  return { manifest: entries.filter((e) => wanted(e.url)), warnings: [] };
}

/**
 * Issue 29: a signed-in screen used to arrive in ~80 requests, most of them the UI kit's own
 * modules split one per component (1–3 KB each, plus ~0.5 KB of headers per answer). The kit's
 * components and the icons a screen may need now come in one chunk each, loaded with the first
 * screen and cached for every later one; what the entry already loads statically stays in it, so
 * the landing and login pages keep their weight. Big, rarely used libraries (charts, dates,
 * the editor's) keep their own chunks with the screens that use them.
 */
function chunkGroups() {
  const vendor = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);
  const mantine = (names: string) =>
    new RegExp(`[\\\\/]@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/](${names})[\\\\/]`);
  return [
    // What the entry itself runs: one file with it rather than eight split out beside it.
    { name: 'boot', tags: ['$initial' as const], priority: 9 },
    // The kit's daily set: what the schedule, lesson, journal, homework, diary and chat draw
    // (buttons, fields, dialogs, tables, tabs, scrolling and its positioning helper). Menus,
    // selects, popovers, number fields, drawers and the rest stay split by the bundler and
    // come with the screens that use them (the editors, settings, statistics).
    {
      name: 'kit',
      test: (id: string) =>
        vendor(
          '@mantine[\\\\/]hooks|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib|clsx',
        ).test(id) ||
        /[\\\\/]@mantine[\\\\/]core[\\\\/]esm[\\\\/](core|utils)[\\\\/]/.test(id) ||
        mantine(
          'Box|Button|ActionIcon|CloseButton|Loader|UnstyledButton|Group|Stack|Text|Title|Paper|Anchor|Input|InputBase|TextInput|Textarea|NativeSelect|Combobox[\\\\/]ComboboxChevron|Modal|ModalBase|Overlay|Portal|FocusTrap|Transition|ScrollArea|VisuallyHidden|Table|Tabs|Badge|Alert|Checkbox|List|Progress|Divider|Card|Center|Flex|Container|Skeleton|Space|Notification|Collapse',
        ).test(id),
      priority: 6,
    },
    // Icons several screens share (the menu's, the lists'): one file; a screen's own stay with it.
    {
      name: 'icons',
      test: vendor('@tabler[\\\\/]icons-react'),
      minShareCount: 3,
      priority: 5,
    },
  ];
}

export default defineConfig({
  plugins: [
    react(),
    stripEndpointDocsPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/offline',
      filename: 'sw.ts',
      // Registered by the app after load (src/offline/register.ts), not by an injected script.
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        id: '/',
        name: 'Sabaq — оқу платформасы / учебная платформа',
        short_name: 'Sabaq',
        description:
          'Мектептер мен балабақшаларға арналған оқу платформасы / Учебная платформа для школ и детских садов',
        lang: 'kk',
        start_url: '/kk',
        scope: '/',
        display: 'standalone',
        theme_color: '#1c64c8',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,svg,png,webmanifest}'],
        globIgnores: ['banners/**', 'sw.js'],
        manifestTransforms: [async (entries) => shellOnly(entries)],
        // The lessons editor chunk is large; size is not what decides what is precached.
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Spec §9: chunk loads may take long on school networks; the budget script reads the manifest.
    manifest: true,
    // Every browser the app supports has <link rel="modulepreload"> but Safari before 17, which
    // then only loads chunks without preloading them: the polyfill's bytes go to the first visit
    // of everyone else (the login page's budget, issue 5).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: { codeSplitting: { groups: chunkGroups() } },
      // @sabaq/platform's index also re-exports zod contracts the browser never calls; its modules
      // have no side effects, so unused ones (and zod with them) stay out of the bundle.
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]platform[\\/]src[\\/]/.test(id),
      },
    },
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
});
