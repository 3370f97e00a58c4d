import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatPhone, userCountry } from './phone.ts';

describe('userCountry', () => {
  it("takes the region of the browser's first language that names or implies one", () => {
    const table: [string[], string | null][] = [
      [['de-AT', 'de'], 'AT'],
      [['fr'], 'FR'],
      [['en'], 'US'],
      [['pt-BR', 'en-GB'], 'BR'],
      [['ja'], 'JP'],
      [['zh-Hant'], 'TW'],
      // A region that is no country ('419', Latin America) says nothing: the next language decides.
      [['es-419', 'es'], 'ES'],
      [[], null],
    ];
    for (const [languages, country] of table) expect(userCountry(languages), languages.join()).toBe(country);
  });

  it('skips a malformed language tag instead of failing', () => {
    expect(userCountry(['@@not a tag', 'en-GB'])).toBe('GB');
    expect(userCountry(['--'])).toBeNull();
  });
});

describe('formatPhone', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows numbers for the browser's country, read once per page", () => {
    vi.stubGlobal('navigator', { languages: ['de-DE', 'en'] });
    expect(formatPhone('+49 30 1234567')).toEqual({ text: '030 1234567', dial: '+49301234567' });
    expect(formatPhone('+1 212 555 0100').text).toBe('+1 212 555 0100');
    // The country is known now: a change of languages later in the visit does not move the numbers around.
    vi.stubGlobal('navigator', { languages: ['en-US'] });
    expect(formatPhone('+1 212 555 0100').text).toBe('+1 212 555 0100');
    expect(formatPhone('030 1234567').dial).toBe('+49301234567');
  });
});
