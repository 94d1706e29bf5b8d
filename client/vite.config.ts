// Vite: React, Tailwind and the PWA plugin (injectManifest: src/sw.ts is ours, so later issues
// can add push handling). The SDK (`@havyaka/sdk`, ../sdk-ts) is imported as TypeScript source
// (its `source` export condition) and compiled here: no SDK build is needed.
import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defaultClientConditions, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'src') },
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
  build: { target: 'es2022', sourcemap: false, assetsInlineLimit: 0, manifest: true },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'autoUpdate',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'offline.html', 'icons/*.png'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/intro*.webm'],
      },
      manifest: {
        id: '/',
        name: 'Havyaka Community Mumbai',
        short_name: 'Havyaka',
        description:
          'Events, galleries, Havyaka Sandesha, the business directory and community services of the Havyaka trust in Mumbai.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#fffaf3',
        theme_color: '#9a3412',
        lang: 'en',
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
  ],
});
