// Types of harness.mjs, for the TypeScript suites that start the platform with it.

export const JWT_SECRET: string;
export const SOCKET_PORT: number;
export const ALLOWED_REDIRECT_URL: string;
export function psqlExe(): string;

export interface Platform {
  baseUrl: string;
  keys: { ANON_KEY: string; SERVICE_ROLE_KEY: string };
  socketDir: string;
  stop(): Promise<void>;
  killNow(): void;
  sql(query: string): string;
}

export function startPlatform(options: {
  server: string;
  log?: (message: string) => void;
  extraEnv?: Record<string, string>;
}): Promise<Platform>;
