// GoTrue's admin API (`/admin/users`): with the service key, or as a user the database lets
// manage users (`auth.can_manage_users()`).

import { AuthError } from '../lib/errors';
import { readJson, request, settle, type Transport } from '../lib/fetch';
import type { AdminUserAttributes, Factor, User } from './types';

export interface UserList {
  users: User[];
  aud: string;
  /** From `X-Total-Count`. */
  total: number;
  /** From the `Link` header; null on the last page. */
  nextPage: number | null;
  lastPage: number;
}

/** `<…?page=2&per_page=50>; rel="next", …` → { next: 2, last: … }. */
export function parseLink(header: string | null): Record<string, number> {
  const pages: Record<string, number> = {};
  for (const part of header?.split(',') ?? []) {
    const page = part.match(/[?&]page=(\d+)/)?.[1];
    const rel = part.match(/rel="(\w+)"/)?.[1];
    if (page && rel) pages[rel] = Number(page);
  }
  return pages;
}

export class AdminApi {
  constructor(
    private url: string,
    private transport: Transport,
  ) {}

  private async call<T>(
    path: string,
    method = 'GET',
    json?: unknown,
    base = '/admin/users',
  ): Promise<T> {
    const res = await request(
      this.transport,
      `${this.url}${base}${path}`,
      { method, json },
      AuthError,
    );
    return readJson<T>(res);
  }

  /** Invites `email`: the account is created and mailed a link to set a password (again: a resend). */
  inviteUserByEmail(email: string, options: { data?: object; redirectTo?: string } = {}) {
    const query = options.redirectTo
      ? `?redirect_to=${encodeURIComponent(options.redirectTo)}`
      : '';
    return settle(async () => ({
      user: await this.call<User>(query, 'POST', { email, data: options.data ?? {} }, '/invite'),
    }));
  }

  /** A user's second factors (as auth-js's `admin.mfa.listFactors`). */
  listFactors(params: { userId: string }) {
    return settle(async () => ({
      factors: await this.call<Factor[]>(`/${params.userId}/factors`),
    }));
  }

  /** Removes a user's factor (a lost phone); they enrol a new one at their next sign-in. */
  deleteFactor(params: { userId: string; id: string }) {
    return settle(async () =>
      this.call<Factor>(`/${params.userId}/factors/${params.id}`, 'DELETE'),
    );
  }

  /** Creates a user; `email_confirm: true` confirms the address at once. */
  createUser(attributes: AdminUserAttributes) {
    return settle(async () => ({ user: await this.call<User>('', 'POST', attributes) }));
  }

  /** One page of users (`page` from 1, `perPage` default 50). */
  listUsers(params: { page?: number; perPage?: number } = {}) {
    return settle(async () => {
      const query = new URLSearchParams({
        page: `${params.page ?? 1}`,
        per_page: `${params.perPage ?? 50}`,
      });
      const res = await request(this.transport, `${this.url}/admin/users?${query}`, {}, AuthError);
      const pages = parseLink(res.headers.get('link'));
      const body = await readJson<{ users: User[]; aud: string }>(res);
      return {
        ...body,
        total: Number(res.headers.get('x-total-count') ?? body.users.length),
        nextPage: pages.next ?? null,
        lastPage: pages.last ?? params.page ?? 1,
      } satisfies UserList;
    });
  }

  getUserById(id: string) {
    return settle(async () => ({ user: await this.call<User>(`/${id}`) }));
  }

  /** Changes a user; metadata is merged key by key. */
  updateUserById(id: string, attributes: AdminUserAttributes) {
    return settle(async () => ({ user: await this.call<User>(`/${id}`, 'PUT', attributes) }));
  }

  /** Deletes the user with their sessions. */
  deleteUser(id: string, shouldSoftDelete = false) {
    return settle(async () => {
      await this.call(`/${id}`, 'DELETE', { should_soft_delete: shouldSoftDelete });
      return {};
    });
  }
}
