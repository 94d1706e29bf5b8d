#!/usr/bin/env node
// Runs supabase-js's own postgrest-js and storage-js test suites against this server.
//
//   node conformance/upstream/run.mjs --server target/debug/server [--supabase-js <checkout>] \
//     [--suite postgrest-js|storage-js] [--only <test file substring>] [--keep]
//
// The suites are vendored, unchanged, in vendor/supabase-js (see vendor/README.md); another
// supabase-js checkout (or a bare clone: its HEAD is read with `git archive`) can be given
// with --supabase-js. For each suite the runner copies `tsconfig.base.json` and
// `packages/core/<suite>` into a temporary directory whose node_modules is this folder's (jest,
// ts-jest and the suites' dependencies, from package-lock.json), starts the server on a private
// cluster (harness.mjs of the supabase-js suite) with the settings of the suite's
// supabase/config.toml, loads prelude/<suite>.sql (what a Supabase database has that ours
// lacks; see README.md) and the suite's own schema and seed, puts a gateway playing the Supabase
// CLI's in front of it (startGateway), points the tests' hard-coded CLI address and service key
// at the gateway and the server's key, runs jest as upstream CI does (`--ci`, one worker,
// upstream's jest config, but transpiling without type-checking: the suites' type-level checks
// are about the clients' types, not the server, and type-checking took minutes) and prints, per
// file and in total, the tests that passed and failed, the server-dependent ones counted apart.
// A test failing on a documented deliberate difference (DELIBERATE, docs/upstream-suites.md)
// is counted apart, as neither; one listed there that passes is a failure (update the list).
// Last line: `N passed, N failed`.

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPlatform } from '../supabase-js/harness.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The vendored upstream code (vendor/README.md says which commit). */
const VENDORED = path.join(HERE, 'vendor', 'supabase-js');
/** The Supabase CLI's local service key, which storage-js's tests send as their bearer token. */
const CLI_SERVICE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/**
 * Per suite: the SQL the Supabase CLI would load (migrations, then seed), the server settings
 * matching the suite's `supabase/config.toml`, and the jest arguments of upstream CI.
 */
const SUITES = {
  'postgrest-js': {
    sql: (dir) => [
      path.join(HERE, 'prelude', 'postgrest-js.sql'),
      ...sqlIn(path.join(dir, 'test', 'supabase', 'migrations')),
      path.join(dir, 'test', 'supabase', 'seed.sql'),
    ],
    env: {
      DB_SCHEMAS: 'public,personal',
      DB_MAX_ROWS: '1000',
      // The schema's `alter role authenticator set pgrst.*` settings, as environment variables.
      DB_PLAN_ENABLED: 'true',
      DB_AGGREGATES_ENABLED: 'true',
      DB_TX_END: 'commit-allow-override',
    },
    probePath: '/rest/v1/users?select=username&limit=1',
    jestArgs: ['--testPathIgnorePatterns', 'test/v12/'],
  },
  'storage-js': {
    sql: (dir) => [path.join(HERE, 'prelude', 'storage-js.sql'), path.join(dir, 'test', 'supabase', 'seed.sql')],
    // config.toml: file_size_limit = "50MiB".
    env: { STORAGE_MAX_FILE_SIZE: '52428800' },
    probePath: '/storage/v1/bucket',
    // Upstream's jest default of 5 s per test; postgrest-js's config allows 30 s, as here:
    // eight uploads and a listing can take longer on a loaded test machine.
    jestArgs: ['--coverage=false', '--testTimeout=30000'],
  },
};

/**
 * The upstream tests that fail here on purpose, by suite and jest's full name, each with the
 * deliberate difference it meets (docs/rest.md "Deliberate differences from PostgREST",
 * docs/upstream-suites.md). They are reported apart; if one passes, the list is stale.
 */
const DELIBERATE = {
  'postgrest-js': {
    'basic insert, update, delete insert quoted column':
      'a unique violation (23505) shows its key values to the service role only; the test runs as anon',
    'explain with options':
      "the plan's non-default settings: jit is off in every request transaction, the cluster is not Supabase's image (effective_cache_size) and the search_path is the schema then extensions",
  },
  'storage-js': {},
};

function sqlIn(dir) {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => path.join(dir, f));
}

function usage(message) {
  if (message) console.error(`error: ${message}`);
  console.error(
    'usage: node conformance/upstream/run.mjs --server <server binary> [--supabase-js <checkout or bare clone>]\n' +
      '         [--suite postgrest-js|storage-js] [--only <test file substring>] [--keep]',
  );
  console.log('0 passed, 1 failed');
  process.exit(2);
}

