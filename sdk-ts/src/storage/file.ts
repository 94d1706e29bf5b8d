// The objects of one bucket: public URLs at once (no request, no code to load), and the object
// API (upload, update, download, signed URLs, list, move, copy, remove, exists, info), whose
// code loads on first use (objects.ts).

import { lazyApi, onDemand, type Public } from '../lib/lazy';
import type { Transport } from '../lib/fetch';
import type { ObjectApi } from './objects';
import { downloadParam, objectUrl, transformQuery, withQuery } from './paths';
import type { TransformOptions } from './types';

const objectsModule = onDemand(() => import('./objects'));

// The object API's methods are the loaded ObjectApi's (assigned in the constructor), declared by
// merging this interface into the class.
/* eslint-disable @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type */
export interface FileApi extends Public<ObjectApi> {}
export class FileApi {
  /* eslint-enable @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type */
  constructor(
    private url: string,
    transport: Transport,
    private bucket: string,
  ) {
    const api: Public<ObjectApi> = lazyApi(
      async () => new (await objectsModule()).ObjectApi(url, transport, bucket),
      [
        'upload',
        'update',
        'download',
        'createSignedUrl',
        'createSignedUrls',
        'remove',
        'list',
        'move',
        'copy',
        'exists',
        'info',
      ],
    );
    Object.assign(this, api);
  }

  /** The URL of an object of a public bucket; no request is made. */
  getPublicUrl(
    path: string,
    options: { download?: boolean | string; transform?: TransformOptions } = {},
  ) {
    const kind = options.transform ? 'render/image/public' : 'object/public';
    const query = [...downloadParam(options.download), ...transformQuery(options.transform)];
    return { data: { publicUrl: withQuery(objectUrl(this.url, this.bucket, path, kind), query) } };
  }
}
