// Storage: the URLs, headers and bodies of each call, how answers and errors are read, and
// upload progress through XMLHttpRequest.

import { afterEach, describe, expect, test, vi } from 'vitest';
import { NetworkError, StorageError, createClient } from '../../src';
import { json, stubFetch, type Responder } from './stub';

afterEach(() => vi.unstubAllGlobals());

const BASE = 'http://api.test/storage/v1';

function storage(respond?: Responder) {
  const stub = stubFetch(respond);
  const client = createClient('http://api.test', 'anon-key', {
    global: { fetch: stub.fetch },
    auth: { persistSession: false },
  });
  return { stub, storage: client.storage, files: client.storage.from('avatars') };
}

describe('uploads', () => {
  test('a Blob goes raw with its type, cache control and x-upsert', async () => {
    const { stub, files } = storage(() => json({ Id: 'id-1', Key: 'avatars/u1/a b.png' }));
    const blob = new Blob(['png'], { type: 'image/png' });
    const { data, error } = await files.upload('/u1//a b.png', blob);
    expect(error).toBeNull();
    expect(data).toEqual({ id: 'id-1', path: 'u1/a b.png', fullPath: 'avatars/u1/a b.png' });
    const [req] = stub.calls;
    expect(req.method).toBe('POST');
    expect(req.url.href).toBe(`${BASE}/object/avatars/u1/a%20b.png`);
    expect(req.headers.get('content-type')).toBe('image/png');
    expect(req.headers.get('cache-control')).toBe('max-age=3600');
    expect(req.headers.get('x-upsert')).toBe('false');
    expect(req.headers.get('authorization')).toBe('Bearer anon-key');
    expect(req.body).toBe(blob);
  });

  test('options: upsert, content type, cache control, metadata as base64 JSON', async () => {
    const { stub, files } = storage(() => json({ Id: 'i', Key: 'avatars/x.txt' }));
    await files.upload('x.txt', 'hello', {
      upsert: true,
      contentType: 'text/markdown',
      cacheControl: '60',
      metadata: { owner: 'Rāma' },
    });
    const h = stub.calls[0].headers;
    expect(h.get('x-upsert')).toBe('true');
    expect(h.get('content-type')).toBe('text/markdown');
    expect(h.get('cache-control')).toBe('max-age=60');
    const metadata = new TextDecoder().decode(
      Uint8Array.from(atob(h.get('x-metadata')!), (c) => c.charCodeAt(0)),
    );
    expect(JSON.parse(metadata)).toEqual({ owner: 'Rāma' });
  });

  test('a string defaults to text/plain; FormData keeps its own content type', async () => {
    const { stub, files } = storage(() => json({ Id: 'i', Key: 'avatars/x' }));
    await files.upload('x', 'text');
    const form = new FormData();
    form.append('', new Blob(['x']));
    await files.upload('x', form);
    expect(stub.calls[0].headers.get('content-type')).toBe('text/plain;charset=UTF-8');
    expect(stub.calls[1].headers.get('content-type')).toBeNull();
  });

  test('update is a PUT without x-upsert', async () => {
    const { stub, files } = storage(() => json({ Id: 'i', Key: 'avatars/x' }));
    await files.update('x', 'new');
    expect(stub.calls[0].method).toBe('PUT');
    expect(stub.calls[0].headers.get('x-upsert')).toBeNull();
  });

  test('an error is a StorageError with the code, message and real status', async () => {
    const { files } = storage(() =>
      json(
        {
          statusCode: '409',
          code: 'KeyAlreadyExists',
          error: 'Duplicate',
          message: 'The resource already exists',
        },
        { status: 409 },
      ),
    );
    const { data, error } = await files.upload('x', 'y');
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(StorageError);
    expect(error).toMatchObject({
      code: 'KeyAlreadyExists',
      message: 'The resource already exists',
      status: 409,
    });
  });

  test('fetch uploads report the whole size once done when asked for progress', async () => {
    const { files } = storage(() => json({ Id: 'i', Key: 'avatars/x' }));
    const progress = vi.fn();
    await files.upload('x', new Blob(['12345']), { onUploadProgress: progress });
    expect(progress).toHaveBeenCalledWith({ loaded: 5, total: 5 });
  });
});

