import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'destructive';
export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
  /** A link to what the toast is about ("Open" the prospect just added). */
  action?: { label: string; href: string };
};
export type ToastItem = ToastInput & { id: number; open: boolean };

/** Spec 1 §9: one toast at a time; a new one replaces the old. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** Spec 1 §9: a dismissed toast stays in the store (closed) this long before it is removed. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function toast(input: ToastInput): number {
  if (!input.title || typeof input.title !== 'string') {
    console.error('toast: a non-empty string title is required', input);
  }
  const id = nextId++;
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id: number): void {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, TOAST_REMOVE_DELAY_MS);
}

const NONE: ToastItem[] = [];

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => NONE,
  );
}

/** A failed request: the catalogue title, with the server's message when it gave one (spec 1 §8). */
export function toastFailure(title: string, err: unknown): void {
  const message =
    err instanceof Error && err.message && err.message !== 'Unexpected error.' ? err.message : undefined;
  toast({ title, description: message, variant: 'destructive' });
}
