// The platform the client suites run against: the real server binary on a private embedded
// PostgreSQL cluster in a temporary DATA_DIR, with the platform's schema alone (empty app folders)
// and the REST fixture schema and seed data loaded as the cluster's superuser. Used by run.mjs (this suite) and by sdk-ts's integration suite.
//
//   const platform = await startPlatform({ server: 'target/debug/server' });
//   ... platform.baseUrl, platform.keys, platform.sql('select 1') ...
//   await platform.stop();

import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '..', '..');
const FIXTURE = path.join(REPO, 'server', 'tests', 'fixtures', 'rest_schema.sql');
const SEED = path.join(HERE, 'seed.sql');
/** Drops the community app's tables, whose names the engine's fixture shares. */
export const JWT_SECRET = 'conformance-suite-secret-0123456789-abcdefghijklmnop';
const STARTUP_TIMEOUT_MS = 60_000;
const SCHEMA_RELOAD_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 30_000;
export const TEST_TIMEOUT_MS = 30_000;
export const SOCKET_PORT = 5432; // the embedded cluster's socket name (cluster.rs SOCKET_PORT)
/** Where e-mailed links may send the browser besides SITE_URL (ADDITIONAL_REDIRECT_URLS). */
export const ALLOWED_REDIRECT_URL = 'http://app.example.test/auth/callback';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Where the cluster's socket lives: the cluster directory, or the short /tmp fallback of cluster.rs. */
function socketDirFor(pgdata) {
  if (path.join(pgdata, `.s.PGSQL.${SOCKET_PORT}`).length <= 107) return pgdata;
  const digest = createHash('sha256').update(pgdata).digest('hex');
  return `/tmp/.pg-${digest.slice(0, 16)}`;
}

function pgBinDir() {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (dir && fs.existsSync(path.join(dir, 'psql'))) return dir;
  } catch {}
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    const versions = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'psql')));
    versions.sort((a, b) => Number(b) - Number(a));
    if (versions.length) return path.join(root, versions[0], 'bin');
  }
  return ''; // rely on PATH
}

export function psqlExe() {
  const bin = pgBinDir();
  return bin ? path.join(bin, 'psql') : 'psql';
}

export function psql(socketDir, args) {
  const exe = psqlExe();
  const result = spawnSync(
    exe,
    ['-X', '-q', '-h', socketDir, '-p', String(SOCKET_PORT), '-U', 'postgres', '-d', 'app', '-v', 'ON_ERROR_STOP=1', ...args],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PGCONNECT_TIMEOUT: '10' }, timeout: 60_000 },
  );
  if (result.error) throw new Error(`cannot run ${exe}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`psql ${args.join(' ')} failed (exit ${result.status}):\n${result.stderr}`);
  return result.stdout;
}

class Server {
  constructor(bin, env) {
    this.bin = bin;
    this.env = env;
    this.stderr = '';
    this.stdout = '';
    this.exited = null;
  }

  start() {
    this.child = spawn(this.bin, [], { env: this.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    this.child.stdout.on('data', (d) => (this.stdout += d));
    this.child.stderr.on('data', (d) => (this.stderr += d));
    this.exitPromise = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => {
        this.exited = { code, signal };
        resolve(this.exited);
      });
      this.child.on('error', (err) => {
        this.exited = { code: null, signal: null, error: err };
        resolve(this.exited);
      });
    });
  }

  output() {
    return `--- server stdout ---\n${this.stdout}\n--- server stderr ---\n${this.stderr}`;
  }

  async waitReady(baseUrl) {
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    let last = 'no answer';
    while (Date.now() < deadline) {
      if (this.exited) throw new Error(`the server exited during start-up (${JSON.stringify(this.exited)})\n${this.output()}`);
      try {
        const res = await fetch(`${baseUrl}/ready`, { signal: AbortSignal.timeout(2000) });
        last = `HTTP ${res.status}`;
        await res.arrayBuffer();
        if (res.status === 200) return;
      } catch (e) {
        last = e.cause?.code ?? e.message;
      }
      await sleep(250);
    }
    throw new Error(`GET /ready did not answer 200 within ${STARTUP_TIMEOUT_MS / 1000} s (last: ${last})\n${this.output()}`);
  }

  /** SIGTERM (the server drains requests and stops its cluster), then the whole group, then SIGKILL. */
  async stop() {
    if (!this.child || this.exited) return;
    const pid = this.child.pid;
    try {
      process.kill(pid, 'SIGTERM');
    } catch {}
    // Unreferenced: a pending deadline must not keep the process alive once the server is gone.
    const timer = (ms) => new Promise((r) => setTimeout(() => r('timeout'), ms).unref());
    if ((await Promise.race([this.exitPromise, timer(STOP_TIMEOUT_MS)])) !== 'timeout') return;
    console.error('warning: the server did not stop after SIGTERM; terminating its process group');
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {}
    if ((await Promise.race([this.exitPromise, timer(5000)])) !== 'timeout') return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {}
    await Promise.race([this.exitPromise, timer(5000)]);
  }

  killNow() {
    if (this.child && !this.exited) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {}
    }
  }
}

/** A PostgreSQL left behind (server killed hard): stop it by its pid file. */
async function stopStrayCluster(pgdata) {
  const pidFile = path.join(pgdata, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  console.error(`warning: PostgreSQL (pid ${pid}) still running in ${pgdata}; stopping it`);
  try {
    process.kill(pid, 'SIGINT');
  } catch {}
  for (let i = 0; i < 150 && alive(); i++) await sleep(100);
  if (alive()) {
    try {
      process.kill(pid, 'SIGQUIT');
    } catch {}
    for (let i = 0; i < 50 && alive(); i++) await sleep(100);
  }
}

function serverKeys(bin, env) {
  const result = spawnSync(bin, ['keys'], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 });
  if (result.status !== 0) throw new Error(`\`server keys\` failed (exit ${result.status}): ${result.stderr}`);
  const keys = {};
  for (const line of result.stdout.split('\n')) {
    const m = line.match(/^(ANON_KEY|SERVICE_ROLE_KEY)=(\S+)$/);
    if (m) keys[m[1]] = m[2];
  }
  if (!keys.ANON_KEY || !keys.SERVICE_ROLE_KEY) throw new Error(`\`server keys\` printed no keys:\n${result.stdout}`);
  return keys;
}

