// Storage's JSON (wire-api §5) and the options of the file and bucket calls.

export interface FileObject {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
  [key: string]: unknown;
}

export interface Bucket {
  id: string;
  name: string;
  owner?: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

export interface BucketOptions {
  public?: boolean;
  /** Bytes, or a size such as '5MB'; null removes the limit. */
  fileSizeLimit?: number | string | null;
  /** e.g. ['image/*', 'application/pdf']; null allows every type. */
  allowedMimeTypes?: string[] | null;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  /** Replace an existing object instead of failing with 409. */
  upsert?: boolean;
  /** Seconds browsers and CDNs may cache the object (`max-age`); default '3600'. */
  cacheControl?: string;
  /** Default: the Blob's type, else 'text/plain;charset=UTF-8'. */
  contentType?: string;
  /** Kept as the object's user metadata. */
  metadata?: Record<string, unknown>;
  /** Called as the body is sent (through XMLHttpRequest where the platform has it). */
  onUploadProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

export interface TransformOptions {
  width?: number;
  height?: number;
  resize?: 'cover' | 'contain' | 'fill';
  format?: 'origin' | 'avif' | 'webp';
  quality?: number;
}

export interface ListOptions {
  limit?: number;
  offset?: number;
  sortBy?: {
    column: 'name' | 'created_at' | 'updated_at' | 'last_accessed_at';
    order: 'asc' | 'desc';
  };
  /** Only names starting with this. */
  search?: string;
}

export type UploadBody = Blob | ArrayBuffer | ArrayBufferView | FormData | string | ReadableStream;
