import { useSyncExternalStore } from 'react';
import type { AppNavItemId } from '../../../shared/app-nav.ts';
import type { Theme } from '../../../shared/theme.ts';

/** Spec 1 §3 'Sidebar preferences', persisted in local storage under this key. */
export const SIDEBAR_STORE_KEY = 'sidebar-store';

export type SidebarPreferences = { theme: Theme; compactMode: boolean; showDescriptions: boolean };

export type SidebarState = {
  /** Whether the sidebar is shown on desktop (the mobile drawer always starts closed). */
  isOpen: boolean;
  /** Desktop only: narrow icon rail instead of the wide sidebar. */
  isCollapsed: boolean;
  /** The entry chosen last. */
  activeItem: AppNavItemId | null;
  userPreferences: SidebarPreferences;
};

export const DEFAULT_SIDEBAR_STATE: SidebarState = {
  isOpen: true,
  isCollapsed: false,
  activeItem: null,
  userPreferences: { theme: 'light', compactMode: false, showDescriptions: true },
};

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

/**
 * Reads the stored JSON field by field, so one bad or missing field falls back to its default instead
 * of discarding the rest. Accepts the `{ state, version }` envelope of zustand's persist middleware too.
 */
export function parseSidebarState(raw: string | null): SidebarState {
  if (!raw) return DEFAULT_SIDEBAR_STATE;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch (err) {
    console.warn('Ignoring malformed sidebar preferences', err);
    return DEFAULT_SIDEBAR_STATE;
  }
  const state = isObject(data) && isObject(data.state) ? data.state : data;
  if (!isObject(state)) return DEFAULT_SIDEBAR_STATE;
  const prefs = isObject(state.userPreferences) ? state.userPreferences : {};
  const defaults = DEFAULT_SIDEBAR_STATE.userPreferences;
  return {
    isOpen: bool(state.isOpen, DEFAULT_SIDEBAR_STATE.isOpen),
    isCollapsed: bool(state.isCollapsed, DEFAULT_SIDEBAR_STATE.isCollapsed),
    activeItem: typeof state.activeItem === 'string' ? (state.activeItem as AppNavItemId) : null,
    userPreferences: {
      theme: prefs.theme === 'dark' || prefs.theme === 'light' ? prefs.theme : defaults.theme,
      compactMode: bool(prefs.compactMode, defaults.compactMode),
      showDescriptions: bool(prefs.showDescriptions, defaults.showDescriptions),
    },
  };
}

// The parsed state is kept with the text it came from, so clearing the key (logout) or a change from
// another tab is picked up on the next read, while an unchanged key keeps the same snapshot object.
let cache: { raw: string | null; state: SidebarState } | null = null;
// Once storage fails, the preferences live in memory for the rest of the visit.
let memoryOnly = false;
const listeners = new Set<() => void>();

export function getSidebarState(): SidebarState {
  if (memoryOnly && cache) return cache.state;
  let raw: string | null;
  try {
    raw = localStorage.getItem(SIDEBAR_STORE_KEY);
  } catch (err) {
    // Storage can be unavailable (privacy mode, blocked site data): the sidebar still works, unsaved.
    console.warn('Could not read sidebar preferences', err);
    memoryOnly = true;
    cache ??= { raw: null, state: DEFAULT_SIDEBAR_STATE };
    return cache.state;
  }
  if (!cache || cache.raw !== raw) cache = { raw, state: parseSidebarState(raw) };
  return cache.state;
}

type Patch = Partial<Omit<SidebarState, 'userPreferences'>> & {
  userPreferences?: Partial<SidebarPreferences>;
};

/** Merges a change into the preferences, saves them and re-renders the components that read them. */
export function updateSidebarState(patch: Patch): void {
  const previous = getSidebarState();
  const state: SidebarState = {
    ...previous,
    ...patch,
    userPreferences: { ...previous.userPreferences, ...patch.userPreferences },
  };
  const raw = JSON.stringify({ state, version: 0 });
  cache = { raw, state };
  if (!memoryOnly) {
    try {
      localStorage.setItem(SIDEBAR_STORE_KEY, raw);
    } catch (err) {
      console.warn('Could not save sidebar preferences', err);
      memoryOnly = true;
    }
  }
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  if (event.key === SIDEBAR_STORE_KEY || event.key === null) {
    for (const listener of listeners) listener();
  }
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function useSidebarState(): SidebarState {
  return useSyncExternalStore(subscribe, getSidebarState, () => DEFAULT_SIDEBAR_STATE);
}