/** Polls the REST API until a fixture table is visible (the schema cache reloaded). */
async function waitForSchema(baseUrl, serviceKey, probePath) {
  const deadline = Date.now() + SCHEMA_RELOAD_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}${probePath}`, {
        headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` },
        signal: AbortSignal.timeout(3000),
      });
      last = `HTTP ${res.status} ${(await res.text()).slice(0, 200)}`;
      if (res.status === 200) return true;
    } catch (e) {
      last = e.cause?.code ?? e.message;
    }
    await sleep(250);
  }
  console.error(`warning: GET ${probePath} did not answer 200 within ${SCHEMA_RELOAD_TIMEOUT_MS / 1000} s (last: ${last}); running the cases anyway`);
  return false;
}

/**
 * Starts the server on a fresh cluster (on `port`, or a free one), loads the fixture schema and
 * seed data (unless `fixture` is false), waits until the schema cache sees them and returns the
 * handle. `stop()` stops the server (and its
 * cluster) and removes the directory; call it on every path. `sql(query)` runs SQL as the
 * superuser (`psql -At`) and returns its output, trimmed. Another suite (conformance/upstream)
 * passes its own `sqlFiles` and the REST path (`probePath`) that answers 200 once they are seen.
 */
export async function startPlatform({
  server: bin,
  log = console.log,
  extraEnv = {},
  port: fixedPort = null,
  fixture = true,
  sqlFiles = [FIXTURE, SEED],
  probePath = '/rest/v1/people?select=id&limit=1',
}) {
  const dataDir = fs.mkdtempSync(path.join('/tmp', 'sbjs-conf-'));
  fs.chmodSync(dataDir, 0o755);
  const pgdata = path.join(dataDir, 'postgres');
  const socketDir = socketDirFor(pgdata);
  const port = fixedPort ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  // The platform alone: empty app folders, so no app migration, policy or bucket is applied.
  const noApp = path.join(dataDir, 'no-app');
  for (const dir of ['migrations', 'functions', 'policies', 'seed'])
    fs.mkdirSync(path.join(noApp, dir), { recursive: true });
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    JWT_SECRET,
    LOG_LEVEL: 'warn',
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    // E-mail links point at the server itself, so a case can follow them with fetch.
    SITE_URL: baseUrl,
    ADDITIONAL_REDIRECT_URLS: ALLOWED_REDIRECT_URL,
    // CORS answers SITE_URL's origin only by default; the CORS cases play a web app elsewhere.
    CORS_ALLOWED_ORIGINS: `${baseUrl},http://app.example.com`,
    // Every case signs up and in from 127.0.0.1: far above what the suite sends in one window.
    AUTH_RATE_LIMIT: '100000',
    // Likewise the REST budget and the anonymous write limits (per address).
    REST_RATE_LIMIT: '0',
    ANON_WRITE_RATE_LIMIT: '0',
    // Aggregate functions are off by default; the columns cases use them.
    DB_AGGREGATES_ENABLED: 'true',
    // No demo content: the suite brings its own fixture.
    DEMO: '0',
    MIGRATIONS_DIR: path.join(noApp, 'migrations'),
    FUNCTIONS_DIR: path.join(noApp, 'functions'),
    POLICIES_DIR: path.join(noApp, 'policies'),
    SEED_DIR: path.join(noApp, 'seed'),
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.AUTHENTICATOR_PASSWORD;

  const server = new Server(bin, env);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await server.stop();
    await stopStrayCluster(pgdata);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (socketDir !== pgdata) fs.rmSync(socketDir, { recursive: true, force: true });
  };
  try {
    log(`platform: starting ${bin} on ${baseUrl} with DATA_DIR=${dataDir}`);
    server.start();
    await server.waitReady(baseUrl);
    const keys = serverKeys(bin, env);
    if (fixture) {
      log('platform: server ready; loading the fixture schema and seed data');
      for (const file of sqlFiles) psql(socketDir, ['-f', file]);
      psql(socketDir, ['-c', "NOTIFY pgrst, 'reload schema'"]);
      await waitForSchema(baseUrl, keys.SERVICE_ROLE_KEY, probePath);
    }
    return {
      baseUrl,
      keys,
      socketDir,
      server,
      stop,
      killNow: () => server.killNow(),
      sql: (query) => psql(socketDir, ['-At', '-c', query]).trim(),
    };
  } catch (e) {
    await stop().catch(() => undefined);
    throw e;
  }
}
