import { describe, expect, it } from 'vitest';
import { listingOf, locationOf, sizeOf, sourceLabel, websiteUrl } from './format.ts';

describe('websiteUrl', () => {
  it('makes a link of an http(s) website or a bare domain', () => {
    const table: [string | null, string | null, string][] = [
      ['https://stripe.com', null, 'https://stripe.com/'],
      ['stripe.com/about', null, 'https://stripe.com/about'],
      ['HTTP://Example.COM', null, 'http://example.com/'],
      [null, 'stripe.com', 'https://stripe.com/'],
      // The website wins over the domain.
      ['https://www.microsoft.com/en-us', 'microsoft.com', 'https://www.microsoft.com/en-us'],
      // An internationalised name as the browser will ask for it.
      ['münchen.de', null, 'https://xn--mnchen-3ya.de/'],
    ];
    for (const [website, domain, url] of table)
      expect(websiteUrl({ website, domain }), String(website)).toBe(url);
  });

  it('never links to another scheme from imported data', () => {
    for (const website of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'ftp://files.example.com',
      'mailto:sales@example.com',
      'https://',
    ]) {
      expect(websiteUrl({ website, domain: 'example.com' }), website).toBeNull();
    }
    expect(websiteUrl({ website: null, domain: null })).toBeNull();
  });
});

describe('locationOf, listingOf, sizeOf, sourceLabel', () => {
  it('joins the place from city to country, each name once, else the stored location', () => {
    const none = { city: null, region: null, country: null };
    expect(
      locationOf({ city: 'Redmond', region: 'Washington', country: 'United States', location: null }),
    ).toBe('Redmond, Washington, United States');
    expect(locationOf({ city: 'Singapore', region: 'Singapore', country: 'Singapore', location: null })).toBe(
      'Singapore',
    );
    expect(locationOf({ ...none, country: 'France', city: '', location: 'Paris area' })).toBe('France');
    expect(locationOf({ ...none, location: 'Remote-first' })).toBe('Remote-first');
    expect(locationOf({ ...none, location: null })).toBeNull();
  });

  it('shows the listing and the size as a reader expects them', () => {
    expect(listingOf({ ticker: 'MSFT', exchange: 'NASDAQ' })).toBe('MSFT · NASDAQ');
    expect(listingOf({ ticker: 'MSFT', exchange: null })).toBe('MSFT');
    expect(listingOf({ ticker: null, exchange: null })).toBeNull();
    expect(sizeOf({ size: '10000+', employees: 221_000 })).toBe('221,000 employees');
    expect(sizeOf({ size: '51-200', employees: null })).toBe('51-200 employees');
    expect(sizeOf({ size: null, employees: 0 })).toBe('0 employees');
    expect(sizeOf({ size: null, employees: null })).toBeNull();
  });

  it('names a data source, and shows one it does not know as it is', () => {
    expect(sourceLabel('sp500')).toBe('S&P 500');
    expect(sourceLabel('yc')).toBe('Y Combinator startups');
    expect(sourceLabel('crunchbase')).toBe('crunchbase');
    expect(sourceLabel('toString')).toBe('toString');
  });
});
