// A recording fetch for unit tests: every request is kept; answers come from `respond`.

export interface Recorded {
  method: string;
  url: URL;
  headers: Headers;
  body: BodyInit | null;
}

export type Responder = (request: Recorded, index: number) => Response | Promise<Response>;

export const json = (value: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(value), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...(init.headers as Record<string, string>) },
  });

export function stubFetch(respond: Responder = () => json([])) {
  const calls: Recorded[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    init.signal?.throwIfAborted();
    const recorded: Recorded = {
      method: init.method ?? 'GET',
      url: new URL(String(input)),
      headers: new Headers(init.headers),
      body: init.body ?? null,
    };
    calls.push(recorded);
    return respond(recorded, calls.length - 1);
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

/** A JWT-shaped token whose payload holds `claims` (not signed: the client never checks). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}
