import { useSyncExternalStore } from 'react';

export type AuthMode = 'login' | 'signup' | 'forgot-password';
type State = { open: boolean; mode: AuthMode };

// A tiny store so any page or header button can open the one auth modal mounted by the layout.
let state: State = { open: false, mode: 'login' };
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function openAuthModal(mode: AuthMode = 'signup'): void {
  state = { open: true, mode };
  emit();
}

export function closeAuthModal(): void {
  state = { ...state, open: false };
  emit();
}

export function setAuthMode(mode: AuthMode): void {
  state = { ...state, mode };
  emit();
}

const CLOSED: State = { open: false, mode: 'login' };

export function useAuthModal(): State {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => CLOSED,
  );
}
