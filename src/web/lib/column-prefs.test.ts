import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../../tests/helpers/memory-storage.ts';
import { readColumnPrefs } from './column-prefs.ts';

const KEY = 'company-research-columns';

function stored(raw: string | null): void {
  const storage = new MemoryStorage();
  if (raw !== null) storage.setItem(KEY, raw);
  vi.stubGlobal('localStorage', storage);
}

describe('readColumnPrefs', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads the hidden and shown columns the user chose', () => {
    stored('{"industry":false,"employees":true}');
    expect(readColumnPrefs(KEY)).toEqual({ industry: false, employees: true });
    // Each table keeps its own.
    expect(readColumnPrefs('people-research-columns')).toEqual({});
  });

  it('keeps the boolean choices of a record that has other values too', () => {
    stored('{"industry":false,"city":"no","founded":0,"size":null,"domain":true}');
    expect(readColumnPrefs(KEY)).toEqual({ industry: false, domain: true });
  });

  it('shows every column when there is nothing readable to go by', () => {
    for (const raw of [null, '', 'not json', '[false,true]', 'false', 'null', '"industry"', '{"a":']) {
      stored(raw);
      expect(readColumnPrefs(KEY), String(raw)).toEqual({});
    }
  });

  it('shows every column when storage is blocked', () => {
    vi.stubGlobal('localStorage', new MemoryStorage(true));
    expect(readColumnPrefs(KEY)).toEqual({});
  });
});
