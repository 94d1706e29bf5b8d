#!/usr/bin/env node
// The package as a user gets it: `npm pack` (which builds dist/ first), installed from the
// tarball into a fresh Node project, then imported by Node, type-checked by TypeScript under
// `nodenext` (declarations included, skipLibCheck off), and its bundle checked for imports a
// browser could not load. Prints one line per check; exits 1 when one fails.
//
//   node scripts/pack-test.mjs

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sdk-pack-'));
let failed = 0;
const check = (name, fn) => {
  try {
    fn();
    console.log(`ok - ${name}`);
  } catch (e) {
    failed += 1;
    console.log(
      `not ok - ${name}\n  ${String(e.stderr || e.stdout || e.message)
        .trim()
        .replaceAll('\n', '\n  ')}`,
    );
  }
};
const run = (cmd, args, cwd) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

try {
  let tarball = '';
  check('npm pack builds and packs the SDK', () => {
    // prepack (the build) prints before npm's JSON answer.
    const printed = run('npm', ['pack', '--json', '--pack-destination', work], root);
    const out = JSON.parse(printed.slice(printed.search(/^\[/m)));
    tarball = path.join(work, out[0].filename);
    const files = out[0].files.map((f) => f.path);
    for (const needed of ['dist/index.js', 'dist/src/index.d.ts', 'dist/types/database.d.ts']) {
      if (!files.includes(needed))
        throw new Error(`${needed} is not in the package: ${files.join(', ')}`);
    }
  });

  const app = path.join(work, 'app');
  fs.mkdirSync(app);
  fs.writeFileSync(
    path.join(app, 'package.json'),
    JSON.stringify({ name: 'fresh-app', private: true, type: 'module' }),
  );
  check('the tarball installs in a fresh Node project', () => {
    run('npm', ['install', '--no-audit', '--no-fund', '--offline', tarball], app);
  });

  check('Node imports it and makes a client', () => {
    const script = `
      import { createClient, VERSION, SdkError } from '@havyaka/sdk';
      const client = createClient('http://127.0.0.1:9', 'anon-key');
      if (typeof client.from !== 'function' || typeof client.auth !== 'object') throw new Error('no client');
      if (typeof VERSION !== 'string' || typeof SdkError !== 'function') throw new Error('exports missing');
      console.log(VERSION);`;
    run(process.execPath, ['--input-type=module', '-e', script], app);
  });

  check('TypeScript (nodenext) type-checks a use of it, declarations included', () => {
    fs.writeFileSync(
      path.join(app, 'use.ts'),
      `import { createClient, type SdkClient } from '@havyaka/sdk';
import type { Database } from '@havyaka/sdk/database';
const client: SdkClient<Database> = createClient<Database>('http://127.0.0.1:9', 'anon-key');
export const query = client.from('events').select('id, title').eq('id', 'x');
`,
    );
    fs.writeFileSync(
      path.join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          noEmit: true,
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2022', 'dom', 'dom.iterable'],
          types: [],
          skipLibCheck: false,
        },
        files: ['use.ts'],
      }),
    );
    run(path.join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], app);
  });

  check('the bundle imports nothing a browser cannot load', () => {
    const code = fs.readFileSync(path.join(app, 'node_modules/@havyaka/sdk/dist/index.js'), 'utf8');
    const bare = code.match(/(?:^|\n)\s*import\s[^;]*?from\s*['"][^./][^'"]*['"]/g);
    if (bare) throw new Error(`bare imports: ${bare.join(' ')}`);
  });
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(
  failed ? `${failed} checks failed` : 'npm pack: the package installs, imports and type-checks',
);
process.exit(failed ? 1 : 0);
