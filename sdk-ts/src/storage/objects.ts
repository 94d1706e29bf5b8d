// The objects of one bucket: upload, update, download, signed URLs, list, move, copy, remove,
// info. Loaded on first use (file.ts).

import { StorageError } from '../lib/errors';
import { errorFrom, readJson, request, settle, type Transport } from '../lib/fetch';
import { downloadParam, objectUrl, transformQuery, withQuery } from './paths';
import type { FileObject, ListOptions, TransformOptions, UploadBody, UploadOptions } from './types';
import { sendUpload } from './upload';

/** `x-metadata`: the JSON, UTF-8, base64. */
const base64Json = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))));

/** Every key of a flat object in camelCase (`content_type` → `contentType`). */
const camel = (o: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(o).map(([k, v]) => [k.replace(/_(\w)/g, (_, c) => c.toUpperCase()), v]),
  );

export class ObjectApi {
  constructor(
    private url: string,
    private transport: Transport,
    private bucket: string,
  ) {}

  private objectUrl(path: string, kind = 'object') {
    return objectUrl(this.url, this.bucket, path, kind);
  }

  private async json<T>(url: string, method = 'GET', json?: unknown): Promise<T> {
    return readJson<T>(await request(this.transport, url, { method, json }, StorageError));
  }

  /** Stores a new object (409 when the path exists, unless `upsert`). */
  upload(path: string, body: UploadBody, options: UploadOptions = {}) {
    return this.store('POST', path, body, options);
  }

  /** Replaces an object's content. */
  update(path: string, body: UploadBody, options: UploadOptions = {}) {
    return this.store('PUT', path, body, options);
  }

  private store(method: string, path: string, body: UploadBody, options: UploadOptions) {
    return settle(async () => {
      const headers = new Headers(await this.transport.headers());
      if (!(body instanceof FormData)) {
        const type =
          body instanceof Blob
            ? body.type || 'application/octet-stream'
            : 'text/plain;charset=UTF-8';
        headers.set('Content-Type', options.contentType ?? type);
        headers.set('Cache-Control', `max-age=${options.cacheControl ?? '3600'}`);
      }
      if (method === 'POST') headers.set('x-upsert', `${options.upsert ?? false}`);
      if (options.metadata) headers.set('x-metadata', base64Json(options.metadata));
      const url = this.objectUrl(path);
      const res = await sendUpload(
        this.transport.fetch,
        url,
        { method, headers, body: body as BodyInit, signal: options.signal },
        options.onUploadProgress,
      );
      const text = await res.text();
      if (!res.ok) throw errorFrom(res, text, StorageError);
      const { Id, Key } = JSON.parse(text) as { Id: string; Key: string };
      return { id: Id, path: Key.slice(this.bucket.length + 1), fullPath: Key };
    });
  }

  /** The object's bytes (rendered when `transform` is given). */
  download(path: string, options: { transform?: TransformOptions } = {}) {
    return settle(async () => {
      const url = options.transform
        ? withQuery(
            this.objectUrl(path, 'render/image/authenticated'),
            transformQuery(options.transform),
          )
        : this.objectUrl(path);
      return (await request(this.transport, url, {}, StorageError)).blob();
    });
  }

  /** A URL anyone may fetch for `expiresIn` seconds. */
  createSignedUrl(
    path: string,
    expiresIn: number,
    options: { download?: boolean | string; transform?: TransformOptions } = {},
  ) {
    return settle(async () => {
      const { signedURL } = await this.json<{ signedURL: string }>(
        this.objectUrl(path, 'object/sign'),
        'POST',
        { expiresIn, transform: options.transform },
      );
      const download = downloadParam(options.download);
      return { signedUrl: `${this.url}${signedURL}${download.length ? `&${download[0]}` : ''}` };
    });
  }

  /** Signed URLs of several objects; a path the caller cannot see gets an error instead. */
  createSignedUrls(
    paths: string[],
    expiresIn: number,
    options: { download?: boolean | string } = {},
  ) {
    return settle(async () => {
      const answers = await this.json<
        { path: string; error: string | null; signedURL: string | null }[]
      >(`${this.url}/object/sign/${this.bucket}`, 'POST', { expiresIn, paths });
      const download = downloadParam(options.download)
        .map((d) => `&${d}`)
        .join('');
      return answers.map(({ path, error, signedURL }) => ({
        path,
        error,
        signedUrl: signedURL ? `${this.url}${signedURL}${download}` : null,
      }));
    });
  }

  /** Removes objects; answers the removed ones (those the caller may not see are skipped). */
  remove(paths: string[]) {
    return settle(() =>
      this.json<FileObject[]>(`${this.url}/object/${this.bucket}`, 'DELETE', { prefixes: paths }),
    );
  }

  /** One level below `prefix`: files, and folders (with null id and metadata). */
  list(prefix = '', options: ListOptions = {}) {
    const body = {
      limit: 100,
      offset: 0,
      sortBy: { column: 'name', order: 'asc' },
      ...options,
      prefix,
    };
    return settle(() =>
      this.json<FileObject[]>(`${this.url}/object/list/${this.bucket}`, 'POST', body),
    );
  }

  move(from: string, to: string, options: { destinationBucket?: string } = {}) {
    return settle(() =>
      this.json<{ message: string }>(
        `${this.url}/object/move`,
        'POST',
        this.moveBody(from, to, options),
      ),
    );
  }

  copy(from: string, to: string, options: { destinationBucket?: string } = {}) {
    return settle(async () => {
      const { Key } = await this.json<{ Key: string }>(
        `${this.url}/object/copy`,
        'POST',
        this.moveBody(from, to, options),
      );
      return { path: Key };
    });
  }

  private moveBody(from: string, to: string, options: { destinationBucket?: string }) {
    return {
      bucketId: this.bucket,
      sourceKey: from,
      destinationKey: to,
      destinationBucket: options.destinationBucket,
    };
  }

  /** Whether the object exists (and the caller may see it). */
  exists(path: string) {
    return settle(async () => {
      try {
        await request(this.transport, this.objectUrl(path), { method: 'HEAD' }, StorageError);
        return true;
      } catch (e) {
        if (e instanceof StorageError && (e.status === 400 || e.status === 404)) return false;
        throw e;
      }
    });
  }

  /** The object's row: size, content type, cache control, ETag, metadata, dates (camelCase). */
  info(path: string) {
    return settle(async () =>
      camel(await this.json<Record<string, unknown>>(this.objectUrl(path, 'object/info'))),
    );
  }
}