describe('upload progress through XMLHttpRequest', () => {
  class FakeXhr {
    static last: FakeXhr;
    upload: { onprogress?: (e: { loaded: number; total: number }) => void } = {};
    headers: Record<string, string> = {};
    method = '';
    url = '';
    status = 0;
    statusText = '';
    responseText = '';
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    body: unknown;
    constructor() {
      FakeXhr.last = this;
    }
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: unknown) {
      this.body = body;
    }
    abort() {
      this.onabort?.();
    }
  }

  test('progress events arrive and the answer is read like fetch', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { stub, files } = storage();
    const progress: unknown[] = [];
    const pending = files.upload('a.png', new Blob(['1234']), {
      onUploadProgress: (p) => progress.push(p),
    });
    await vi.waitFor(() => expect(FakeXhr.last?.method).toBe('POST'));
    const xhr = FakeXhr.last;
    expect(xhr.url).toBe(`${BASE}/object/avatars/a.png`);
    expect(xhr.headers['x-upsert']).toBe('false');
    xhr.upload.onprogress!({ loaded: 2, total: 4 });
    xhr.upload.onprogress!({ loaded: 4, total: 4 });
    Object.assign(xhr, {
      status: 200,
      statusText: 'OK',
      responseText: JSON.stringify({ Id: 'i', Key: 'avatars/a.png' }),
    });
    xhr.onload!();
    expect((await pending).data).toEqual({ id: 'i', path: 'a.png', fullPath: 'avatars/a.png' });
    expect(progress).toEqual([
      { loaded: 2, total: 4 },
      { loaded: 4, total: 4 },
    ]);
    expect(stub.calls).toHaveLength(0);
  });

  test('a network failure is a NetworkError; an abort is ABORTED', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { files } = storage();
    const failing = files.upload('a', 'x', { onUploadProgress: () => undefined });
    await vi.waitFor(() => expect(FakeXhr.last.body).toBe('x'));
    FakeXhr.last.onerror!();
    expect((await failing).error).toBeInstanceOf(NetworkError);
    const controller = new AbortController();
    const aborted = files.upload('a', 'y', {
      onUploadProgress: () => undefined,
      signal: controller.signal,
    });
    await vi.waitFor(() => expect(FakeXhr.last.body).toBe('y'));
    controller.abort();
    expect((await aborted).error).toMatchObject({ code: 'ABORTED' });
  });
});

describe('URLs', () => {
  test('public URLs, with download and transformations', () => {
    const { files } = storage();
    expect(files.getPublicUrl('u1/a b.png').data.publicUrl).toBe(
      `${BASE}/object/public/avatars/u1/a%20b.png`,
    );
    expect(files.getPublicUrl('a.png', { download: true }).data.publicUrl).toBe(
      `${BASE}/object/public/avatars/a.png?download=`,
    );
    expect(
      files.getPublicUrl('a.png', {
        download: 'me.png',
        transform: { width: 100, height: 50, resize: 'cover', quality: 80 },
      }).data.publicUrl,
    ).toBe(
      `${BASE}/render/image/public/avatars/a.png?download=me.png&width=100&height=50&resize=cover&quality=80`,
    );
  });

  test('createSignedUrl posts expiresIn and joins the relative answer to the base', async () => {
    const { stub, files } = storage(() =>
      json({ signedURL: '/object/sign/avatars/a.png?token=t' }),
    );
    const { data } = await files.createSignedUrl('a.png', 60, {
      download: true,
      transform: { width: 10 },
    });
    expect(data?.signedUrl).toBe(`${BASE}/object/sign/avatars/a.png?token=t&download=`);
    expect(stub.calls[0].url.href).toBe(`${BASE}/object/sign/avatars/a.png`);
    expect(JSON.parse(String(stub.calls[0].body))).toEqual({
      expiresIn: 60,
      transform: { width: 10 },
    });
  });

  test('createSignedUrls keeps per-path errors', async () => {
    const { files } = storage(() =>
      json([
        { path: 'a', error: null, signedURL: '/object/sign/avatars/a?token=t' },
        {
          path: 'b',
          error: 'Either the object does not exist or you do not have access to it',
          signedURL: null,
        },
      ]),
    );
    const { data } = await files.createSignedUrls(['a', 'b'], 60);
    expect(data).toEqual([
      { path: 'a', error: null, signedUrl: `${BASE}/object/sign/avatars/a?token=t` },
      {
        path: 'b',
        error: 'Either the object does not exist or you do not have access to it',
        signedUrl: null,
      },
    ]);
  });
});

