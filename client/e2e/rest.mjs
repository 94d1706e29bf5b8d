// The platform's HTTP API for browser tests that set the scene (sign up, approve) without a
// browser: `api(path, { token, method, body })` answers the parsed JSON or throws with the
// status and body; `tokenOf(email, password)` signs in.
export function restClient(base, anonKey) {
  const api = async (path, { token = anonKey, method = 'GET', body } = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        apikey: anonKey,
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const tokenOf = async (email, password) =>
    (
      await api('/auth/v1/token?grant_type=password', {
        method: 'POST',
        body: { email, password },
      })
    ).access_token;
  return { api, tokenOf };
}
