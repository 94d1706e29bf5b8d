// `/storage/v1/bucket`: list, get, create, update, empty and delete buckets. Loaded on first use
// (client.ts).

import { StorageError } from '../lib/errors';
import { readJson, request, settle, type Transport } from '../lib/fetch';
import type { Bucket, BucketOptions } from './types';

const bucketBody = (id: string, o: BucketOptions) => ({
  id,
  name: id,
  public: o.public,
  file_size_limit: o.fileSizeLimit,
  allowed_mime_types: o.allowedMimeTypes,
});

export class BucketApi {
  constructor(
    private url: string,
    private transport: Transport,
  ) {}

  private call<T>(path: string, method = 'GET', json?: unknown) {
    return settle(async () =>
      readJson<T>(
        await request(this.transport, `${this.url}/bucket${path}`, { method, json }, StorageError),
      ),
    );
  }

  listBuckets() {
    return this.call<Bucket[]>('');
  }

  getBucket(id: string) {
    return this.call<Bucket>(`/${id}`);
  }

  createBucket(id: string, options: BucketOptions = { public: false }) {
    return this.call<{ name: string }>('', 'POST', bucketBody(id, options));
  }

  updateBucket(id: string, options: BucketOptions) {
    return this.call<{ message: string }>(`/${id}`, 'PUT', bucketBody(id, options));
  }

  /** Removes every object of the bucket. */
  emptyBucket(id: string) {
    return this.call<{ message: string }>(`/${id}/empty`, 'POST', {});
  }

  /** Deletes an empty bucket (409 ResourceNotEmpty otherwise). */
  deleteBucket(id: string) {
    return this.call<{ message: string }>(`/${id}`, 'DELETE', {});
  }
}
