import { expect, it } from 'vitest';
import { distinct } from './distinct.ts';

it('keeps trimmed, non-empty values, case-insensitively distinct, first spelling first', () => {
  const table: [string[], string[]][] = [
    [[], []],
    [['', '  ', '\t'], []],
    [[' Berlin ', 'berlin', 'BERLIN'], ['Berlin']],
    [
      ['b', 'a', 'B', 'c', 'A'],
      ['b', 'a', 'c'],
    ],
    [['Émile', 'émile', 'ÉMILE'], ['Émile']],
    // Lower-casing is not case folding: ß and SS stay two values.
    [
      ['Straße', 'STRASSE'],
      ['Straße', 'STRASSE'],
    ],
  ];
  for (const [values, expected] of table) expect(distinct(values), JSON.stringify(values)).toEqual(expected);
});