function parseArgs(argv) {
  const args = {
    server: process.env.SERVER_BIN,
    source: process.env.SUPABASE_JS_DIR ?? VENDORED,
    suites: [],
    only: null,
    keep: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--server') args.server = value();
    else if (flag === '--supabase-js') args.source = value();
    else if (flag === '--suite') args.suites.push(value());
    else if (flag === '--only') args.only = value();
    else if (flag === '--keep') args.keep = true;
    else if (flag === '-h' || flag === '--help') usage();
    else usage(`unknown argument ${a}`);
  }
  if (!args.server) usage('--server is required');
  args.server = path.resolve(args.server);
  args.source = path.resolve(args.source);
  if (!fs.existsSync(args.server)) usage(`no server binary at ${args.server}`);
  if (!fs.existsSync(args.source)) usage(`no supabase-js checkout at ${args.source}`);
  if (args.suites.length === 0) args.suites = Object.keys(SUITES);
  for (const s of args.suites) if (!SUITES[s]) usage(`unknown suite ${s}`);
  if (!fs.existsSync(path.join(HERE, 'node_modules', 'jest'))) usage(`run \`npm ci\` in ${HERE} first`);
  return args;
}

/** Copies tsconfig.base.json and packages/core/<suite> of the checkout (or bare clone) into `work`. */
function extract(source, suite, work) {
  const wanted = ['tsconfig.base.json', `packages/core/${suite}`];
  const isBare = fs.existsSync(path.join(source, 'HEAD')) && fs.existsSync(path.join(source, 'objects'));
  if (isBare) {
    const archive = spawnSync('git', ['--git-dir', source, 'archive', '--format=tar', 'HEAD', ...wanted], {
      maxBuffer: 1 << 30,
    });
    if (archive.status !== 0) throw new Error(`git archive failed: ${archive.stderr}`);
    const untar = spawnSync('tar', ['-x', '-C', work], { input: archive.stdout });
    if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr}`);
  } else {
    for (const rel of wanted) fs.cpSync(path.join(source, rel), path.join(work, rel), { recursive: true });
  }
  fs.symlinkSync(path.join(HERE, 'node_modules'), path.join(work, 'node_modules'), 'dir');
  const dir = path.join(work, 'packages', 'core', suite);
  transpileOnly(dir);
  return dir;
}

/**
 * Makes ts-jest transpile each file alone (`isolatedModules`) instead of type-checking the
 * whole program for every test file: the same JavaScript runs, in seconds rather than minutes.
 */
function transpileOnly(dir) {
  const file = path.join(dir, 'tsconfig.test.json');
  const config = JSON.parse(fs.readFileSync(file, 'utf8'));
  config.compilerOptions = { ...config.compilerOptions, isolatedModules: true };
  fs.writeFileSync(file, JSON.stringify(config, null, 2));
}

/**
 * Points the tests' Supabase CLI address (port 54321) at `baseUrl` and their copy of the CLI's
 * service key at this server's: both are deployment settings the suites hard-code.
 */
function pointTestsAt(dir, baseUrl, serviceKey) {
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (/\.(ts|js|mjs|cjs)$/.test(entry.name)) {
        const text = fs.readFileSync(p, 'utf8');
        const next = text
          .replace(/http:\/\/(localhost|127\.0\.0\.1):54321/g, baseUrl)
          .replaceAll(CLI_SERVICE_KEY, serviceKey);
        if (next !== text) fs.writeFileSync(p, next);
      }
    }
  };
  walk(path.join(dir, 'test'));
}

/**
 * The Supabase CLI's API gateway, as far as the suites see it: it passes every request through,
 * and a `/rest/v1` request without an API key reaches PostgREST as `anon` (PostgREST's
 * db-anon-role), where this server, like hosted Supabase, wants the `apikey` header (docs/api-design.md).
 * So keyless REST requests get the anon key; nothing else changes.
 */
function startGateway(target, anonKey) {
  const upstream = new URL(target);
  // Requests per test (jest-setup.cjs names the running test before each one).
  const requests = new Map();
  let current = '';
  const server = http.createServer((req, res) => {
    if (req.url === '/__upstream/test' && req.method === 'POST') {
      let name = '';
      req.on('data', (d) => (name += d));
      req.on('end', () => {
        current = name;
        res.writeHead(204, { connection: 'close' });
        res.end();
      });
      return;
    }
    requests.set(current, (requests.get(current) ?? 0) + 1);
    const headers = { ...req.headers, host: upstream.host };
    delete headers.connection;
    const keyless = !headers.apikey && !/[?&]apikey=/.test(req.url);
    if (req.url.startsWith('/rest/v1') && keyless) headers.apikey = anonKey;
    const forward = http.request(
      // A fresh connection each time: no idle socket of the server's can be closed under us.
      { hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    forward.on('error', (e) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`gateway: ${e.message}`);
    });
    req.pipe(forward);
  });
  // Longer than any client keeps an idle connection, so the gateway never closes one first.
  server.keepAliveTimeout = 120_000;
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}`, requests, close: () => server.close() }),
    );
  });
}

/** Runs jest in a child process (asynchronously: the gateway answers from this one). */
async function runJest(dir, suite, only, resultFile, gatewayUrl) {
  const jest = path.join(HERE, 'node_modules', 'jest', 'bin', 'jest.js');
  const setup = path.join(HERE, 'jest-setup.cjs');
  const args = [jest, '--ci', '--runInBand', '--json', `--outputFile=${resultFile}`, `--setupFilesAfterEnv=${setup}`];
  args.push(...SUITES[suite].jestArgs);
  if (only) args.push(only);
  const env = { ...process.env, CI: 'true', UPSTREAM_GATEWAY_URL: gatewayUrl };
  const child = spawn(process.execPath, args, { cwd: dir, stdio: 'inherit', env });
  const code = await new Promise((resolve) => child.on('exit', (c, signal) => resolve(c ?? signal)));
  if (!fs.existsSync(resultFile)) throw new Error(`jest wrote no results (exit ${code})`);
  return JSON.parse(fs.readFileSync(resultFile, 'utf8'));
}

