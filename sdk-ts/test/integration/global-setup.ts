// Starts the platform once for the integration suite (conformance/supabase-js/harness.mjs:
// the server binary on a private embedded cluster, the REST fixture schema and seed data) and
// stops it afterwards. The tests read its address and keys with inject('platform').

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import {
  JWT_SECRET,
  SOCKET_PORT,
  psqlExe,
  startPlatform,
  type Platform,
} from '../../../conformance/supabase-js/harness.mjs';

export interface PlatformInfo {
  url: string;
  anonKey: string;
  serviceKey: string;
  jwtSecret: string;
  psql: string;
  socketDir: string;
  socketPort: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    platform: PlatformInfo;
  }
}

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export default async function setup(project: TestProject) {
  const server = path.resolve(process.env.SERVER_BIN ?? path.join(repo, 'target/debug/server'));
  const platform: Platform = await startPlatform({ server, log: (m) => console.log(m) });
  project.provide('platform', {
    url: platform.baseUrl,
    anonKey: platform.keys.ANON_KEY,
    serviceKey: platform.keys.SERVICE_ROLE_KEY,
    jwtSecret: JWT_SECRET,
    psql: psqlExe(),
    socketDir: platform.socketDir,
    socketPort: SOCKET_PORT,
  });
  return () => platform.stop();
}
