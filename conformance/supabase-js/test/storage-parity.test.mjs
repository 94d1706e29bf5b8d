// Issue 33, items 7-11 (and issue 31, items 11-12): Storage as storage-js's own suite sees
// Supabase Storage: declared types, listV2, bucket limits in Storage's units, Storage's words
// and codes on the wire, its key rules, ETag, info() and X-Transformations; decompression bombs
// refused at upload; nothing but passive media served inline.

import test from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { service, T, sql, BASE_URL, SERVICE_KEY } from './helpers.mjs';

const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAAIAAgBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
  'base64',
);
/** A PNG whose header claims 60000 × 60000 pixels (3.6 billion): a decompression bomb. */
function bombPng() {
  const png = Buffer.from(PNG);
  png.writeUInt32BE(60000, 16);
  png.writeUInt32BE(60000, 20);
  return png;
}

const storageOk = (res) => {
  assert.equal(res.error, null, `unexpected storage error: ${JSON.stringify(res.error)}`);
  return res.data;
};

const BUCKET = 'conf-parity';
const files = () => service().storage.from(BUCKET);

test.before(async () => {
  const admin = service().storage;
  for (const id of [BUCKET, 'conf-parity-png']) {
    await admin.emptyBucket(id);
    await admin.deleteBucket(id);
  }
  storageOk(await admin.createBucket(BUCKET, { public: true }));
  storageOk(await admin.createBucket('conf-parity-png', { public: false, allowedMimeTypes: ['image/png'] }));
});

test('storage-parity: a Buffer is stored and served as declared (text/plain;charset=UTF-8), whatever its bytes', T, async () => {
  storageOk(await files().upload('typed/photo.jpg', JPEG, { upsert: true }));
  const blob = storageOk(await files().download('typed/photo.jpg'));
  assert.equal(blob.type, 'text/plain;charset=utf-8');
  assert.deepEqual(Buffer.from(await blob.arrayBuffer()), JPEG);
  const info = storageOk(await files().info('typed/photo.jpg'));
  assert.equal(info.contentType, 'text/plain;charset=UTF-8');
  const res = await fetch(`${BASE_URL}/storage/v1/object/public/${BUCKET}/typed/photo.jpg`);
  await res.arrayBuffer();
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(res.headers.get('content-disposition'), null, 'plain text is passive: shown inline');
});

