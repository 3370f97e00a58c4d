import { describe, expect, it } from 'vitest';
import { chipText, evidenceHref, scoreBand } from './format.ts';

const company = { id: 'c0ffee00-0000-4000-8000-000000000001', name: 'Globex & Co' };

describe('evidence and signals', () => {
  it('opens each piece of evidence where it lives, with ids encoded', () => {
    const table: [Parameters<typeof evidenceHref>[0], string][] = [
      [{ type: 'document', id: 'd1' }, '/enterprise-file-search?q=Globex+%26+Co&document=d1'],
      [{ type: 'prospect', id: 'p1' }, '/prospect/p1'],
      [{ type: 'generated_document', id: 'g1' }, '/sales-document-generation?document=g1'],
      [{ type: 'rfp', id: 'r/1' }, '/rfp-editor/r%2F1'],
      [{ type: 'project', id: 'x?y' }, '/sales-projects/x%3Fy'],
      [{ type: 'contact', id: 'ignored' }, `/people-finder-master/research?companyId=${company.id}`],
      [{ type: 'company', id: 'ignored' }, `/people-finder-master/research?companyId=${company.id}`],
      [{ type: 'agent', id: 'emma' }, '/agents/emma'],
    ];
    for (const [link, href] of table) expect(evidenceHref(link, company), link.type).toBe(href);
  });

  it('bands a score at 30 and 60', () => {
    expect([0, 29, 30, 59, 60, 100].map((score) => scoreBand(score).label)).toEqual([
      'Weak',
      'Weak',
      'Medium',
      'Medium',
      'Strong',
      'Strong',
    ]);
  });

  it('says a signal in a short chip, counted in the singular for one', () => {
    expect(chipText('document_mention', 1)).toBe('1 document');
    expect(chipText('document_mention', 2)).toBe('2 documents');
    expect(chipText('people', 1)).toBe('1 person');
    expect(chipText('people', 0)).toBe('0 people');
    expect(chipText('generated_document', 3)).toBe('3 generated docs');
    expect(chipText('prospect', 1)).toBe('Prospect');
    expect(chipText('fit', 82)).toBe('ICP 82%');
  });
});
