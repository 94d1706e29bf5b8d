import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'src') },
    // The SDK's TypeScript sources (its `source` export), as in vite.config.ts.
    conditions: ['source', ...defaultClientConditions],
  },
  test: {
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // Components' tests (.tsx) get a DOM; the rest run in plain Node, since building a jsdom
    // window per file was half the suite's time. A .ts test that needs a DOM says so in its
    // first line: `// @vitest-environment jsdom`.
    projects: [
      {
        extends: true,
        test: { name: 'dom', environment: 'jsdom', include: ['src/**/*.test.tsx'] },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
    ],
  },
});
