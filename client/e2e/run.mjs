#!/usr/bin/env node
// Browser tests: Debian's Chromium (playwright-core, never downloaded) against the real server
// binary serving the built client. The journeys are the files in journeys/; each file runs on
// its own platform, a copy of one demo community made at the start, so no file depends on
// another, and files run side by side (one browser, a context per test). Screenshots of the
// key pages go to client/artifacts/screenshots (git-ignored). Ends with `N passed, N failed`.
//
//   node e2e/run.mjs --server ../target/debug/server [--only TEXT] [--jobs N] [--list] [JOURNEY …]
//
// JOURNEY names files of journeys/ (`public-site` or `journeys/public-site.mjs`); --only keeps
// the tests whose name contains TEXT; --jobs is how many files run at once (default 2);
// --list prints the tests instead of running them. See README.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { harness } from './harness.mjs';
import { makeTemplate, startPlatform } from './platform.mjs';

const JOURNEYS = path.join(import.meta.dirname, 'journeys');
const SHOTS = path.resolve(import.meta.dirname, '..', 'artifacts', 'screenshots');

const args = process.argv.slice(2);
const flags = new Map();
const named = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--list') flags.set('--list', true);
  else if (args[i].startsWith('--')) flags.set(args[i], args[++i]);
  else named.push(args[i]);
}
const server = flags.get('--server') ?? process.env.SERVER_BIN;
const only = flags.get('--only');
const jobs = Math.max(1, Number(flags.get('--jobs') ?? Math.min(2, os.availableParallelism())));

/** The journey files asked for (all by default), each with its tests (filtered by --only). */
async function loadJourneys() {
  const files = fs
    .readdirSync(JOURNEYS)
    .filter((f) => f.endsWith('.mjs'))
    .sort();
  const wanted = named.map((n) => path.basename(n, '.mjs'));
  const unknown = wanted.filter((w) => !files.includes(`${w}.mjs`));
  if (unknown.length) throw new Error(`no journey file ${unknown.join(', ')} in e2e/journeys`);
  const journeys = [];
  for (const file of files) {
    const name = path.basename(file, '.mjs');
    if (wanted.length && !wanted.includes(name)) continue;
    const tests = [];
    const { default: register, services } = await import(path.join(JOURNEYS, file));
    register((title, fn) => tests.push({ title, fn }));
    const kept = tests.filter((t) => !only || t.title.includes(only));
    if (kept.length) journeys.push({ name, tests: kept, services });
  }
  return journeys;
}

let journeys;
try {
  journeys = await loadJourneys();
} catch (error) {
  console.error(String(error?.message ?? error));
  console.log('0 passed, 1 failed');
  process.exit(2);
}
if (flags.get('--list')) {
  for (const j of journeys) for (const t of j.tests) console.log(`${j.name}: ${t.title}`);
  process.exit(0);
}
if (!server) {
  console.error('usage: node e2e/run.mjs --server PATH_TO_SERVER_BINARY [--only TEXT] [JOURNEY …]');
  console.log('0 passed, 1 failed');
  process.exit(2);
}
if (journeys.length === 0) {
  console.error(`no test matches${only ? ` --only ${JSON.stringify(only)}` : ''}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

fs.mkdirSync(SHOTS, { recursive: true });
let passed = 0;
let failed = 0;
const flaky = [];
const report = (ok, journey, title, detail) => {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'}  ${journey}: ${title}${detail}`);
};
const failure = (error) =>
  `\n      ${String(error?.stack ?? error)
    .split('\n')
    .slice(0, 6)
    .join('\n      ')}`;

/** One journey file on its own platform: its tests in order, one after the other. */
async function runJourney(journey, browser, template) {
  const started = Date.now();
  let platform;
  // What the file runs beside its server (its `services` export): settings, helpers, close().
  let services = {};
  try {
    services = (await journey.services?.()) ?? {};
    platform = await startPlatform({ server, template, log: () => undefined, env: services.env });
  } catch (error) {
    await services.close?.();
    for (const t of journey.tests) report(false, journey.name, t.title, failure(error));
    return;
  }
  const helpers = { ...harness({ browser, platform, shots: SHOTS }), ...services.helpers };
  try {
    for (const t of journey.tests) {
      const t0 = Date.now();
      try {
        await t.fn(helpers);
        report(true, journey.name, t.title, ` (${Date.now() - t0} ms)`);
      } catch (error) {
        // Once more, as Playwright's CI retries do: a test that passes the second time is
        // counted passed but named FLAKY with its first failure (and again in the run's last
        // lines), so it is mended rather than forgotten; one that fails twice fails.
        try {
          await t.fn(helpers);
          flaky.push(`${journey.name}: ${t.title}`);
          report(true, journey.name, t.title, ` (FLAKY: passed the second time)${failure(error)}`);
        } catch (again) {
          report(
            false,
            journey.name,
            t.title,
            `${failure(error)}\n      and again:${failure(again)}`,
          );
        }
      }
    }
  } finally {
    await platform.stop();
    await services.close?.();
    console.log(
      `      ${journey.name}: ${journey.tests.length} tests in ${Date.now() - started} ms`,
    );
  }
}

const t0 = Date.now();
let template;
let browser;
try {
  template = await makeTemplate({ server, log: () => undefined });
  console.log(`demo community ready to copy (${Date.now() - t0} ms)`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  // The files with the most tests first, so the last to finish are short ones.
  const queue = [...journeys].sort((a, b) => b.tests.length - a.tests.length);
  await Promise.all(
    Array.from({ length: Math.min(jobs, queue.length) }, async () => {
      for (let j = queue.shift(); j; j = queue.shift()) await runJourney(j, browser, template.dir);
    }),
  );
} catch (error) {
  console.log(`FAIL  the run could not start${failure(error)}`);
  failed = Math.max(failed, 1);
} finally {
  await browser?.close();
  template?.remove();
}
console.log(`screenshots: ${SHOTS}`);
console.log(`${jobs} at a time, ${Math.round((Date.now() - t0) / 1000)} s in all`);
for (const name of flaky) console.log(`FLAKY ${name}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
