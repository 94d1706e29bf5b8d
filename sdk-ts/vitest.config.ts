import { defineConfig } from 'vitest/config';

// Unit tests: no server, a recording fetch (test/unit/stub.ts).
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    environment: 'node',
  },
});
