/** Phone numbers shown for the user's locale (see shared/phone.ts); the stored value stays as it is. */
import type { CountryCode } from 'libphonenumber-js';
import { type DisplayedPhone, displayPhone, phoneCountry } from '../../shared/phone.ts';

/**
 * The user's country from the browser's languages: the region of the first that names or implies one
 * ('de-AT' -> AT, 'fr' -> FR, 'en' -> US), or null.
 */
export function userCountry(languages: readonly string[] = navigator.languages): CountryCode | null {
  for (const tag of languages) {
    try {
      const country = phoneCountry(new Intl.Locale(tag).maximize().region);
      if (country) return country;
    } catch {
      // A malformed language tag says nothing about the country: try the next one.
    }
  }
  return null;
}

let country: CountryCode | null | undefined;

/** A stored number as this user reads it (national in their country, international elsewhere). */
export function formatPhone(raw: string): DisplayedPhone {
  if (country === undefined) country = userCountry();
  return displayPhone(raw, country);
}