test('storage-parity: a bucket judges the declared type; Storage words the refusal', T, async () => {
  const png = service().storage.from('conf-parity-png');
  // A JPEG declared image/png is only mislabelled: accepted, as Supabase does.
  storageOk(await png.upload('mislabelled.png', JPEG, { contentType: 'image/png', upsert: true }));
  const refused = await png.upload('photo.jpg', JPEG, { contentType: 'image/jpeg' });
  assert.equal(refused.error?.statusCode, '415');
  assert.equal(refused.error?.message, 'mime type image/jpeg is not supported');
  const raw = await fetch(`${BASE_URL}/storage/v1/object/conf-parity-png/raw.jpg`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${SERVICE_KEY}`, 'Content-Type': 'image/jpeg' },
    body: JPEG,
  });
  assert.deepEqual(await raw.json(), {
    statusCode: '415',
    code: 'InvalidMimeType',
    error: 'invalid_mime_type',
    message: 'mime type image/jpeg is not supported',
  });
});

test('storage-parity: active content disguised as media is refused; stored markup and PDFs are attachments', T, async () => {
  const html = await files().upload('bad/page.png', Buffer.from('<html><script>alert(1)</script></html>'), { contentType: 'image/png' });
  assert.equal(html.error?.statusCode, '415');
  assert.equal(html.error?.message, 'mime type image/png does not match the content (text/html)');
  const script = await files().upload('bad/script.jpg', Buffer.from('alert(document.cookie)'), { contentType: 'image/jpeg' });
  assert.equal(script.error?.statusCode, '415');
  const svg = await files().upload('bad/logo.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), { contentType: 'image/png' });
  assert.equal(svg.error?.statusCode, '415');
  assert.equal((await files().exists('bad/page.png')).data, false);

  storageOk(await files().upload('docs/logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), { contentType: 'image/svg+xml', upsert: true }));
  storageOk(await files().upload('docs/js.pdf', Buffer.from('%PDF-1.7\n/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'), { contentType: 'application/pdf', upsert: true }));
  for (const [name, file] of [['docs/logo.svg', 'logo.svg'], ['docs/js.pdf', 'js.pdf']]) {
    const res = await fetch(`${BASE_URL}/storage/v1/object/public/${BUCKET}/${name}`);
    await res.arrayBuffer();
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-disposition') ?? '', new RegExp(`^attachment; filename="${file}"`));
    assert.match(res.headers.get('content-security-policy') ?? '', /sandbox/);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  }
});

test('storage-parity: a decompression bomb is refused at upload, before it is stored', T, async () => {
  const bomb = await files().upload('bomb.png', bombPng(), { contentType: 'image/png' });
  assert.equal(bomb.error?.statusCode, '413');
  assert.equal(bomb.error?.message, 'The image exceeded the maximum allowed dimensions (60000x60000 is over 40000000 pixels)');
  assert.equal((await files().exists('bomb.png')).data, false);
  // Its bookkeeping goes at once (in the background): nothing is left to sweep.
  for (let i = 0; i < 50 && sql('select count(*) from storage.pending_uploads') !== '0'; i += 1) {
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(sql('select count(*) from storage.pending_uploads'), '0');
  storageOk(await files().upload('small.png', PNG, { contentType: 'image/png', upsert: true }));
});

test('storage-parity: listV2 lists under a prefix, with folders, sorting and a cursor', T, async () => {
  for (const name of ['v2/b.txt', 'v2/a.txt', 'v2/sub/c.txt', 'v2/sub/d.txt', 'v2x.txt']) {
    storageOk(await files().upload(name, Buffer.from(name), { upsert: true }));
  }
  const flat = storageOk(await files().listV2({ prefix: 'v2/' }));
  assert.equal(flat.hasNext, false);
  assert.deepEqual(flat.folders, []);
  assert.deepEqual(flat.objects.map((o) => o.name), ['v2/a.txt', 'v2/b.txt', 'v2/sub/c.txt', 'v2/sub/d.txt']);
  assert.equal(flat.objects[0].metadata.size, 8);
  const level = storageOk(await files().listV2({ prefix: 'v2/', with_delimiter: true }));
  assert.deepEqual(level.folders, [{ key: 'sub', name: 'v2/sub/' }]);
  assert.deepEqual(level.objects.map((o) => [o.key, o.name]), [['a.txt', 'v2/a.txt'], ['b.txt', 'v2/b.txt']]);
  const top = storageOk(await files().listV2({ prefix: 'v2', with_delimiter: true }));
  assert.deepEqual(top.folders.map((f) => f.name), ['v2/']);

  const seen = [];
  let cursor;
  let pages = 0;
  do {
    const page = storageOk(await files().listV2({ prefix: 'v2/', limit: 3, sortBy: { column: 'name', order: 'desc' }, ...(cursor ? { cursor } : {}) }));
    seen.push(...page.objects.map((o) => o.name));
    cursor = page.nextCursor;
    pages += 1;
    assert.equal(page.hasNext, Boolean(cursor));
  } while (cursor);
  assert.equal(pages, 2);
  assert.deepEqual(seen, ['v2/sub/d.txt', 'v2/sub/c.txt', 'v2/b.txt', 'v2/a.txt']);
  const byTime = storageOk(await files().listV2({ prefix: 'v2/', with_delimiter: true, limit: 1, sortBy: { column: 'created_at', order: 'asc' } }));
  assert.equal(byTime.objects.length + byTime.folders.length, 1);
  assert.equal(byTime.hasNext, true);
  const bad = await files().listV2({ cursor: 'not a cursor' });
  assert.equal(bad.error?.statusCode, '400');
});

test('storage-parity: bucket size limits read in Storage\'s units; the bucket API words its answers as Storage', T, async () => {
  const admin = service().storage;
  await admin.emptyBucket('conf-parity-limit');
  await admin.deleteBucket('conf-parity-limit');
  storageOk(await admin.createBucket('conf-parity-limit', { fileSizeLimit: '20mb' }));
  assert.equal(storageOk(await admin.getBucket('conf-parity-limit')).file_size_limit, 20000000);
  storageOk(await admin.updateBucket('conf-parity-limit', { public: false, fileSizeLimit: '1kb' }));
  assert.equal(storageOk(await admin.getBucket('conf-parity-limit')).file_size_limit, 1000);
  const big = await admin.from('conf-parity-limit').upload('big.bin', Buffer.alloc(1001), { contentType: 'application/octet-stream' });
  assert.equal(big.error?.statusCode, '413');
  assert.equal(big.error?.message, 'The object exceeded the maximum allowed size');
  storageOk(await admin.from('conf-parity-limit').upload('fits.bin', Buffer.alloc(1000), { contentType: 'application/octet-stream' }));
  const invalid = await admin.updateBucket('conf-parity-limit', { public: false, fileSizeLimit: '20 MiB' });
  assert.equal(invalid.error?.message, 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
  assert.deepEqual(storageOk(await admin.emptyBucket('conf-parity-limit')), {
    message: 'Empty bucket has been queued. Completion may take up to an hour.',
  });
  storageOk(await admin.deleteBucket('conf-parity-limit'));
});

test('storage-parity: no credentials at all is refused as Storage words it', T, async () => {
  const res = await fetch(`${BASE_URL}/storage/v1/bucket`);
  assert.equal(res.status, 403);
  assert.deepEqual(await res.json(), { statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: 'Invalid Compact JWS' });
});

test('storage-parity: ETag is the content\'s MD5; info() has Storage\'s fields', T, async () => {
  const body = Buffer.from('etag body');
  storageOk(await files().upload('etag.txt', body, { contentType: 'text/plain', upsert: true }));
  const md5 = `"${createHash('md5').update(body).digest('hex')}"`;
  const res = await fetch(`${BASE_URL}/storage/v1/object/public/${BUCKET}/etag.txt`);
  await res.arrayBuffer();
  assert.equal(res.headers.get('etag'), md5);
  const raw = await fetch(`${BASE_URL}/storage/v1/object/info/${BUCKET}/etag.txt`, { headers: { Authorization: `Bearer ${SERVICE_KEY}` } });
  const info = await raw.json();
  assert.deepEqual(Object.keys(info).sort(), [
    'bucket_id', 'cache_control', 'content_type', 'created_at', 'etag', 'id', 'last_modified', 'metadata', 'name', 'size', 'version',
  ]);
  assert.equal(info.etag, md5);
  assert.equal(info.size, body.length);
  assert.deepEqual(info.metadata, {});
});

test('storage-parity: transformed images carry X-Transformations as Storage names them', T, async () => {
  storageOk(await files().upload('img/dot.png', PNG, { contentType: 'image/png', upsert: true }));
  const signed = storageOk(await files().createSignedUrl('img/dot.png', 60, { transform: { width: 4, height: 4, quality: 60 } }));
  const res = await fetch(signed.signedUrl);
  await res.arrayBuffer();
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('x-transformations'), 'height:4,width:4,resizing_type:fill,quality:60');
  // A JPEG declared as plain text is rendered from what it is, a JPEG.
  const jpeg = storageOk(await files().download('typed/photo.jpg', { transform: { width: 4, height: 4 } }));
  assert.equal(jpeg.type, 'image/jpeg');
});

test('storage-parity: object names follow Storage\'s key rules', T, async () => {
  // (A URL normalises `%2e%2e` and `\` on the client already; the raw requests below reach the
  // server with them.)
  const kannada = await files().upload('ಹವ್ಯಕ.txt', Buffer.from('x'), { contentType: 'text/plain' });
  assert.equal(kannada.error?.statusCode, '400', JSON.stringify(kannada.error));
  const post = (path) =>
    fetch(`${BASE_URL}/storage/v1/object/${BUCKET}/${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${SERVICE_KEY}`, 'Content-Type': 'text/plain' },
      body: 'x',
    });
  const literal = await post('a/%252e%252e/b.png');
  assert.equal(literal.status, 400);
  assert.deepEqual(await literal.json(), {
    statusCode: '400',
    code: 'InvalidKey',
    error: 'Invalid Input',
    message: 'Invalid key: a/%2e%2e/b.png',
  });
  for (const path of ['100%25.txt', 'a%5Cb.txt', 'a%2F%2E%2E%2Fb.txt', 'a%00b.txt']) {
    assert.equal((await (await post(path)).json()).code, 'InvalidKey', path);
  }
  assert.equal(sql(`select count(*) from storage.objects where bucket_id = '${BUCKET}' and name like '%\\%%'`), '0');
  storageOk(await files().upload("ok (1) it's $5=@me;+,?.txt", Buffer.from('x'), { contentType: 'text/plain', upsert: true }));
});

test('storage-parity: the storage bookkeeping tables have row-level security and no API grant', T, async () => {
  assert.equal(
    sql("select string_agg(relname || '=' || relrowsecurity, ',' order by relname) from pg_class where relnamespace = 'storage'::regnamespace and relname in ('pending_uploads', 'orphaned_versions')"),
    'orphaned_versions=true,pending_uploads=true',
  );
  for (const role of ['anon', 'authenticated', 'service_role']) {
    for (const table of ['pending_uploads', 'orphaned_versions']) {
      assert.equal(sql(`select has_table_privilege('${role}', 'storage.${table}', 'select, insert, update, delete')`), 'f');
    }
  }
  // The storage service still keeps its books: an upload and a removal leave none behind.
  storageOk(await files().upload('books.txt', Buffer.from('x'), { contentType: 'text/plain', upsert: true }));
  storageOk(await files().remove(['books.txt']));
  for (let i = 0; i < 50 && sql('select count(*) from storage.orphaned_versions') !== '0'; i += 1) {
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(sql('select count(*) from storage.orphaned_versions'), '0');
});