describe('other object calls', () => {
  test('download returns a Blob; with a transform it reads /render/image/authenticated', async () => {
    const { stub, files } = storage(
      () => new Response('bytes', { headers: { 'Content-Type': 'image/png' } }),
    );
    const { data } = await files.download('a.png');
    expect(await data?.text()).toBe('bytes');
    await files.download('a.png', { transform: { width: 20 } });
    expect(stub.calls[1].url.href).toBe(
      `${BASE}/render/image/authenticated/avatars/a.png?width=20`,
    );
  });

  test('list sends the defaults, the prefix and the options', async () => {
    const { stub, files } = storage(() => json([]));
    await files.list('u1', { limit: 10, search: 'a' });
    expect(stub.calls[0].url.href).toBe(`${BASE}/object/list/avatars`);
    expect(JSON.parse(String(stub.calls[0].body))).toEqual({
      limit: 10,
      offset: 0,
      sortBy: { column: 'name', order: 'asc' },
      search: 'a',
      prefix: 'u1',
    });
  });

  test('remove, move and copy', async () => {
    const { stub, files } = storage((req) =>
      json(req.url.pathname.endsWith('copy') ? { Key: 'avatars/b' } : []),
    );
    await files.remove(['a', 'b']);
    await files.move('a', 'b', { destinationBucket: 'other' });
    expect((await files.copy('a', 'b')).data).toEqual({ path: 'avatars/b' });
    expect(stub.calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'DELETE /storage/v1/object/avatars',
      'POST /storage/v1/object/move',
      'POST /storage/v1/object/copy',
    ]);
    expect(JSON.parse(String(stub.calls[0].body))).toEqual({ prefixes: ['a', 'b'] });
    expect(JSON.parse(String(stub.calls[1].body))).toEqual({
      bucketId: 'avatars',
      sourceKey: 'a',
      destinationKey: 'b',
      destinationBucket: 'other',
    });
  });

  test('exists: true for 2xx, false for 400 and 404, an error otherwise', async () => {
    const statuses = [200, 404, 400, 403];
    const { files, stub } = storage((_req, i) => new Response(null, { status: statuses[i] }));
    expect((await files.exists('a')).data).toBe(true);
    expect((await files.exists('a')).data).toBe(false);
    expect((await files.exists('a')).data).toBe(false);
    expect((await files.exists('a')).error).toMatchObject({ status: 403 });
    expect(stub.calls[0].method).toBe('HEAD');
  });

  test('info camel-cases the keys', async () => {
    const { files } = storage(() =>
      json({ id: 'i', content_type: 'image/png', cache_control: 'max-age=3600', size: 3 }),
    );
    expect((await files.info('a')).data).toEqual({
      id: 'i',
      contentType: 'image/png',
      cacheControl: 'max-age=3600',
      size: 3,
    });
  });
});

describe('buckets', () => {
  test('create, get, list, update, empty and delete', async () => {
    const { stub, storage: s } = storage(() => json({}));
    await s.createBucket('docs', {
      public: false,
      fileSizeLimit: '10MB',
      allowedMimeTypes: ['application/pdf'],
    });
    await s.getBucket('docs');
    await s.listBuckets();
    await s.updateBucket('docs', { public: true });
    await s.emptyBucket('docs');
    await s.deleteBucket('docs');
    expect(stub.calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'POST /storage/v1/bucket',
      'GET /storage/v1/bucket/docs',
      'GET /storage/v1/bucket',
      'PUT /storage/v1/bucket/docs',
      'POST /storage/v1/bucket/docs/empty',
      'DELETE /storage/v1/bucket/docs',
    ]);
    expect(JSON.parse(String(stub.calls[0].body))).toEqual({
      id: 'docs',
      name: 'docs',
      public: false,
      file_size_limit: '10MB',
      allowed_mime_types: ['application/pdf'],
    });
    expect(stub.calls[0].headers.get('content-type')).toBe('application/json');
  });

  test('a bucket error is a StorageError', async () => {
    const { storage: s } = storage(() =>
      json(
        {
          statusCode: '409',
          code: 'ResourceNotEmpty',
          error: 'Bucket not empty',
          message: 'The bucket you tried to delete is not empty',
        },
        { status: 409 },
      ),
    );
    const { error } = await s.deleteBucket('docs');
    expect(error).toBeInstanceOf(StorageError);
    expect(error?.code).toBe('ResourceNotEmpty');
  });
});
