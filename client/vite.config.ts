// Vite: React, Tailwind and the PWA plugin (injectManifest: src/sw.ts is ours, so later issues
// can add push handling). The SDK (`@havyaka/sdk`, ../sdk-ts) is imported as TypeScript source
// (its `source` export condition) and compiled here: no SDK build is needed.
import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { build, defaultClientConditions, defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { documentPages } from './scripts/document-text';
import { pageWords } from './scripts/page-words';
import { precompress } from './scripts/precompress';
import { documentText } from './src/app/document-text';
import { documentText as kannadaText } from './src/app/document-text.kn';

const src = path.resolve(import.meta.dirname, 'src');
// react-router publishes a production build beside its development one but exports only the
// latter (its dev warnings sit behind a constant the production build sets to false, so the
// minifier drops them): the production build for `vite build`, the other for `vite` (dev).
const reactRouterProduction = path.resolve(
  import.meta.dirname,
  'node_modules/react-router/dist/production/index.mjs',
);

/** The home page's hero boot (src/features/site/hero-boot.ts) as an inline script in
 *  index.html's head, in place of its `<!-- hero-boot -->` comment: before the stylesheet (a
 *  script after it would wait for it), so its requests start while the stylesheet and the entry
 *  bundle download. Builds only, and only against the page's own server (a development
 *  API_URL or anon key skips it). */
const HERO_BOOT_MARK = '<!-- hero-boot -->';
function inlineHeroBoot(): Plugin {
  return {
    name: 'havyaka:inline-hero-boot',
    apply: 'build',
    async transformIndexHtml(html) {
      if (!html.includes(HERO_BOOT_MARK)) throw new Error(`index.html lacks ${HERO_BOOT_MARK}`);
      if (process.env.VITE_API_URL || process.env.VITE_ANON_KEY) return html;
      const result = (await build({
        configFile: false,
        logLevel: 'warn',
        resolve: { alias: { '@': src } },
        build: {
          write: false,
          target: 'es2022',
          minify: true,
          lib: {
            entry: path.join(src, 'app/hero-boot-entry.ts'),
            formats: ['iife'],
            name: 'havyakaHeroBoot',
          },
        },
      })) as Rolldown.RolldownOutput[];
      return html.replace(HERO_BOOT_MARK, `<script>${result[0].output[0].code.trim()}</script>`);
    },
  };
}

/** The Kannada letters of Noto Sans Kannada (src/index.css), preloaded by index.html's language
 *  script when the page opens in Kannada (`l`, the language it chose): found only once Kannada
 *  text is laid out, they arrived after it and moved it when they swapped in (Lighthouse,
 *  /events in Kannada: a layout shift of 0.71). English pages do not load them. Builds only; in
 *  place of the script's `/* kannada-fonts *\/` comment. */
const KANNADA_FONTS_MARK = '/* kannada-fonts */';
function preloadKannadaFonts(): Plugin {
  return {
    name: 'havyaka:preload-kannada-fonts',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!html.includes(KANNADA_FONTS_MARK))
          throw new Error(`index.html lacks ${KANNADA_FONTS_MARK}`);
        const fonts = Object.keys(ctx.bundle ?? {})
          .filter((file) => /noto-sans-kannada-kannada-(400|700)-normal-[^/]*\.woff2$/.test(file))
          .sort()
          .map((file) => `/${file}`);
        if (ctx.bundle && fonts.length !== 2) {
          throw new Error(`expected the two Kannada fonts in the build, found ${fonts.length}`);
        }
        const prefix = '/assets/noto-sans-kannada-kannada-';
        const names = fonts.map((f) => f.slice(prefix.length, -'.woff2'.length));
        if (fonts.some((f) => !f.startsWith(prefix)))
          throw new Error(`unexpected font paths ${fonts}`);
        return html.replace(
          KANNADA_FONTS_MARK,
          fonts.length === 0
            ? ''
            : `if(l=='kn')for(var f of${JSON.stringify(names)})document.head.insertAdjacentHTML('beforeend','<link rel=preload as=font crossorigin href=${prefix}'+f+'.woff2>');`,
        );
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  resolve: {
    alias: [
      { find: '@', replacement: src },
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : []),
    ],
    // The SDK's TypeScript sources (its `source` export), not its built package.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    // `npm run dev` against `make run` on :8080; `make dev` sets API_URL to its server.
    proxy: Object.fromEntries(
      ['/rest', '/auth', '/storage', '/api'].map((p) => [
        p,
        process.env.API_URL ?? 'http://127.0.0.1:8080',
      ]),
    ),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    manifest: true,
    // No <link rel=modulepreload> per lazy chunk's import: an admin screen's ~50 of them were
    // inserted in one 40-60 ms task; the browser fetches a chunk's static imports itself.
    // index.html keeps its own (the entry's imports load beside it, not after it). No polyfill:
    // every browser the app supports knows modulepreload (one without it loads the same later).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (React, the router, the query cache, the
          // SDK, the shell, the top of the home page) in one chunk, the entry's own: it all
          // loads before the first paint anyway, and one file compresses better than eight
          // (scripts/size.mjs). Lazy chunks import what they share with it from there.
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
  plugins: [
    documentPages(pageWords, path.join(src, 'app/offline.html')),
    inlineHeroBoot(),
    preloadKannadaFonts(),
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'autoUpdate',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'icons/*.png'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/intro*.webm'],
      },
      manifest: {
        id: '/',
        name: documentText.appName,
        short_name: documentText.appShortName,
        description: documentText.appDescription,
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#fffaf3',
        theme_color: '#9a3412',
        lang: 'en',
        // The Kannada name and description (the manifest's localisation members, which
        // Chromium reads by the device's language; others show the English).
        ...({
          name_localized: { kn: kannadaText.appName },
          short_name_localized: { kn: kannadaText.appShortName },
          description_localized: { kn: kannadaText.appDescription },
        } as object),
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      devOptions: { enabled: false },
    }),
    // Last: the Brotli and gzip copies of everything above, the service worker included.
    precompress(),
  ],
}));
