import { describe, expect, it } from 'vitest';
import { suppressionKeys } from '../suppression.ts';
import { founderContacts, splitName } from './founders.ts';

const CSV = `Company,Founders,Headquarters (City)
Curebit,"Allan Grant, Dominic Coryell",San Francisco
Stripe Inc.,Patrick Collison,San Francisco
Unknown Startup,Someone Else,Boston
Curebit,Allan Grant,San Francisco
`;

const companies = [
  {
    id: 'c1',
    name: 'Curebit',
    country: 'United States',
    countryCode: 'US',
    region: 'California',
    city: 'San Francisco',
  },
  {
    id: 'c2',
    name: 'Stripe',
    country: 'United States',
    countryCode: 'US',
    region: 'California',
    city: 'San Francisco',
  },
];

describe('Y Combinator founders', () => {
  it('makes each founder a contact at their company, placed at its headquarters, once', () => {
    const contacts = founderContacts(CSV, companies);
    expect(contacts.map((c) => [c.companyId, c.fullName, c.title])).toEqual([
      ['c1', 'Allan Grant', 'Co-founder'],
      ['c1', 'Dominic Coryell', 'Co-founder'],
      // 'Stripe Inc.' is the company we hold as 'Stripe': matched by its name key.
      ['c2', 'Patrick Collison', 'Founder'],
    ]);
    expect(contacts[0]).toMatchObject({
      firstName: 'Allan',
      lastName: 'Grant',
      city: 'San Francisco',
      countryCode: 'US',
      source: 'yc',
      license: 'CC BY-SA 4.0',
    });
  });

  it('splits names on the first space and tidies them', () => {
    expect(splitName('  Jean-Luc   van der Berg ')).toEqual({
      firstName: 'Jean-Luc',
      lastName: 'van der Berg',
      fullName: 'Jean-Luc van der Berg',
    });
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: '', fullName: 'Cher' });
  });
});

describe('suppression keys', () => {
  it('name a person by address and by name at their company, whatever the spelling', () => {
    expect(
      suppressionKeys({ email: ' J.Doe@Acme.com ', fullName: 'José  Doe', companyName: 'Acme, Inc.' }),
    ).toEqual(['email:j.doe@acme.com', 'name:jose doe@acme']);
    expect(suppressionKeys({ fullName: 'Allan Grant', companyName: 'Curebit' })).toEqual([
      'name:allan grant@curebit',
    ]);
  });
});
