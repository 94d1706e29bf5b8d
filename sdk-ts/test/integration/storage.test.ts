// Files against the real storage service, as the service role, each case on this SDK and on
// supabase-js: buckets made through the bucket API, uploads, downloads, listings, URLs anyone
// can fetch, moves, copies and removals, and the errors.

/* eslint-disable @typescript-eslint/no-explicit-any -- one scenario runs on two clients' types */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { StorageError } from '../../src';
import { failure, parity, sdk } from './helpers';

const service = { service: true };
const PRIVATE = `docs-${randomUUID().slice(0, 8)}`;
const PUBLIC = `pics-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  const storage = sdk(service).storage;
  expect(
    (await storage.createBucket(PRIVATE, { public: false, fileSizeLimit: '1MB' })).error,
  ).toBeNull();
  expect(
    (await storage.createBucket(PUBLIC, { public: true, allowedMimeTypes: ['text/*', 'image/*'] }))
      .error,
  ).toBeNull();
});

/** A folder of its own for each run of a case. */
const folder = () => `run-${randomUUID().slice(0, 8)}`;
/** Paths without the run's folder, so the two runs compare equal. */
const strip = (text: string | undefined | null, dir: string) => text?.replace(dir, 'DIR');

describe('buckets', () => {
  parity(
    'read, list and update a bucket',
    async (c) => {
      const got = await c.storage.getBucket(PRIVATE);
      const listed = await c.storage.listBuckets();
      const updated = await c.storage.updateBucket(PRIVATE, { public: false, fileSizeLimit: 2048 });
      const after = await c.storage.getBucket(PRIVATE);
      await c.storage.updateBucket(PRIVATE, { public: false, fileSizeLimit: '1MB' });
      return {
        got: { error: got.error, public: got.data?.public, limit: got.data?.file_size_limit },
        listed: listed.data?.some((b: any) => b.id === PUBLIC),
        updated: updated.error,
        limit: after.data?.file_size_limit,
      };
    },
    (o) =>
      expect(o).toEqual({
        // '1MB' is 1,000,000 bytes, as Supabase Storage counts (decimal units).
        got: { error: null, public: false, limit: 1000000 },
        listed: true,
        updated: null,
        limit: 2048,
      }),
    service,
  );

  parity(
    'an unknown bucket and a bucket that is not empty',
    async (c) => {
      const dir = folder();
      await c.storage.from(PUBLIC).upload(`${dir}/keep.txt`, 'keep', { contentType: 'text/plain' });
      const missing = failure((await c.storage.getBucket('no-such-bucket')).error);
      const full = failure((await c.storage.deleteBucket(PUBLIC)).error);
      await c.storage.from(PUBLIC).remove([`${dir}/keep.txt`]);
      return { missing, full };
    },
    (o) =>
      expect(o).toEqual({
        missing: { message: 'Bucket not found', status: 404 },
        full: { message: 'The bucket you tried to delete is not empty', status: 409 },
      }),
    service,
  );
});

describe('objects', () => {
  parity(
    'upload, download, info, list, sign, move, copy and remove',
    async (c) => {
      const dir = folder();
      const files = c.storage.from(PRIVATE);
      const up = await files.upload(
        `${dir}/notes/a b.txt`,
        new Blob(['namaskara'], { type: 'text/plain' }),
      );
      const dup = failure(
        (await files.upload(`${dir}/notes/a b.txt`, 'again', { contentType: 'text/plain' })).error,
      );
      const replaced = await files.upload(`${dir}/notes/a b.txt`, 'namaskara!', {
        contentType: 'text/plain',
        upsert: true,
      });
      const down = await files.download(`${dir}/notes/a b.txt`);
      const info = await files.info(`${dir}/notes/a b.txt`);
      await files.upload(`${dir}/z.txt`, 'z', { contentType: 'text/plain' });
      const listed = await files.list(dir, { sortBy: { column: 'name', order: 'desc' } });
      // (supabase-js re-encodes the server's already encoded signed path: no space here.)
      const signed = await files.createSignedUrl(`${dir}/z.txt`, 60);
      const fetched = await fetch(signed.data!.signedUrl);
      const many = await files.createSignedUrls([`${dir}/z.txt`, `${dir}/missing.txt`], 60);
      const moved = await files.move(`${dir}/z.txt`, `${dir}/y.txt`);
      const copied = await files.copy(`${dir}/y.txt`, `${dir}/x.txt`);
      const removed = await files.remove([`${dir}/y.txt`, `${dir}/x.txt`, `${dir}/notes/a b.txt`]);
      const gone = failure((await files.download(`${dir}/y.txt`)).error);
      return {
        upload: {
          error: up.error,
          path: strip(up.data?.path, dir),
          fullPath: strip(up.data?.fullPath, dir),
        },
        duplicate: dup,
        replaced: replaced.error,
        download: { text: await down.data?.text(), type: down.data?.type },
        info: {
          size: info.data?.size,
          contentType: info.data?.contentType,
          cacheControl: info.data?.cacheControl,
        },
        listed: listed.data?.map((f: any) => [f.name, f.id === null]),
        signed: { status: fetched.status, text: await fetched.text() },
        many: many.data?.map((s: any) => [strip(s.path, dir), s.error, typeof s.signedUrl]),
        moved: moved.data,
        copied: strip(copied.data?.path, dir),
        removed: removed.data?.map((f: any) => strip(f.name, dir)).sort(),
        gone,
      };
    },
    (o) =>
      expect(o).toEqual({
        upload: {
          error: null,
          path: 'DIR/notes/a b.txt',
          fullPath: `${PRIVATE}/DIR/notes/a b.txt`,
        },
        duplicate: { message: 'The resource already exists', status: 409 },
        replaced: null,
        download: { text: 'namaskara!', type: 'text/plain' },
        info: { size: 10, contentType: 'text/plain', cacheControl: 'max-age=3600' },
        listed: [
          ['z.txt', false],
          ['notes', true],
        ],
        signed: { status: 200, text: 'z' },
        many: [
          ['DIR/z.txt', null, 'string'],
          [
            'DIR/missing.txt',
            'Either the object does not exist or you do not have access to it',
            'object',
          ],
        ],
        moved: { message: 'Successfully moved' },
        copied: `${PRIVATE}/DIR/x.txt`,
        removed: ['DIR/notes/a b.txt', 'DIR/x.txt', 'DIR/y.txt'],
        gone: { message: 'Object not found', status: 404 },
      }),
    service,
  );

  parity(
    'a public URL anyone can fetch; a private object refuses the anon key',
    async (c) => {
      const dir = folder();
      await c.storage
        .from(PUBLIC)
        .upload(`${dir}/hello.txt`, 'hello', { contentType: 'text/plain' });
      const { publicUrl } = c.storage
        .from(PUBLIC)
        .getPublicUrl(`${dir}/hello.txt`, { download: true }).data;
      const res = await fetch(publicUrl);
      const privateUrl = c.storage.from(PRIVATE).getPublicUrl(`${dir}/hello.txt`).data.publicUrl;
      const refused = await fetch(privateUrl);
      await c.storage.from(PUBLIC).remove([`${dir}/hello.txt`]);
      return {
        url: strip(publicUrl, dir),
        status: res.status,
        disposition: res.headers.get('content-disposition'),
        text: await res.text(),
        privateStatus: refused.status,
      };
    },
    (o) =>
      expect(o).toMatchObject({
        status: 200,
        disposition: expect.stringContaining('attachment'),
        text: 'hello',
        privateStatus: expect.any(Number),
      }),
    service,
  );

  parity(
    'a type the bucket does not allow is refused',
    async (c) =>
      failure(
        (
          await c.storage
            .from(PUBLIC)
            .upload(`${folder()}/x.pdf`, '%PDF-1.4', { contentType: 'application/pdf' })
        ).error,
      ),
    (o) => expect(o).toMatchObject({ status: 415 }),
    service,
  );
});

test('a signed URL of a name with spaces and punctuation works', async () => {
  const files = sdk(service).storage.from(PRIVATE);
  const path = `${folder()}/Havyaka notes (2026) & more.txt`;
  const uploaded = await files.upload(path, 'ok', { contentType: 'text/plain' });
  expect(uploaded.error).toBeNull();
  const { data } = await files.createSignedUrl(path, 60, { download: 'copy.txt' });
  const res = await fetch(data!.signedUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toContain('copy.txt');
  expect(await res.text()).toBe('ok');
  await files.remove([path]);
});

test('a name with non-ASCII letters is refused, as Supabase Storage refuses it', async () => {
  const files = sdk(service).storage.from(PRIVATE);
  const { data, error } = await files.upload(`${folder()}/ಹವ್ಯಕ notes.txt`, 'ok', {
    contentType: 'text/plain',
  });
  expect(data).toBeNull();
  expect(error?.message).toContain('Invalid key');
});

test('errors are StorageError instances with the code', async () => {
  const { error } = await sdk(service).storage.from(PRIVATE).download('no/such/file.txt');
  expect(error).toBeInstanceOf(StorageError);
  expect(error).toMatchObject({ code: 'NoSuchKey', status: 404, message: 'Object not found' });
});

test('exists: true for an object, false for a missing one', async () => {
  const files = sdk(service).storage.from(PRIVATE);
  const path = `${folder()}/e.txt`;
  await files.upload(path, 'e', { contentType: 'text/plain' });
  expect(await files.exists(path)).toEqual({ data: true, error: null });
  expect(await files.exists(`${path}.missing`)).toEqual({ data: false, error: null });
  await files.remove([path]);
});

test('uploads report their progress', async () => {
  const files = sdk(service).storage.from(PRIVATE);
  const progress: { loaded: number; total: number }[] = [];
  const path = `${folder()}/p.txt`;
  const { error } = await files.upload(path, new Blob(['0123456789']), {
    onUploadProgress: (p) => progress.push(p),
  });
  expect(error).toBeNull();
  expect(progress.at(-1)).toEqual({ loaded: 10, total: 10 });
  await files.remove([path]);
});
