#!/usr/bin/env node
// The supabase-js conformance suite's runner.
//
//   node conformance/supabase-js/run.mjs --server target/debug/server
//
// Boots the platform with harness.mjs (the server on a private embedded PostgreSQL cluster in a
// temporary DATA_DIR, the platform's schema alone (empty MIGRATIONS_DIR, FUNCTIONS_DIR, POLICIES_DIR and SEED_DIR: no app),
// the REST fixture schema and seed data loaded as the cluster's superuser,
// the schema cache reloaded, the API keys fetched), runs test/*.test.mjs with node:test (one
// file at a time: the write tests change shared rows), stops everything and prints
// `N passed, N failed` last. The auth cases get the superuser's psql (CONFORMANCE_PG_*), to read
// auth.mail_outbox and to redefine auth.can_manage_users(); the auth rate limit is raised far
// above what the suite sends.

import fs from 'node:fs';
import path from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { HERE, JWT_SECRET, TEST_TIMEOUT_MS, ALLOWED_REDIRECT_URL, SOCKET_PORT, psqlExe, startPlatform } from './harness.mjs';

function usage(message) {
  if (message) console.error(`error: ${message}`);
  console.error('usage: node conformance/supabase-js/run.mjs --server <path to the server binary> [--only <substring>]');
  console.log('0 passed, 1 failed');
  process.exit(2);
}

function parseArgs(argv) {
  const args = { server: process.env.SERVER_BIN, only: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--server') args.server = argv[++i];
    else if (a.startsWith('--server=')) args.server = a.slice('--server='.length);
    else if (a === '--only') args.only = argv[++i];
    else if (a.startsWith('--only=')) args.only = a.slice('--only='.length);
    else if (a === '-h' || a === '--help') usage();
    else usage(`unknown argument ${a}`);
  }
  if (!args.server) usage('--server is required');
  args.server = path.resolve(args.server);
  if (!fs.existsSync(args.server)) usage(`no server binary at ${args.server}`);
  return args;
}

async function runTests(only) {
  const dir = path.join(HERE, 'test');
  let files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.test.mjs'))
    .sort()
    .map((f) => path.join(dir, f));
  if (only) files = files.filter((f) => path.basename(f).includes(only));
  let passed = 0;
  let failed = 0;
  const stream = run({ files, concurrency: 1, timeout: TEST_TIMEOUT_MS * 20 });
  stream.on('test:pass', (d) => {
    if (d.details?.type !== 'suite') passed++;
  });
  stream.on('test:fail', (d) => {
    if (d.details?.type !== 'suite') failed++;
  });
  for await (const chunk of stream.compose(spec)) process.stdout.write(chunk);
  return { passed, failed };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  let platform = null;
  let result = { passed: 0, failed: 1 };
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await platform?.stop();
  };
  const onSignal = (sig) => {
    console.error(`\ninterrupted (${sig}); cleaning up`);
    cleanup().finally(() => {
      console.log('0 passed, 1 failed');
      process.exit(130);
    });
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.once('exit', () => platform?.killNow());

  try {
    platform = await startPlatform({
      server: args.server,
      log: (m) => console.log(m.replace(/^platform/, 'conformance')),
      // Like PostgREST's own spec suite: clients may ask for a rollback (`.rollback()`), and the
      // execution plan media type (`.explain()`) is served. Both are off in production.
      extraEnv: {
        DB_TX_END: 'commit-allow-override',
        DB_PLAN_ENABLED: 'true',
        // Phone sign-ins with the development SMS provider (texts kept in auth.sms_outbox), and
        // anonymous sign-ins: both off by default.
        EXTERNAL_PHONE_ENABLED: 'true',
        SMS_PROVIDER: 'log',
        EXTERNAL_ANONYMOUS_USERS_ENABLED: 'true',
      },
    });
    Object.assign(process.env, {
      CONFORMANCE_URL: platform.baseUrl,
      CONFORMANCE_ANON_KEY: platform.keys.ANON_KEY,
      CONFORMANCE_SERVICE_KEY: platform.keys.SERVICE_ROLE_KEY,
      CONFORMANCE_JWT_SECRET: JWT_SECRET,
      CONFORMANCE_TEST_TIMEOUT_MS: String(TEST_TIMEOUT_MS),
      CONFORMANCE_SITE_URL: platform.baseUrl,
      CONFORMANCE_REDIRECT_URL: ALLOWED_REDIRECT_URL,
      CONFORMANCE_PSQL: psqlExe(),
      CONFORMANCE_PG_SOCKET_DIR: platform.socketDir,
      CONFORMANCE_PG_PORT: String(SOCKET_PORT),
      CONFORMANCE_SERVER_BIN: args.server,
    });
    console.log('conformance: running the cases');
    result = await runTests(args.only);
    if (platform.server.exited) {
      console.error(`error: the server exited while the cases ran (${JSON.stringify(platform.server.exited)})\n${platform.server.output()}`);
      result.failed++;
    }
  } catch (e) {
    console.error(`error: ${e.message}`);
    result.failed = Math.max(result.failed, 1);
  } finally {
    try {
      await cleanup();
    } catch (e) {
      console.error(`error during clean-up: ${e.message}`);
    }
  }
  console.log(`${result.passed} passed, ${result.failed} failed`);
  process.exitCode = result.failed > 0 ? 1 : 0;
}

main().catch((e) => {
  console.error(e);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
