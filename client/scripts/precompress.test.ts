// @vitest-environment node
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

let dir = '';
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'precompress-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const exists = (file: string) =>
  fs.access(path.join(dir, file)).then(
    () => true,
    () => false,
  );

describe('precompressDir', () => {
  it('writes Brotli and gzip copies that decode to the file, nested folders included', async () => {
    const script = 'export const greeting = "namaskara";\n'.repeat(200);
    await fs.mkdir(path.join(dir, 'assets'));
    await fs.writeFile(path.join(dir, 'assets/index-abc.js'), script);
    await fs.writeFile(
      path.join(dir, 'index.html'),
      `<!doctype html>${'<p>hello</p>'.repeat(200)}`,
    );

    const result = await precompressDir(dir);

    expect(result.files).toBe(2);
    const br = await fs.readFile(path.join(dir, 'assets/index-abc.js.br'));
    const gz = await fs.readFile(path.join(dir, 'assets/index-abc.js.gz'));
    expect(zlib.brotliDecompressSync(br).toString()).toBe(script);
    expect(zlib.gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 10);
    expect(await exists('index.html.br')).toBe(true);
    expect(result.brotliBytes).toBeLessThan(result.bytes);
  });

  it('leaves small files, media and the build’s dot folders alone', async () => {
    await fs.writeFile(path.join(dir, 'small.js'), 'console.log(1);');
    await fs.writeFile(path.join(dir, 'photo.jpg'), Buffer.alloc(4096, 1));
    await fs.mkdir(path.join(dir, '.vite'));
    await fs.writeFile(
      path.join(dir, '.vite/manifest.json'),
      JSON.stringify({ a: 'b'.repeat(4096) }),
    );

    const result = await precompressDir(dir);

    expect(result.files).toBe(0);
    expect(await exists('small.js.br')).toBe(false);
    expect(await exists('photo.jpg.br')).toBe(false);
    expect(await exists('.vite/manifest.json.br')).toBe(false);
  });

  it('writes no copy that would be larger than the file', async () => {
    // Random bytes do not compress: each copy would only add its own framing.
    await fs.writeFile(
      path.join(dir, 'noise.txt'),
      Buffer.from(Array.from({ length: 4096 }, () => Math.floor(Math.random() * 256))),
    );

    const result = await precompressDir(dir);

    expect(result.files).toBe(0);
    expect(await exists('noise.txt.br')).toBe(false);
    expect(await exists('noise.txt.gz')).toBe(false);
  });
});
