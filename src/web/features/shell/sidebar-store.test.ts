import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../../../tests/helpers/memory-storage.ts';
import { DEFAULT_SIDEBAR_STATE, parseSidebarState, SIDEBAR_STORE_KEY } from './sidebar-store.ts';

describe('parseSidebarState', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads the defaults from nothing, or from anything that is no object', () => {
    for (const raw of [null, '', '{oops', '[]', '42', '"open"', 'null', '{"state":[]}']) {
      expect(parseSidebarState(raw), String(raw)).toEqual(DEFAULT_SIDEBAR_STATE);
    }
  });

  it("reads zustand's { state, version } envelope and a bare state alike", () => {
    const state = {
      isOpen: false,
      isCollapsed: true,
      activeItem: 'companies',
      userPreferences: { theme: 'dark', compactMode: true, showDescriptions: false },
    };
    expect(parseSidebarState(JSON.stringify({ state, version: 0 }))).toEqual(state);
    expect(parseSidebarState(JSON.stringify(state))).toEqual(state);
  });

  it('falls back field by field, so one bad field does not cost the others', () => {
    const raw = JSON.stringify({
      state: {
        isOpen: 'no',
        isCollapsed: true,
        activeItem: 7,
        userPreferences: { theme: 'solarized', compactMode: 1, showDescriptions: false },
      },
    });
    expect(parseSidebarState(raw)).toEqual({
      isOpen: true,
      isCollapsed: true,
      activeItem: null,
      userPreferences: { theme: 'light', compactMode: false, showDescriptions: false },
    });
    expect(parseSidebarState('{"isCollapsed":true,"userPreferences":"dark"}')).toEqual({
      ...DEFAULT_SIDEBAR_STATE,
      isCollapsed: true,
    });
  });
});

describe('the stored sidebar state', () => {
  // The store keeps its cache for the page's life: each test loads it afresh.
  const load = async (storage: Storage) => {
    vi.resetModules();
    vi.stubGlobal('localStorage', storage);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    return import('./sidebar-store.ts');
  };
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('merges a change into the preferences and saves it in the envelope', async () => {
    const storage = new MemoryStorage();
    const store = await load(storage);
    store.updateSidebarState({ isCollapsed: true, userPreferences: { theme: 'dark' } });
    const expected = {
      ...DEFAULT_SIDEBAR_STATE,
      isCollapsed: true,
      userPreferences: { ...DEFAULT_SIDEBAR_STATE.userPreferences, theme: 'dark' },
    };
    expect(store.getSidebarState()).toEqual(expected);
    expect(JSON.parse(storage.getItem(SIDEBAR_STORE_KEY) ?? 'null')).toEqual({ state: expected, version: 0 });
  });

  it('gives the same object while nothing changed, and picks up a change made elsewhere', async () => {
    const storage = new MemoryStorage();
    const store = await load(storage);
    const first = store.getSidebarState();
    expect(store.getSidebarState()).toBe(first);
    // Another tab collapses the sidebar; then logout clears the key.
    storage.setItem(SIDEBAR_STORE_KEY, JSON.stringify({ state: { isCollapsed: true }, version: 0 }));
    expect(store.getSidebarState().isCollapsed).toBe(true);
    storage.removeItem(SIDEBAR_STORE_KEY);
    expect(store.getSidebarState()).toEqual(DEFAULT_SIDEBAR_STATE);
  });

  it('keeps working in memory when storage is blocked', async () => {
    const store = await load(new MemoryStorage(true));
    expect(store.getSidebarState()).toEqual(DEFAULT_SIDEBAR_STATE);
    store.updateSidebarState({ isOpen: false });
    store.updateSidebarState({ userPreferences: { compactMode: true } });
    expect(store.getSidebarState()).toMatchObject({ isOpen: false, userPreferences: { compactMode: true } });
  });
});
