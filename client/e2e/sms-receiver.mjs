// A stand-in for an SMS gateway behind the server's send-SMS hook (docs/sign-in.md): an HTTP
// endpoint on loopback that checks each request's Standard Webhooks signature, as a trust's
// own receiver would, keeps the texts it accepts and answers 401 to anything unsigned or
// wrongly signed (so the server's send fails). `env` points a server at it.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

/** How far a request's timestamp may be from now (the Standard Webhooks tolerance). */
const TOLERANCE_S = 5 * 60;

/** Whether `headers` sign `body` with `secret` (`v1,<base64 HMAC-SHA256 of "id.ts.body">`). */
export function signedBy(secret, headers, body) {
  const id = headers['webhook-id'];
  const timestamp = Number(headers['webhook-timestamp']);
  if (!id || !Number.isInteger(timestamp)) return false;
  if (Math.abs(Date.now() / 1000 - timestamp) > TOLERANCE_S) return false;
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${id}.${timestamp}.${body}`).digest('base64'),
  );
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .map((s) => Buffer.from(s.slice(3)))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
}

/** Starts the receiver: its server settings, the texts received, and `close()`. */
export async function startSmsReceiver() {
  const secret = randomBytes(32);
  /** @type {{ phone: string, otp: string, sms_type: string, message: string, user: object }[]} */
  const texts = [];
  let refused = 0;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (req.method !== 'POST' || !signedBy(secret, req.headers, body)) {
        refused++;
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { http_code: 401, message: 'bad signature' } }));
        return;
      }
      const { user, sms } = JSON.parse(body);
      texts.push({ ...sms, user });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    env: {
      EXTERNAL_PHONE_ENABLED: 'true',
      SMS_PROVIDER: 'hook',
      SEND_SMS_HOOK_URI: `http://127.0.0.1:${port}/send-sms`,
      SEND_SMS_HOOK_SECRETS: `v1,whsec_${secret.toString('base64')}`,
    },
    texts,
    refused: () => refused,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
