// The session: loading, then signed in or signed out, following the SDK's auth events
// (spec §4); the user's record from public.users and their detail record (by type). A failure
// to read the user record is swallowed and treated as no user (spec §8).
import type { SdkError, Session } from '@havyaka/sdk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { detailKindOf, type AppUser, type Detail, type SessionView } from './authorization';
import { sdk } from './sdk';

export const authKeys = {
  all: ['auth'] as const,
  profile: (userId: string) => ['auth', 'profile', userId] as const,
};

export interface Profile {
  user: AppUser | null;
  detail: Detail | null;
}

const DETAIL_TABLES = {
  matrimony: 'matrimony_details',
  student: 'student_details',
  member: 'members',
} as const;

export async function fetchProfile(userId: string): Promise<Profile> {
  const client = sdk();
  const { data: user, error } = await client
    .from('users')
    .select('id, email, type, status, full_name, approval_status')
    .eq('id', userId)
    .maybeSingle();
  if (error || !user) return { user: null, detail: null };
  const kind = detailKindOf(user.type);
  if (!kind) return { user, detail: null };
  const { data: detail } = await client
    .from(DETAIL_TABLES[kind])
    .select('approval_status')
    .eq('user_id', userId)
    .limit(1)
    .maybeSingle();
  return { user, detail: detail ?? null };
}

interface AuthContextValue extends SessionView {
  session: Session | null;
  /** True from a sign-out the user asked for until the next sign-in: guarded pages then leave
   * quietly instead of answering it with "Authentication Required". */
  signingOut: boolean;
  /** Signs out: null when done; else the SDK's error (lib/sign-out-notice.ts says it): a
   *  NetworkError when the server could not be reached (this device is signed out all the same,
   *  its personal answers deleted), another when the server refused (still signed in). */
  signOut: () => Promise<SdkError | null>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [status, setStatus] = useState<SessionView['status']>('loading');
  const [signingOut, setSigningOut] = useState(false);
  const queryClient = useQueryClient();

  useEffect(() => {
    const {
      data: { subscription },
    } = sdk().auth.onAuthStateChange((event, next) => {
      setSession(next);
      setStatus(next ? 'signedIn' : 'signedOut');
      if (event === 'SIGNED_OUT') queryClient.removeQueries({ queryKey: authKeys.all });
      if (event === 'SIGNED_IN') setSigningOut(false);
    });
    return () => subscription.unsubscribe();
  }, [queryClient]);

  const userId = session?.user.id;
  const profile = useQuery({
    queryKey: authKeys.profile(userId ?? 'none'),
    queryFn: () => fetchProfile(userId!),
    enabled: !!userId,
    staleTime: 60_000,
  });

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      session,
      user: profile.data?.user ?? null,
      detail: profile.data?.detail ?? null,
      profileLoading: !!userId && profile.isPending,
      signingOut,
      signOut: async () => {
        setSigningOut(true);
        return (await sdk().auth.signOut()).error;
      },
    }),
    [status, session, profile.data, profile.isPending, userId, signingOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth() outside <AuthProvider>');
  return value;
}
