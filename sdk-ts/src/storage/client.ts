// `/storage/v1`: `from(bucket)` for the objects of one bucket, and the bucket API (its code
// loads on first use: buckets.ts).

import type { Transport } from '../lib/fetch';
import { lazyApi, type Public } from '../lib/lazy';
import type { BucketApi } from './buckets';
import { FileApi } from './file';

// The bucket API's methods are the loaded BucketApi's (assigned in the constructor), declared by
// merging this interface into the class.
/* eslint-disable @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type */
export interface StorageClient extends Public<BucketApi> {}
export class StorageClient {
  /* eslint-enable @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type */
  constructor(
    private url: string,
    private transport: Transport,
  ) {
    const api: Public<BucketApi> = lazyApi(
      async () => new (await import('./buckets')).BucketApi(url, transport),
      ['listBuckets', 'getBucket', 'createBucket', 'updateBucket', 'emptyBucket', 'deleteBucket'],
    );
    Object.assign(this, api);
  }

  /** The objects of `bucket`. */
  from(bucket: string): FileApi {
    return new FileApi(this.url, this.transport, bucket);
  }
}
