// The build's Brotli and gzip copies of its text files (`app.js` → `app.js.br`, `app.js.gz`),
// which the server sends as they are to a client accepting them
// (server/src/http/static_files.rs) instead of compressing the same file on every request.
// Compressed once at the highest levels, they are also smaller than the server's on-the-fly
// compression at its default level.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files worth compressing: text. Images, fonts and video are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this many bytes a copy saves less than its own request headers. */
const MIN_BYTES = 1024;

export interface PrecompressResult {
  /** Files that got copies. */
  files: number;
  /** Their bytes before and as Brotli. */
  bytes: number;
  brotliBytes: number;
}

/** Every compressible file under `dir`, recursively (directories starting with a dot, such
 *  as Vite's `.vite/manifest.json`, are the build's own and skipped). */
async function compressibleFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : compressibleFiles(full);
      return entry.isFile() && COMPRESSIBLE.test(entry.name) ? [full] : [];
    }),
  );
  return nested.flat();
}

/** Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside each compressible file of
 *  at least 1 KiB under `dir`, each only when it is smaller than the file. */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const file of await compressibleFiles(dir)) {
    const data = await fs.readFile(file);
    if (data.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
    if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
    if (br.length < data.length || gz.length < data.length) {
      result.files += 1;
      result.bytes += data.length;
      result.brotliBytes += Math.min(br.length, data.length);
    }
  }
  return result;
}

/** The Vite plugin: compresses the output directory once everything is written, the service
 *  worker (vite-plugin-pwa's own `closeBundle`) included, so it must come after VitePWA. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'havyaka:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const { files, bytes, brotliBytes } = await precompressDir(outDir);
        this.info?.(
          `precompressed ${files} files: ${(bytes / 1024).toFixed(0)} KiB → ${(brotliBytes / 1024).toFixed(0)} KiB as Brotli`,
        );
      },
    },
  };
}
