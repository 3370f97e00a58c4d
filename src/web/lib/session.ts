import { useSyncExternalStore } from 'react';
import { usernameFromEmail } from '../../shared/auth.ts';
import { requestsSettled } from './in-flight.ts';
import { toast } from './toast.ts';

export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean };

/** `ready` is spec 1 §3's isAuthReady: false until the first session check has answered. */
export type SessionState = { ready: boolean; user: SessionUser | null };

/** Spec 1 §3: every local-storage key the app uses; logout clears them all. */
export const LOCAL_STORAGE_KEYS = [
  'user',
  'userProfile',
  'chatSessions',
  'currentChatSession',
  'accessToken',
  'userSession',
  'selectedBoardId',
  'selectedBoardName',
  'todo',
  'urlTag',
  'userRoles',
  'agent_workflow_state',
  'recent_queries',
  'sidebar-store',
  'theme',
  // Ours, beyond spec 1 §3: the credit usage alert the user dismissed (see usage-alert-banner.tsx).
  'credits-alert-dismissed',
  // Ours: the research tables' column choices (see lib/column-prefs.ts).
  'company-research-columns',
  'people-research-columns',
] as const;

/** Spec 1 §3's local user record; only a hint that a session may exist (the cookie is httpOnly). */
const USER_KEY = 'user';

/** What the prerendered HTML was made with: hydration must start from it, whatever is known since. */
const UNKNOWN: SessionState = { ready: false, user: null };
let state: SessionState = UNKNOWN;
let pending: Promise<SessionState> | null = null;
const listeners = new Set<() => void>();

function set(next: SessionState) {
  state = next;
  try {
    if (next.user) {
      localStorage.setItem(
        USER_KEY,
        JSON.stringify({
          username: usernameFromEmail(next.user.email),
          email: next.user.email,
          uid: next.user.id,
        }),
      );
    } else if (next.ready) {
      localStorage.removeItem(USER_KEY);
    }
  } catch (err) {
    console.warn('Could not store the user record', err);
  }
  for (const listener of listeners) listener();
}

function hasUserHint(): boolean {
  try {
    return localStorage.getItem(USER_KEY) !== null;
  } catch {
    return true;
  }
}

/** Asks the server who is signed in (the one source of truth) and updates every `useSession`. */
export function refreshSession(): Promise<SessionState> {
  pending ??= fetch('/api/auth/get-session', { credentials: 'include' })
    .then(async (response) => {
      const body = response.ok ? ((await response.json()) as { user?: SessionUser } | null) : null;
      const user = body?.user ? { ...body.user } : null;
      set({ ready: true, user });
      return state;
    })
    .catch((err: unknown) => {
      console.error('Session check failed', err);
      set({ ready: true, user: null });
      return state;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/**
 * The session, checked once on first use. `checkAlways: false` (public pages) skips the request for visitors
 * who have never signed in on this browser and reports them as signed out at once.
 */
export function useSession({ checkAlways = true }: { checkAlways?: boolean } = {}): SessionState {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      if (!state.ready && !pending) {
        if (checkAlways || hasUserHint()) void refreshSession();
        else set({ ready: true, user: null });
      }
      return () => listeners.delete(listener);
    },
    () => state,
    // While hydrating a prerendered page React uses this: a session already known would not match the HTML.
    () => UNKNOWN,
  );
  return current;
}

/** Forgets every local key of spec 1 §3 (and the user record). Storage failures are logged and ignored. */
export function clearLocalData(keys: readonly string[] = LOCAL_STORAGE_KEYS): void {
  for (const key of keys) {
    try {
      localStorage.removeItem(key);
    } catch (err) {
      console.warn(`Could not remove ${key}`, err);
    }
  }
}

/** How long signing out waits for requests already sent to be answered. */
const SIGN_OUT_WAIT_MS = 5_000;

/**
 * Clears what this browser kept and ends the session on the server. The signed-in screens go first, so
 * nothing new asks with the session being ended, and requests already sent are answered before it ends
 * (they would come back 401 after).
 */
export async function signOut(): Promise<void> {
  clearLocalData();
  set({ ready: true, user: null });
  await requestsSettled(SIGN_OUT_WAIT_MS);
  await fetch('/api/auth/sign-out', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
}

/** The Logout buttons (spec 1 §4): sign out, clear local data, say goodbye. */
export async function logOut(): Promise<void> {
  await signOut();
  toast({ title: 'Logged out', description: 'See you soon!' });
}
