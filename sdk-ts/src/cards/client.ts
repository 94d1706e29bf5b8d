// The server's app tokens (`/cards/v1`): the caller's token, signed over the claims the app's
// SQL chooses for them (never over anything sent), and the public keys that verify tokens
// offline (ES256: base64url(claims JSON) "." base64url(r || s)).

import type { Transport } from '../lib/fetch';
import { jsonApi, type JsonApi } from '../lib/json-api';

/** A public key as `/cards/v1/keys` lists it; `exp`: when it stops verifying (seconds). */
export interface CardKey {
  kid: string;
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  nbf: number;
  signs_until: number;
  exp: number;
}

/** A signed token and its claims (`k` the key, `iat` and `exp` in seconds). */
export interface CardToken {
  token: string;
  claims: Record<string, unknown> & { k: string; iat: number; exp: number };
}

export class CardsClient {
  private call: JsonApi;

  constructor(url: string, transport: Transport) {
    this.call = jsonApi(url, transport);
  }

  /** The caller's token (404 when the app gives them none). */
  token() {
    return this.call<CardToken>('POST', '/cards/v1/token');
  }

  /** The public keys (cacheable; keep them for offline checks). */
  keys() {
    return this.call<{ keys: CardKey[] }>('GET', '/cards/v1/keys');
  }
}
