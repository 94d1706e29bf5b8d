// The official storage client (storage-js through supabase-js) against /storage/v1
// (wire-api.md §5): uploads, downloads, public and signed URLs, list, move, copy, remove,
// exists, info, transformations, the bucket API, errors, and row-level security.

import test from 'node:test';
import assert from 'node:assert/strict';
import { anon, service, asUser, sql, ok, T, ALICE, BOB, BASE_URL } from './helpers.mjs';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
  'base64',
);

const storageOk = (res) => {
  assert.equal(res.error, null, `unexpected storage error: ${JSON.stringify(res.error)}`);
  return res.data;
};

test.before(async () => {
  const admin = service().storage;
  for (const [id, options] of [
    ['conf-docs', { public: false }],
    ['conf-public', { public: true, fileSizeLimit: '1MB', allowedMimeTypes: ['image/png', 'image/jpeg'] }],
  ]) {
    await admin.emptyBucket(id);
    await admin.deleteBucket(id);
    storageOk(await admin.createBucket(id, options));
  }
  sql(`
    drop policy if exists "conformance: own folder insert" on storage.objects;
    drop policy if exists "conformance: own folder select" on storage.objects;
    create policy "conformance: own folder insert" on storage.objects for insert to authenticated
      with check (bucket_id = 'conf-docs' and (storage.foldername(name))[1] = (select auth.uid())::text);
    create policy "conformance: own folder select" on storage.objects for select to authenticated
      using (bucket_id = 'conf-docs' and (storage.foldername(name))[1] = (select auth.uid())::text);
  `);
});

test('storage: a Blob upload (multipart) and an ArrayBuffer upload (raw) read back', T, async () => {
  const docs = service().storage.from('conf-docs');
  const blob = new Blob(['hello from a blob'], { type: 'text/plain' });
  const uploaded = storageOk(await docs.upload('up/blob.txt', blob, { cacheControl: '120' }));
  assert.equal(uploaded.path, 'up/blob.txt');
  assert.equal(uploaded.fullPath, 'conf-docs/up/blob.txt');
  assert.match(uploaded.id, /^[0-9a-f-]{36}$/);
  const raw = storageOk(await docs.upload('up/raw.bin', new Uint8Array([1, 2, 3, 4]).buffer, { contentType: 'application/octet-stream' }));
  assert.equal(raw.path, 'up/raw.bin');

  const text = storageOk(await docs.download('up/blob.txt'));
  assert.equal(await text.text(), 'hello from a blob');
  assert.equal(text.type, 'text/plain');
  const bytes = storageOk(await docs.download('up/raw.bin'));
  assert.deepEqual([...new Uint8Array(await bytes.arrayBuffer())], [1, 2, 3, 4]);
  const info = storageOk(await docs.info('up/blob.txt'));
  assert.equal(info.size, 17);
  assert.equal(info.contentType, 'text/plain');
  assert.equal(info.cacheControl, 'max-age=120');
  assert.equal(info.bucketId, 'conf-docs');
});

test('storage: upload without upsert refuses an existing name; upsert and update replace it', T, async () => {
  const docs = service().storage.from('conf-docs');
  storageOk(await docs.upload('dup/a.txt', new Blob(['one'], { type: 'text/plain' })));
  const again = await docs.upload('dup/a.txt', new Blob(['two'], { type: 'text/plain' }));
  assert.equal(again.error?.statusCode, '409');
  assert.equal(again.error?.message, 'The resource already exists');
  storageOk(await docs.upload('dup/a.txt', new Blob(['two'], { type: 'text/plain' }), { upsert: true }));
  storageOk(await docs.update('dup/a.txt', new Blob(['three'], { type: 'text/plain' })));
  assert.equal(await storageOk(await docs.download('dup/a.txt')).text(), 'three');
});

test('storage: exists tells present from missing', T, async () => {
  const docs = service().storage.from('conf-docs');
  storageOk(await docs.upload('ex/here.txt', new Blob(['x'], { type: 'text/plain' }), { upsert: true }));
  assert.equal((await docs.exists('ex/here.txt')).data, true);
  assert.equal((await docs.exists('ex/gone.txt')).data, false);
});