/**
 * Counts jest's results per file. A test is server-dependent when it sent the server at least
 * one request (the gateway's count); the others (mocked fetch, URL building) are counted apart.
 * A file that could not run counts each of its tests as a failure.
 */
function summarise(suite, dir, results, requests) {
  const totals = { server: { passed: 0, failed: 0 }, offline: { passed: 0, failed: 0 } };
  const failures = [];
  const deliberate = [];
  const stale = [];
  const lines = [];
  for (const file of results.testResults) {
    const rel = path.relative(path.join(dir, 'test'), file.name);
    const counts = { server: { passed: 0, failed: 0 }, offline: { passed: 0, failed: 0 } };
    for (const t of file.assertionResults) {
      if (t.status !== 'passed' && t.status !== 'failed') continue;
      const reason = DELIBERATE[suite][t.fullName];
      if (reason !== undefined) {
        if (t.status === 'failed') {
          deliberate.push(`${rel} › ${t.fullName}: ${reason}`);
          continue;
        }
        stale.push(`${rel} › ${t.fullName} passes but is listed as a deliberate difference (DELIBERATE in run.mjs)`);
      }
      const kind = (requests.get(t.fullName) ?? 0) > 0 ? 'server' : 'offline';
      counts[kind][t.status]++;
      if (t.status === 'failed') failures.push(`${rel} › ${t.fullName}${kind === 'offline' ? ' (no request)' : ''}`);
    }
    if (file.assertionResults.length === 0 && file.status === 'failed') {
      counts.server.failed++;
      failures.push(`${rel} (the file did not run: ${String(file.message).split('\n')[0]})`);
    }
    for (const kind of ['server', 'offline']) {
      totals[kind].passed += counts[kind].passed;
      totals[kind].failed += counts[kind].failed;
    }
    const cell = (c) => `${String(c.passed).padStart(4)} passed ${String(c.failed).padStart(3)} failed`;
    lines.push(`  ${rel.padEnd(46)} server: ${cell(counts.server)}   no server: ${cell(counts.offline)}`);
  }
  console.log(`\n${suite}: per file`);
  for (const l of lines.sort()) console.log(l);
  if (deliberate.length) {
    console.log(`\n${suite}: deliberate differences (failing as documented, counted apart)`);
    for (const d of deliberate) console.log(`  ~ ${d}`);
  }
  if (failures.length || stale.length) {
    console.log(`\n${suite}: failed`);
    for (const f of [...failures, ...stale]) console.log(`  ✗ ${f}`);
  }
  const s = totals.server;
  const o = totals.offline;
  const all = s.passed + s.failed + deliberate.length;
  console.log(
    `\n${suite}: server-dependent ${s.passed} of ${all} passed (${deliberate.length} deliberate differences); without a server ${o.passed} of ${o.passed + o.failed}`,
  );
  return { passed: s.passed + o.passed, failed: s.failed + o.failed + stale.length };
}

async function runSuite(args, suite) {
  const work = fs.mkdtempSync(path.join('/tmp', `upstream-${suite}-`));
  let platform = null;
  let gateway = null;
  try {
    const dir = extract(args.source, suite, work);
    platform = await startPlatform({
      server: args.server,
      log: (m) => console.log(m.replace(/^platform/, suite)),
      extraEnv: SUITES[suite].env,
      sqlFiles: SUITES[suite].sql(dir),
      probePath: SUITES[suite].probePath,
    });
    gateway = await startGateway(platform.baseUrl, platform.keys.ANON_KEY);
    pointTestsAt(dir, gateway.url, platform.keys.SERVICE_ROLE_KEY);
    const results = await runJest(dir, suite, args.only, path.join(work, 'results.json'), gateway.url);
    const counts = summarise(suite, dir, results, gateway.requests);
    if (platform.server.exited) {
      console.error(`error: the server exited while the tests ran (${JSON.stringify(platform.server.exited)})\n${platform.server.output()}`);
      counts.failed++;
    }
    return counts;
  } finally {
    gateway?.close();
    await platform?.stop();
    if (args.keep) console.log(`${suite}: kept ${work}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const total = { passed: 0, failed: 0 };
  for (const suite of args.suites) {
    try {
      const counts = await runSuite(args, suite);
      total.passed += counts.passed;
      total.failed += counts.failed;
    } catch (e) {
      console.error(`error: ${suite}: ${e.message}`);
      total.failed++;
    }
  }
  console.log(`${total.passed} passed, ${total.failed} failed`);
  process.exitCode = total.failed > 0 ? 1 : 0;
}

main().catch((e) => {
  console.error(e);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
