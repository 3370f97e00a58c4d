import { beforeAll, describe, expect, it } from 'vitest';
import { loadPlaces, type Places } from './places.ts';
import { filerAddress, type SecFiler, secFilers, sicTitleCase } from './sec-filers.ts';

let places: Places;
beforeAll(() => {
  places = loadPlaces();
});

const filer = (stateOrCountry: string, stateOrCountryName: string, city = 'CITY'): SecFiler => ({
  cik: '1',
  sic: '7372',
  sicTitle: null,
  city,
  stateOrCountry,
  stateOrCountryName,
  phone: null,
});

describe('filerAddress', () => {
  it('reads a US state code, a country, a Canadian province and the federal level', () => {
    expect(filerAddress(places, filer('IL', 'IL', 'WOOD DALE'))).toEqual({
      city: 'WOOD DALE',
      region: 'Illinois',
      country: 'US',
    });
    expect(filerAddress(places, filer('2M', 'Germany'))).toMatchObject({ region: null, country: 'Germany' });
    expect(filerAddress(places, filer('M5', 'Korea, Republic of'))).toMatchObject({
      region: null,
      country: 'Korea, Republic of',
    });
    expect(filerAddress(places, filer('A1', 'British Columbia, Canada'))).toMatchObject({
      region: 'British Columbia',
      country: 'Canada',
    });
    expect(filerAddress(places, filer('Z4', 'Canada (Federal Level)'))).toMatchObject({ country: 'Canada' });
    expect(filerAddress(places, filer('N5', 'Macau'))).toMatchObject({ country: 'Macao' });
    expect(filerAddress(places, filer('', ''))).toEqual({ city: null, region: null, country: null });
  });
});

describe('secFilers', () => {
  it('keys filers by CIK without leading zeros', () => {
    const csv =
      'name,cik,business_city,business_stateOrCountry,business_stateOrCountryDescription,phone,sic,sicDescription\nAAR CORP,0000001750,WOOD DALE,IL,IL,6302272000,3720,Aircraft & Parts';
    expect(secFilers(csv).get('1750')).toEqual({
      cik: '1750',
      sic: '3720',
      sicTitle: 'Aircraft & Parts',
      city: 'WOOD DALE',
      stateOrCountry: 'IL',
      stateOrCountryName: 'IL',
      phone: '6302272000',
    });
  });
});

describe('sicTitleCase', () => {
  it('makes the SEC capitals readable', () => {
    expect(sicTitleCase('SERVICES-PREPACKAGED SOFTWARE')).toBe('Services-Prepackaged Software');
    expect(sicTitleCase('SERVICES-BUSINESS SERVICES, NEC')).toBe('Services-Business Services, NEC');
    expect(sicTitleCase('STATE COMMERCIAL BANKS')).toBe('State Commercial Banks');
    expect(sicTitleCase('RETAIL-CATALOG & MAIL-ORDER HOUSES')).toBe('Retail-Catalog & Mail-Order Houses');
  });
});
