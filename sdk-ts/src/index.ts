// The SDK's public surface.

export { createClient, SdkClient, VERSION, type ClientOptions } from './client';
export { SdkError, ApiError, AuthError, StorageError, NetworkError } from './lib/errors';
export type { ErrorFields } from './lib/errors';
export { errorMessage } from './lib/messages';
export type { Result, Fetch } from './lib/fetch';
export { Builder } from './rest/builder';
export { QueryBuilder } from './rest/query';
export { FilterBuilder } from './rest/filter';
export { TransformBuilder } from './rest/transform';
export type * from './rest/types';
export type { InsertOptions, UpsertOptions, WriteOptions, RpcOptions } from './rest/query';
export type { OrderOptions, ReferencedTable } from './rest/transform';
export type { TextSearchOptions } from './rest/filter';
export { AuthClient } from './auth/client';
export type * from './auth/types';
export type { UserList } from './auth/admin';
export type { TotpEnrollment, AssuranceLevel } from './auth/mfa';
export { StorageClient } from './storage/client';
export { FileApi } from './storage/file';
export type * from './storage/types';
export { PushClient, SAVE_FAILED, type PushRegistration } from './push/client';
export type {
  BackupEntry,
  BackupOverview,
  BackupsClient,
  DrillRecord,
  RestoreCheck,
  RestoreRecord,
} from './backups/client';
export type { CardKey, CardToken, CardsClient } from './cards/client';
