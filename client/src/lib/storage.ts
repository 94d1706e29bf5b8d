// Small, safe access to localStorage and cookies (private mode and full quotas throw).

export function readLocal<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeLocal(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the feature simply forgets
  }
}

export function readCookie(name: string): string | null {
  const found = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number) {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax`;
}

/** One id per browser tab session (install and engagement records carry it). */
export function sessionId(): string {
  try {
    let id = sessionStorage.getItem('havyaka:session-id');
    if (!id) {
      id = crypto.randomUUID();
      sessionStorage.setItem('havyaka:session-id', id);
    }
    return id;
  } catch {
    return 'no-session-storage';
  }
}