test('storage: list shows one level with folders, paging, sorting and search', T, async () => {
  const docs = service().storage.from('conf-docs');
  for (const name of ['ls/b.txt', 'ls/a.txt', 'ls/sub/c.txt']) {
    storageOk(await docs.upload(name, new Blob([name], { type: 'text/plain' }), { upsert: true }));
  }
  const all = storageOk(await docs.list('ls'));
  assert.deepEqual(all.map((f) => f.name), ['a.txt', 'b.txt', 'sub']);
  assert.equal(all[2].id, null);
  assert.equal(all[0].metadata.mimetype, 'text/plain');
  const desc = storageOk(await docs.list('ls', { limit: 2, sortBy: { column: 'name', order: 'desc' } }));
  assert.deepEqual(desc.map((f) => f.name), ['sub', 'b.txt']);
  const page = storageOk(await docs.list('ls', { limit: 1, offset: 1 }));
  assert.deepEqual(page.map((f) => f.name), ['b.txt']);
  const found = storageOk(await docs.list('ls', { search: 'a' }));
  assert.deepEqual(found.map((f) => f.name), ['a.txt']);
});

test('storage: move, copy and remove', T, async () => {
  const docs = service().storage.from('conf-docs');
  storageOk(await docs.upload('mv/from.txt', new Blob(['moving'], { type: 'text/plain' }), { upsert: true }));
  await docs.remove(['mv/to.txt', 'mv/copy.txt']);
  assert.equal(storageOk(await docs.move('mv/from.txt', 'mv/to.txt')).message, 'Successfully moved');
  assert.equal((await docs.exists('mv/from.txt')).data, false);
  storageOk(await docs.copy('mv/to.txt', 'mv/copy.txt'));
  assert.equal(await storageOk(await docs.download('mv/copy.txt')).text(), 'moving');
  const removed = storageOk(await docs.remove(['mv/to.txt', 'mv/copy.txt', 'mv/never.txt']));
  assert.deepEqual(removed.map((o) => o.name).sort(), ['mv/copy.txt', 'mv/to.txt']);
  const missing = await docs.move('mv/never.txt', 'mv/x.txt');
  assert.equal(missing.error?.statusCode, '404');
});

test('storage: public URLs serve public buckets without a token', T, async () => {
  const bucket = service().storage.from('conf-public');
  storageOk(await bucket.upload('img/dot.png', new Blob([PNG], { type: 'image/png' }), { upsert: true }));
  const { data } = anon().storage.from('conf-public').getPublicUrl('img/dot.png');
  assert.equal(data.publicUrl, `${BASE_URL}/storage/v1/object/public/conf-public/img/dot.png`);
  const response = await fetch(data.publicUrl);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'image/png');
  assert.deepEqual(Buffer.from(await response.arrayBuffer()), PNG);
  const download = anon().storage.from('conf-public').getPublicUrl('img/dot.png', { download: 'dot file.png' });
  const attachment = await fetch(download.data.publicUrl);
  assert.match(attachment.headers.get('content-disposition'), /^attachment; filename="dot file\.png"/);
});

test('storage: transformed images through getPublicUrl and download', T, async () => {
  const bucket = service().storage.from('conf-public');
  storageOk(await bucket.upload('img/square.png', new Blob([PNG], { type: 'image/png' }), { upsert: true }));
  const { data } = anon().storage.from('conf-public').getPublicUrl('img/square.png', { transform: { width: 4, height: 4 } });
  assert.match(data.publicUrl, /\/render\/image\/public\/conf-public\/img\/square\.png\?width=4&height=4/);
  const response = await fetch(data.publicUrl, { headers: { accept: 'image/webp' } });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'image/webp');
  const blob = storageOk(await bucket.download('img/square.png', { transform: { width: 2, format: 'origin' } }));
  assert.equal(blob.type, 'image/png');
});

