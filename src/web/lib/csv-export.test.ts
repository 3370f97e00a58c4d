import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileNameOf } from './csv-export.ts';

const answer = (disposition?: string) =>
  new Response('a,b\n', { headers: disposition === undefined ? {} : { 'content-disposition': disposition } });

describe('fileNameOf', () => {
  beforeEach(() => {
    // Late in the evening of Jan 5 local time: the day in the name is the user's, not UTC's.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 0, 5, 23, 30));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("takes the server's name for the file, plain or RFC 5987-encoded", () => {
    expect(fileNameOf(answer('attachment; filename="companies-2026-01-05.csv"'), 'companies')).toBe(
      'companies-2026-01-05.csv',
    );
    expect(fileNameOf(answer("attachment; filename*=UTF-8''my%20people.csv"), 'people')).toBe(
      'my people.csv',
    );
    expect(fileNameOf(answer('attachment; filename=people.csv'), 'people')).toBe('people.csv');
  });

  it('names the file itself when the server gives no usable name', () => {
    const ours = 'prospector-companies-2026-01-05.csv';
    const table: (string | undefined)[] = [
      undefined,
      '',
      'attachment',
      'attachment; filename="../../etc/passwd.csv"',
      'attachment; filename="report.exe"',
      'attachment; filename="companies.csv.exe"',
      "attachment; filename*=UTF-8''Soci%C3%A9t%C3%A9.csv",
      'attachment; filename="a;b.csv"',
      // Before the fix a malformed escape threw, after the export had been charged.
      'attachment; filename="100%.csv"',
      "attachment; filename*=UTF-8''%E0%A4%A.csv",
    ];
    for (const disposition of table) {
      expect(fileNameOf(answer(disposition), 'companies'), String(disposition)).toBe(ours);
    }
    expect(fileNameOf(answer(), 'people')).toBe('prospector-people-2026-01-05.csv');
  });
});
