#!/usr/bin/env node
// Runs the official auth-js test suite (supabase/supabase-js, packages/core/auth-js/test) against
// this server, unchanged, and prints its pass count.
//
//   node conformance/upstream/auth-js.mjs --server target/debug/server [--source DIR] [--only TEXT]
//
// The suite is vendored, unchanged, in vendor/supabase-js/packages/core/auth-js (vendor/README.md
// says which commit) and copied into a temporary directory for each run, so `make test` needs no
// network. --source (or AUTH_JS_SOURCE) reads another supabase-js instead: a checkout or bare git
// directory at the commit named by --commit (default: its HEAD), or `github` for a shallow clone.
// The tools it needs (jest, ts-jest, faker, jsonwebtoken…) come from this folder's package.json,
// pinned to the versions supabase-js uses (`npm ci` here first).
//
// The suite expects the Supabase CLI (test/supabase/config.toml) on 127.0.0.1:54321 and, for
// test/docker-tests, four bare GoTrue servers (infra/docker-compose.yml) on localhost:9996–9999.
// This runner starts one server per configuration, with the settings that match each one (see
// INSTANCES below), on its own embedded PostgreSQL cluster with the platform's schema alone:
//
// * the CLI's: port 54321, the suite's signing key (test/generate-signing-keys.js writes an RSA
//   key; JWT_KEYS loads it, so access tokens are RS256 with its kid and the suite's own RS256 API
//   keys are accepted), its JWT secret, auto-confirmation, anonymous sign-ins, the SMS test OTP
//   1234567890=123456, no reauthentication for password changes, one-second mail intervals;
// * the docker ones behind a small proxy on localhost:PORT that forwards to the server's
//   /auth/v1 (GoTrue serves its API at the root there).
// None of them asks for an API key (AUTH_REQUIRE_API_KEY=false): neither the CLI's gateway nor a
// bare GoTrue does.
//
// Tests of what this server deliberately does not offer are reported apart (not counted as
// failures): SSO/SAML, Web3 wallets, the OAuth-server API and passkeys (WebAuthn). The last line
// is `N passed, N failed` for the rest.

import { spawn, spawnSync, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPlatform } from '../supabase-js/harness.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The vendored upstream code (vendor/README.md says which commit). */
const VENDORED = path.join(HERE, 'vendor', 'supabase-js');
const GITHUB = 'https://github.com/supabase/supabase-js.git';
const CLI_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
const DOCKER_JWT_SECRET = '37c304f8-51aa-419a-a1af-06154e63707a';

/** What the suite's own rules call out of scope for this server (the exclusions). */
const EXCLUDED = [
  { why: 'passkeys (WebAuthn)', file: /passkey|webauthn/i },
  { why: 'Web3 wallets', file: /ethereum/i },
  { why: 'Web3 wallets', title: /Web3|signInWithWeb3|solana|ethereum/i },
  { why: 'SSO/SAML', title: /\bSSO\b|signInWithSSO|SAML/i },
  { why: 'the OAuth-server API', title: /OAuth Admin|oauth\.|OAuth server|authorization_details|approveAuthorization|denyAuthorization/i },
  { why: 'passkeys (WebAuthn)', title: /WebAuthn|passkey/i },
];

function usage(message) {
  if (message) console.error(`error: ${message}`);
  console.error('usage: node conformance/upstream/auth-js.mjs --server <server binary> [--source <supabase-js checkout or git dir, or github>] [--commit <rev>] [--configs cli,docker] [--only <text>] [--keep]');
  console.log('0 passed, 1 failed');
  process.exit(2);
}

function parseArgs(argv) {
  const args = { server: process.env.SERVER_BIN, source: process.env.AUTH_JS_SOURCE, commit: 'HEAD', only: null, keep: false, configs: 'cli,docker' };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = () => inline ?? argv[++i];
    if (flag === '--server') args.server = value();
    else if (flag === '--source') args.source = value();
    else if (flag === '--commit') args.commit = value();
    else if (flag === '--only') args.only = value();
    else if (flag === '--keep') args.keep = true;
    else if (flag === '--configs') args.configs = value();
    else if (flag === '-h' || flag === '--help') usage();
    else usage(`unknown argument ${argv[i]}`);
  }
  if (!args.server) usage('--server is required');
  args.server = path.resolve(args.server);
  if (!fs.existsSync(args.server)) usage(`no server binary at ${args.server}`);
  return args;
}

