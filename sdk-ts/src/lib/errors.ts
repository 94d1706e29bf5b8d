// Every error the SDK returns or throws is an instance of one of these classes, on every path.

export interface ErrorFields {
  /** A machine-readable code: a SQLSTATE or PGRST code, a GoTrue or storage code, or ''. */
  code?: string;
  details?: unknown;
  hint?: string | null;
  /** The HTTP status, 0 when no response arrived. */
  status?: number;
  cause?: unknown;
}

/** The base class: a message plus `code`, `details`, `hint` and `status`. */
export class SdkError extends Error {
  override name = 'SdkError';
  code: string;
  details: unknown;
  hint: string | null;
  status: number;

  constructor(message: string, fields: ErrorFields = {}) {
    super(message, { cause: fields.cause });
    this.code = fields.code ?? '';
    this.details = fields.details ?? null;
    this.hint = fields.hint ?? null;
    this.status = fields.status ?? 0;
  }

  toJSON() {
    const { name, message, code, details, hint, status } = this;
    return { name, message, code, details, hint, status };
  }
}

/** A REST (`/rest/v1`) or push API error: PostgREST's `{code, message, details, hint}`. */
export class ApiError extends SdkError {
  override name = 'ApiError';
}

/** An auth (`/auth/v1`) error, or a local one such as a missing session. */
export class AuthError extends SdkError {
  override name = 'AuthError';
}

/** A storage (`/storage/v1`) error: `{statusCode, code, error, message}`. */
export class StorageError extends SdkError {
  override name = 'StorageError';
}

/** No response: the network failed, or the request was aborted (`code` 'ABORTED'). */
export class NetworkError extends SdkError {
  override name = 'NetworkError';
}

export type ErrorClass = new (message: string, fields?: ErrorFields) => SdkError;
