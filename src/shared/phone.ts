/**
 * Phone numbers as a person reads them (issue 25): in the national format of their own country, in the
 * international one otherwise ("+15945550134" is "(594) 555-0134" to a user in the US and "+1 594 555 0134"
 * to one in Germany). The stored value is never changed: this is for display (and the dialled `tel:` link).
 */
import {
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';

/** A region subtag as libphonenumber knows it ('GB'), or null for one it does not ('001', 'XK' aside). */
export function phoneCountry(region: string | null | undefined): CountryCode | null {
  const code = region?.toUpperCase();
  return code && isSupportedCountry(code) ? code : null;
}

export type DisplayedPhone = {
  /** What to show: national for the user's country, international otherwise; as stored if unreadable. */
  text: string;
  /** What to dial: E.164 ('+15945550134'), or the stored digits when the number is unreadable. */
  dial: string;
};

/**
 * A stored number for a user in `userCountry` (null: unknown, so every number is shown internationally).
 * A number stored without its country code is read as one of the user's country.
 */
export function displayPhone(raw: string, userCountry: CountryCode | null): DisplayedPhone {
  const number = parsePhoneNumberFromString(raw, userCountry ?? undefined);
  // Too short or long to be a number anywhere ('ext. 12'): shown as stored rather than as a made-up one.
  if (!number?.isPossible()) return { text: raw, dial: raw.replace(/[^\d+]/g, '') };
  // By calling code, not by country: a number libphonenumber cannot place in a country (a fictional 555
  // number) is still national to a user who shares its code.
  const national = userCountry !== null && number.countryCallingCode === getCountryCallingCode(userCountry);
  return { text: national ? number.formatNational() : number.formatInternational(), dial: number.number };
}
