import { defineConfig } from 'vitest/config';

// Integration tests: the real server binary (SERVER_BIN, default ../target/debug/server) on a
// private cluster with the REST fixture schema (test/integration/global-setup.ts). Files run
// one at a time: the write cases change shared rows.
export default defineConfig({
  test: {
    include: ['test/integration/**/*.test.ts'],
    globalSetup: ['test/integration/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
