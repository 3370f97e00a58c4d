import { describe, expect, it } from 'vitest';
import { displayPhone, phoneCountry } from './phone.ts';

describe('displayPhone', () => {
  it("shows a number nationally in the user's own country and internationally elsewhere", () => {
    expect(displayPhone('+15945550134', 'US')).toEqual({ text: '(594) 555-0134', dial: '+15945550134' });
    expect(displayPhone('+15945550134', 'DE').text).toBe('+1 594 555 0134');
    expect(displayPhone('+49 30 1234567', 'DE').text).toBe('030 1234567');
    expect(displayPhone('+49 30 1234567', 'GB').text).toBe('+49 30 1234567');
    // Canada shares the US calling code and its format.
    expect(displayPhone('+1 212 555 0100', 'CA').text).toBe('(212) 555-0100');
  });

  it('shows every number internationally when the country is unknown', () => {
    expect(displayPhone('+442079460958', null)).toEqual({ text: '+44 20 7946 0958', dial: '+442079460958' });
  });

  it("reads a number without a country code as the user's, and keeps what it cannot read as stored", () => {
    expect(displayPhone('030 1234567', 'DE')).toEqual({ text: '030 1234567', dial: '+49301234567' });
    expect(displayPhone('ext. 12', 'DE')).toEqual({ text: 'ext. 12', dial: '12' });
  });
});

describe('phoneCountry', () => {
  it('takes the regions libphonenumber knows, in any case', () => {
    expect([phoneCountry('gb'), phoneCountry('001'), phoneCountry(undefined)]).toEqual(['GB', null, null]);
  });
});
