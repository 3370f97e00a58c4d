import { describe, expect, it } from 'vitest';
import { hasFilters, parseFileSearch, writeFileSearch } from './search-params.ts';

const ENTITY = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const DOC = '0f9e8d7c-6b5a-4c3d-9e2f-1a0b9c8d7e6f';
const parse = (query: string) => parseFileSearch(new URLSearchParams(query));

describe('file search in the address', () => {
  it('reads the filters it can use and drops the rest', () => {
    expect(
      parse(
        `q=mfa&type=pdf&from=2026-01-01&to=2026-12-31&entity=${ENTITY}&entityName=Globex&document=${DOC}`,
      ),
    ).toEqual({
      q: 'mfa',
      type: 'pdf',
      from: '2026-01-01',
      to: '2026-12-31',
      entity: ENTITY,
      entityName: 'Globex',
      document: DOC,
      passage: undefined,
    });
    expect(parse('type=exe&from=1%2F1%2F2026&to=2026-1-1&entity=globex&document=..%2Fetc&passage=1')).toEqual(
      {
        q: '',
        type: undefined,
        from: undefined,
        to: undefined,
        entity: undefined,
        entityName: undefined,
        document: undefined,
        passage: undefined,
      },
    );
  });

  it('caps the words at 500 characters and the entity name at 200', () => {
    const read = parse(`q=${'a'.repeat(600)}&entityName=${'b'.repeat(300)}`);
    expect([read.q.length, read.entityName?.length]).toEqual([500, 200]);
  });

  it("writes the set fields, drops the empty ones and an entity's name without the entity", () => {
    const current = new URLSearchParams(`source=sidebar&type=pdf&entity=${ENTITY}&entityName=Old`);
    const next = writeFileSearch({ q: '  soc 2  ', entityName: 'Globex' }, current);
    expect(next.toString()).toBe('source=sidebar&q=soc+2');
    const state = { q: 'mfa', type: 'md', from: '2026-02-01', entity: ENTITY, entityName: 'Globex' };
    expect(parseFileSearch(writeFileSearch(state, new URLSearchParams()))).toMatchObject(state);
  });

  it('counts type, dates and entity as filters, not the words or an opened document', () => {
    expect(hasFilters({ q: 'mfa', document: DOC, passage: DOC })).toBe(false);
    expect(hasFilters({ q: '', to: '2026-01-01' })).toBe(true);
    expect(hasFilters({ q: '', entity: ENTITY })).toBe(true);
  });
});