test('storage: a bucket refuses types and sizes beyond its limits', T, async () => {
  const bucket = service().storage.from('conf-public');
  const pdf = await bucket.upload('bad/doc.pdf', new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
  assert.equal(pdf.error?.statusCode, '415');
  assert.equal(pdf.error?.message, 'mime type application/pdf is not supported');
  const html = await bucket.upload('bad/x.png', new Blob(['<html><script>alert(1)</script>'], { type: 'image/png' }));
  assert.equal(html.error?.statusCode, '415');
  const big = await bucket.upload('bad/big.png', new Blob([PNG, Buffer.alloc(1024 * 1024)], { type: 'image/png' }));
  assert.equal(big.error?.statusCode, '413');
  assert.equal(big.error?.message, 'The object exceeded the maximum allowed size');
});

test('storage: signed URLs open one object; signed upload URLs take one upload', T, async () => {
  const docs = service().storage.from('conf-docs');
  storageOk(await docs.upload('signed/a b.txt', new Blob(['signed content'], { type: 'text/plain' }), { upsert: true }));
  const { signedUrl } = storageOk(await docs.createSignedUrl('signed/a b.txt', 60));
  assert.match(signedUrl, /\/storage\/v1\/object\/sign\/conf-docs\/signed\/a%20b\.txt\?token=/);
  assert.equal(await (await fetch(signedUrl)).text(), 'signed content');
  const downloadUrl = storageOk(await docs.createSignedUrl('signed/a b.txt', 60, { download: true })).signedUrl;
  assert.match((await fetch(downloadUrl)).headers.get('content-disposition'), /^attachment/);
  const many = storageOk(await docs.createSignedUrls(['signed/a b.txt', 'signed/none.txt'], 60));
  assert.equal(many[0].error, null);
  assert.equal(await (await fetch(many[0].signedUrl)).text(), 'signed content');
  assert.equal(many[1].signedUrl, null);

  await docs.remove(['signed/upload.txt']);
  const upload = storageOk(await docs.createSignedUploadUrl('signed/upload.txt'));
  assert.ok(upload.token);
  const done = storageOk(await anon().storage.from('conf-docs').uploadToSignedUrl('signed/upload.txt', upload.token, new Blob(['via token'], { type: 'text/plain' })));
  assert.equal(done.fullPath, 'conf-docs/signed/upload.txt');
  assert.equal(await storageOk(await docs.download('signed/upload.txt')).text(), 'via token');
});

test('storage: row-level security decides what a user may upload and read', T, async () => {
  const alice = asUser(ALICE).storage.from('conf-docs');
  const bob = asUser(BOB).storage.from('conf-docs');
  await service().storage.from('conf-docs').remove([`${ALICE}/id.txt`]);
  storageOk(await alice.upload(`${ALICE}/id.txt`, new Blob(['alice'], { type: 'text/plain' })));
  const intrusion = await bob.upload(`${ALICE}/bob.txt`, new Blob(['bob'], { type: 'text/plain' }));
  assert.equal(intrusion.error?.statusCode, '403');
  assert.equal(await storageOk(await alice.download(`${ALICE}/id.txt`)).text(), 'alice');
  const hidden = await bob.download(`${ALICE}/id.txt`);
  assert.notEqual(hidden.error, null);
  assert.deepEqual(storageOk(await bob.list(ALICE)), []);
  const anonymous = await anon().storage.from('conf-docs').upload('anon.txt', new Blob(['x'], { type: 'text/plain' }));
  assert.equal(anonymous.error?.statusCode, '403');
});

test('storage: the bucket API for the service role', T, async () => {
  const admin = service().storage;
  await admin.emptyBucket('conf-temp');
  await admin.deleteBucket('conf-temp');
  assert.deepEqual(storageOk(await admin.createBucket('conf-temp', { public: false, fileSizeLimit: 1024 })), { name: 'conf-temp' });
  const bucket = storageOk(await admin.getBucket('conf-temp'));
  assert.equal(bucket.file_size_limit, 1024);
  assert.equal(bucket.public, false);
  assert.ok(storageOk(await admin.listBuckets()).some((b) => b.id === 'conf-temp'));
  storageOk(await admin.updateBucket('conf-temp', { public: true }));
  assert.equal(storageOk(await admin.getBucket('conf-temp')).public, true);
  storageOk(await admin.from('conf-temp').upload('f.txt', new Blob(['x'], { type: 'text/plain' })));
  const notEmpty = await admin.deleteBucket('conf-temp');
  assert.equal(notEmpty.error?.statusCode, '409');
  storageOk(await admin.emptyBucket('conf-temp'));
  storageOk(await admin.deleteBucket('conf-temp'));
  const gone = await admin.getBucket('conf-temp');
  assert.equal(gone.error?.statusCode, '404');
  const refused = await asUser(ALICE).storage.createBucket('conf-mine');
  assert.equal(refused.error?.statusCode, '403');
});

test('storage: every refusal reaches a client that is still sending its body', T, async () => {
  const bucket = service().storage.from('conf-public');
  const anonymous = anon().storage.from('conf-docs');
  for (let i = 0; i < 20; i += 1) {
    const type = await bucket.upload(`refused/${i}.pdf`, new Blob([Buffer.alloc(64 * 1024, 37)], { type: 'application/pdf' }));
    assert.equal(type.error?.statusCode, '415', `attempt ${i}: ${JSON.stringify(type.error)}`);
    const denied = await anonymous.upload(`refused/${i}.bin`, new Uint8Array(64 * 1024), { contentType: 'application/octet-stream' });
    assert.equal(denied.error?.statusCode, '403', `attempt ${i}: ${JSON.stringify(denied.error)}`);
  }
});