/** The vendored suite, copied into `dir`: its commit (from vendor/README.md) and its root. */
function copyVendored(dir) {
  const src = path.join(dir, 'supabase-js');
  for (const rel of ['tsconfig.base.json', 'LICENSE', path.join('packages', 'core', 'auth-js')]) {
    fs.cpSync(path.join(VENDORED, rel), path.join(src, rel), { recursive: true });
  }
  const readme = fs.readFileSync(path.join(HERE, 'vendor', 'README.md'), 'utf8');
  const id = readme.match(/commit `([0-9a-f]{40})`/)?.[1] ?? 'vendored';
  return { id, root: path.join(src, 'packages', 'core', 'auth-js') };
}

/** The supabase-js sources at `commit` of a checkout, bare git directory or GitHub, unpacked into `dir`. */
function unpackSuite(source, commit, dir) {
  let gitDir = source;
  if (source === 'github') {
    gitDir = path.join(dir, 'clone');
    console.log(`auth-js: cloning ${GITHUB}`);
    execFileSync('git', ['clone', '--quiet', '--bare', '--filter=blob:none', GITHUB, gitDir], { stdio: 'inherit' });
  }
  if (fs.existsSync(path.join(gitDir, '.git'))) gitDir = path.join(gitDir, '.git');
  const git = (...a) => execFileSync('git', [`--git-dir=${gitDir}`, ...a], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const id = git('rev-parse', `${commit}^{commit}`).trim();
  const tar = spawnSync('git', [`--git-dir=${gitDir}`, 'archive', id, 'packages/core/auth-js', 'tsconfig.base.json'], { maxBuffer: 1 << 30 });
  if (tar.status !== 0) throw new Error(`git archive failed: ${tar.stderr}`);
  const src = path.join(dir, 'supabase-js');
  fs.mkdirSync(src);
  const untar = spawnSync('tar', ['-x', '-C', src], { input: tar.stdout });
  if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr}`);
  return { id, root: path.join(src, 'packages', 'core', 'auth-js') };
}

/** Settings of each configuration the suite expects, as this server's environment. */
function instances(signingKeys) {
  const common = {
    // No per-address limits in the way (GoTrue limits by address only behind RATE_LIMIT_HEADER).
    AUTH_RATE_LIMIT: '100000',
    AUTH_REFRESH_RATE_LIMIT: '100000',
    AUTH_ANONYMOUS_RATE_LIMIT: '100000',
    AUTH_OTP_RATE_LIMIT: '100000',
    MAILER_SEND_INTERVAL: '1',
    SMS_SEND_INTERVAL: '0',
    OTP_REVEAL_UNKNOWN_ACCOUNTS: 'true',
    // Neither the CLI's gateway nor a bare GoTrue asks for an API key.
    AUTH_REQUIRE_API_KEY: 'false',
    LOG_LEVEL: 'warn',
  };
  return {
    cli: {
      port: 54321,
      env: {
        ...common,
        JWT_SECRET: CLI_JWT_SECRET,
        JWT_KEYS: signingKeys,
        SITE_URL: 'http://127.0.0.1:3000',
        API_EXTERNAL_URL: 'http://127.0.0.1:54321',
        ADDITIONAL_REDIRECT_URLS: 'https://127.0.0.1:3000,http://localhost:5173',
        MAILER_AUTOCONFIRM: 'true',
        SMS_AUTOCONFIRM: 'true',
        SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION: 'false',
        EXTERNAL_ANONYMOUS_USERS_ENABLED: 'true',
        // Phone on, but no SMS provider configured (config.toml's Twilio is disabled).
        EXTERNAL_PHONE_ENABLED: 'true',
        SMS_TEST_OTP: '1234567890=123456',
        OTP_REVEAL_UNKNOWN_ACCOUNTS: 'true',
      },
    },
    // infra/docker-compose.yml: gotrue (signup on, autoconfirm off, phone on with Twilio that has no credentials)
    9999: {
      env: {
        ...common,
        JWT_SECRET: DOCKER_JWT_SECRET,
        SITE_URL: 'http://localhost:9999',
        ADDITIONAL_REDIRECT_URLS: 'https://supabase.io/docs',
        MAILER_AUTOCONFIRM: 'false',
        SMS_AUTOCONFIRM: 'false',
        EXTERNAL_PHONE_ENABLED: 'true',
        // Like the compose file's Twilio without credentials: configured, and every send fails.
        SMS_PROVIDER: 'hook',
        SEND_SMS_HOOK_URI: 'http://127.0.0.1:9/unreachable',
        SEND_SMS_HOOK_SECRETS: 'v1,whsec_dGVzdC1zZWNyZXQtb2YtdGhlLWhvb2stMDEyMzQ1Njc4OQ==',
      },
    },
    // autoconfirm (signup on, autoconfirm on, phone on, anonymous sign-ins on)
    9998: {
      env: {
        ...common,
        JWT_SECRET: DOCKER_JWT_SECRET,
        SITE_URL: 'http://localhost:9998',
        MAILER_AUTOCONFIRM: 'true',
        SMS_AUTOCONFIRM: 'true',
        EXTERNAL_PHONE_ENABLED: 'true',
        SMS_PROVIDER: 'log',
        EXTERNAL_ANONYMOUS_USERS_ENABLED: 'true',
      },
    },
    // disabled (signup off, e-mail and phone off)
    9997: {
      env: {
        ...common,
        JWT_SECRET: DOCKER_JWT_SECRET,
        SITE_URL: 'http://localhost:9997',
        DISABLE_SIGNUP: 'true',
        MAILER_AUTOCONFIRM: 'false',
        EXTERNAL_EMAIL_ENABLED: 'false',
        EXTERNAL_PHONE_ENABLED: 'false',
      },
    },
    // autoconfirm_with_asymmetric_keys (RS256 signs; the HS256 key only verifies)
    9996: {
      env: {
        ...common,
        JWT_SECRET: 'Z7-AyPyChGNcQsX16cPBV-pPBo4q-zckDxkq1VZjATo',
        JWT_KEYS: signingKeys,
        SITE_URL: 'http://localhost:9996',
        MAILER_AUTOCONFIRM: 'true',
        SMS_AUTOCONFIRM: 'true',
        EXTERNAL_PHONE_ENABLED: 'true',
        SMS_PROVIDER: 'log',
      },
    },
  };
}

/** localhost:`port` → the server's /auth/v1 (a bare GoTrue serves its API at the root). */
function gotrueProxy(port, target) {
  const servers = [];
  const handler = (req, res) => {
    const headers = { ...req.headers, host: target.host };
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: `/auth/v1${req.url}`, headers },
      (answer) => {
        res.writeHead(answer.statusCode, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (e) => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `proxy: ${e.message}` }));
    });
    req.pipe(upstream);
  };
  const listen = (host) =>
    new Promise((resolve) => {
      const server = http.createServer(handler);
      server.on('error', () => resolve(null));
      server.listen(port, host, () => resolve(server));
    });
  return Promise.all([listen('127.0.0.1'), listen('::1')]).then((list) => {
    for (const s of list) if (s) servers.push(s);
    if (!servers.length) throw new Error(`cannot listen on localhost:${port}`);
    return { close: () => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))) };
  });
}

function runJest(root, config, only, outputFile) {
  const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
  const args = [jest, '--config', config, '--runInBand', '--coverage=false', '--json', `--outputFile=${outputFile}`, '--forceExit'];
  if (only) args.push('--testNamePattern', only);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CI: 'true' } });
    child.on('exit', () => resolve(JSON.parse(fs.readFileSync(outputFile, 'utf8'))));
  });
}

/**
 * Makes ts-jest transpile each file alone (`isolatedModules`) instead of type-checking the
 * whole program for every test file, as run.mjs does: the same JavaScript runs, faster.
 */
function transpileOnly(root) {
  const file = path.join(root, 'tsconfig.test.json');
  const config = JSON.parse(fs.readFileSync(file, 'utf8'));
  config.compilerOptions = { ...config.compilerOptions, isolatedModules: true };
  fs.writeFileSync(file, JSON.stringify(config, null, 2));
}

function excluded(file, title) {
  return EXCLUDED.find((rule) => (rule.file && rule.file.test(file)) || (rule.title && rule.title.test(title)))?.why ?? null;
}

function tally(report, root, totals) {
  for (const suite of report.testResults) {
    const file = path.relative(root, suite.name);
    if (!suite.assertionResults.length && suite.status === 'failed') {
      console.log(`  FILE FAILED ${file}: ${suite.message.split('\n').slice(0, 8).join('\n    ')}`);
      totals.failed++;
      continue;
    }
    for (const test of suite.assertionResults) {
      if (test.status === 'pending' || test.status === 'skipped' || test.status === 'todo') {
        totals.skipped++;
        continue;
      }
      const title = test.fullName;
      const why = excluded(file, title);
      if (why) {
        totals.excluded[why] ??= { passed: 0, failed: 0 };
        totals.excluded[why][test.status === 'passed' ? 'passed' : 'failed']++;
        continue;
      }
      if (test.status === 'passed') totals.passed++;
      else {
        totals.failed++;
        const reason = (test.failureMessages[0] ?? '').split('\n').find((l) => l.trim()) ?? '';
        console.log(`  FAIL ${file} › ${title}\n       ${reason.trim().slice(0, 300)}`);
      }
    }
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const modules = path.join(HERE, 'node_modules');
  if (!fs.existsSync(path.join(modules, 'jest'))) usage(`run \`npm ci\` in ${HERE} first`);
  const work = fs.mkdtempSync('/tmp/authjs-upstream-');
  const platforms = [];
  const proxies = [];
  const totals = { passed: 0, failed: 0, skipped: 0, excluded: {} };
  const cleanup = async () => {
    for (const p of proxies) await p.close().catch(() => undefined);
    for (const p of platforms) await p.stop().catch(() => undefined);
    if (!args.keep) fs.rmSync(work, { recursive: true, force: true });
  };
  process.once('SIGINT', () => cleanup().finally(() => process.exit(130)));
  process.once('exit', () => platforms.forEach((p) => p.killNow()));
  try {
    const { id, root } = args.source ? unpackSuite(args.source, args.commit, work) : copyVendored(work);
    console.log(`auth-js: supabase-js ${id} in ${root}`);
    fs.symlinkSync(modules, path.join(root, 'node_modules'));
    transpileOnly(root);
    execFileSync(process.execPath, ['test/generate-signing-keys.js'], { cwd: root, stdio: 'ignore' });
    const signingKeys = fs.readFileSync(path.join(root, 'test', 'supabase', 'signing_keys.json'), 'utf8');
    const configs = instances(JSON.stringify(JSON.parse(signingKeys)));
    // The servers the chosen configurations need (the docker ones: every port but the CLI's),
    // started side by side.
    const chosen = args.configs.split(',');
    const needed = Object.entries(configs).filter(([name]) =>
      chosen.includes(name === 'cli' ? 'cli' : 'docker'),
    );
    const t0 = Date.now();
    const starts = await Promise.allSettled(
      needed.map(async ([name, config]) => {
        const platform = await startPlatform({
          server: args.server,
          fixture: false,
          port: config.port ?? null,
          extraEnv: config.env,
          log: (m) => console.log(m.replace(/^platform/, `auth-js (${name})`)),
        });
        platforms.push(platform);
        if (name !== 'cli') proxies.push(await gotrueProxy(Number(name), new URL(platform.baseUrl)));
      }),
    );
    const refused = starts.find((s) => s.status === 'rejected');
    if (refused) throw refused.reason;
    console.log(`auth-js: ${needed.length} servers ready in ${Date.now() - t0} ms`);
    // The configurations test different servers: they run side by side, each file in band.
    const jestConfigs = args.configs.split(',').map((c) => `jest.config.${c}.js`);
    console.log(`auth-js: jest --config ${jestConfigs.join(', ')}`);
    const reports = await Promise.all(
      jestConfigs.map((config) => runJest(root, config, args.only, path.join(work, `${config}.json`))),
    );
    for (const report of reports) tally(report, root, totals);
  } catch (e) {
    console.error(`error: ${e.stack ?? e.message}`);
    totals.failed = Math.max(totals.failed, 1);
  } finally {
    await cleanup();
  }
  for (const [why, n] of Object.entries(totals.excluded)) {
    console.log(`out of scope (${why}): ${n.passed} passed, ${n.failed} failed`);
  }
  if (totals.skipped) console.log(`skipped by the suite itself: ${totals.skipped}`);
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  process.exitCode = totals.failed > 0 ? 1 : 0;
}

main();
