// The real platform for the browser tests: the server binary on its own DATA_DIR (private
// embedded PostgreSQL, demo content on), serving the built client (client/dist). The same
// approach as conformance/supabase-js/harness.mjs, without its REST fixture.
//
// A fresh data directory starts with the demo community, which takes a while (the demo
// accounts' passwords are hashed, its files generated). The browser tests build it once
// (`makeTemplate`), stop that server cleanly, and give every journey file a copy of the
// stopped directory (`startPlatform({ template })`): its own database, ready in seconds.
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

const CLIENT_DIST = path.resolve(import.meta.dirname, '..', 'dist');
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

/** psql of the installed PostgreSQL (the server's embedded cluster uses the same programs). */
function psqlPath() {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (fs.existsSync(path.join(dir, 'psql'))) return path.join(dir, 'psql');
  } catch {
    // no pg_config
  }
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))
    : [];
  const found = versions
    .map((v) => path.join(root, v, 'bin', 'psql'))
    .find((p) => fs.existsSync(p));
  return found ?? 'psql';
}

/** Runs SQL as the embedded cluster's superuser (`psql -At`); the output, trimmed. `query`
 *  is a command, or `{ file, vars }` for a script file with psql variables (`-v name=value`). */
function sqlOn(dataDir, query) {
  const command =
    typeof query === 'string'
      ? ['-c', query]
      : [
          ...Object.entries(query.vars ?? {}).flatMap(([k, v]) => ['-v', `${k}=${v}`]),
          '-f',
          query.file,
        ];
  const result = spawnSync(
    psqlPath(),
    [
      '-X',
      '-q',
      '-At',
      '-v',
      'ON_ERROR_STOP=1',
      '-h',
      path.join(dataDir, 'postgres'),
      '-p',
      '5432',
      '-U',
      'postgres',
      '-d',
      'app',
      ...command,
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  if (result.status !== 0) throw new Error(`psql failed on ${command.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

function newDataDir() {
  const dataDir = fs.mkdtempSync('/tmp/havyaka-e2e-');
  fs.chmodSync(dataDir, 0o755);
  return dataDir;
}

/**
 * Starts the server on a new data directory: a copy of `template` (a stopped one, see
 * makeTemplate) or an empty one (the demo community is added at the first start), with `env`
 * added to its settings. `stop()` stops it and removes the directory unless `keep` is set.
 */
export async function startPlatform({
  server,
  template,
  keep = false,
  log = console.log,
  env: extraEnv = {},
}) {
  if (!fs.existsSync(path.join(CLIENT_DIST, 'index.html')))
    throw new Error('client/dist is not built');
  const dataDir = newDataDir();
  if (template) {
    // A stopped cluster is plain files: a copy is an independent database (cp -a keeps the
    // owner, which as root is the postgres account).
    fs.rmdirSync(dataDir);
    await promisify(execFile)('cp', ['-a', template, dataDir]);
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    CLIENT_DIR: CLIENT_DIST,
    SITE_URL: baseUrl,
    DEMO: '1',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '100000',
    // Every browser test writes and reads from 127.0.0.1: no per-address budgets.
    REST_RATE_LIMIT: '0',
    ANON_WRITE_RATE_LIMIT: '0',
    // A journey file's own settings (its `services`, see run.mjs).
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.AUTHENTICATOR_PASSWORD;
  delete env.JWT_SECRET;
  let output = '';
  const child = spawn(server, ['serve'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  let exited = null;
  const exit = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve((exited = { code, signal }))),
  );

  const stop = async () => {
    if (!exited) {
      try {
        process.kill(child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timeout = sleep(30_000).then(() => 'timeout');
      if ((await Promise.race([exit, timeout])) === 'timeout') {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  log(`platform: ${server} on ${baseUrl}, DATA_DIR=${dataDir}`);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited)
      throw new Error(`the server exited during start-up ${JSON.stringify(exited)}\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/ready`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not become ready\n${output}`);
    }
    await sleep(100);
  }
  // Demo content is written at start-up; wait until the events are readable.
  const { anonKey } = await (await fetch(`${baseUrl}/api/client-config`)).json();
  for (let i = 0; i < 600; i++) {
    const res = await fetch(`${baseUrl}/rest/v1/events?select=id&limit=1`, {
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
    });
    const rows = res.ok ? await res.json() : [];
    if (rows.length) break;
    await sleep(100);
  }
  const sql = (query) => sqlOn(dataDir, query);
  // A test server: staff are not made to use a second factor, except in the journeys that
  // test it (sign-in-codes.mjs turns it on and off again). A real deployment keeps the default.
  sql(`update app.security_policy set second_factor_types = '{}'`);
  return { baseUrl, anonKey, dataDir, stop, sql, output: () => output };
}

/** A stopped data directory holding the demo community, to copy for each journey file. */
export async function makeTemplate({ server, log = console.log }) {
  const platform = await startPlatform({ server, keep: true, log });
  await platform.stop();
  return {
    dir: platform.dataDir,
    remove: () => fs.rmSync(platform.dataDir, { recursive: true, force: true }),
  };
}
