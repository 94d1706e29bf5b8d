// `/storage/v1`: the bucket API, and `from(bucket)` for the objects of one bucket.

import { StorageError } from '../lib/errors';
import { readJson, request, settle, type Transport } from '../lib/fetch';
import { FileApi } from './file';
import type { Bucket, BucketOptions } from './types';

const bucketBody = (id: string, o: BucketOptions) => ({
  id,
  name: id,
  public: o.public,
  file_size_limit: o.fileSizeLimit,
  allowed_mime_types: o.allowedMimeTypes,
});

export class StorageClient {
  constructor(
    private url: string,
    private transport: Transport,
  ) {}

  /** The objects of `bucket`. */
  from(bucket: string): FileApi {
    return new FileApi(this.url, this.transport, bucket);
  }

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
