import { describe, expect, it } from 'vitest';
import type { KnowledgeSource } from '../../shared/knowledge.ts';
import { passageHref, passagePlace, passageState } from './passage-link.ts';

const DOC = '11111111-1111-4111-8111-111111111111';
const CHUNK = '22222222-2222-4222-8222-222222222222';

describe('passageHref', () => {
  it('opens file search narrowed to the document at the passage, with the words of the search', () => {
    const href = passageHref({ documentId: DOC, chunkId: CHUNK }, '  mfa & sso  ');
    expect(href.startsWith('/enterprise-file-search?')).toBe(true);
    const params = new URL(href, 'http://x').searchParams;
    expect(Object.fromEntries(params)).toEqual({ q: 'mfa & sso', document: DOC, passage: CHUNK });
  });

  it('leaves the words out when there are none', () => {
    expect(passageHref({ documentId: DOC, chunkId: CHUNK }, '   ')).toBe(
      `/enterprise-file-search?document=${DOC}&passage=${CHUNK}`,
    );
  });

  it('keeps at most 200 characters of words', () => {
    const href = passageHref({ documentId: DOC, chunkId: CHUNK }, `${'é'.repeat(250)}`);
    expect(new URL(href, 'http://x').searchParams.get('q')).toBe('é'.repeat(200));
  });
});

describe('passagePlace', () => {
  it('reads "section › subsection · page n", leaving out what says nothing', () => {
    const table: [{ section: string | null; page: number | null; title?: string }, string][] = [
      [{ section: 'Access control > MFA', page: 3 }, 'Access control › MFA · page 3'],
      [{ section: 'A>B  >   C', page: null }, 'A › B › C'],
      [{ section: null, page: 12 }, 'page 12'],
      [{ section: null, page: null }, ''],
      // Page 0 is no page (a file without pages).
      [{ section: 'Intro', page: 0 }, 'Intro'],
      // A section named like its document says nothing more.
      [{ section: 'Access Reviews', page: 2, title: 'Access Reviews' }, 'page 2'],
      [{ section: 'Access Reviews', page: 2, title: 'Access reviews policy' }, 'Access Reviews · page 2'],
    ];
    for (const [passage, place] of table) expect(passagePlace(passage), JSON.stringify(passage)).toBe(place);
  });
});

describe('passageState', () => {
  it("carries a cited source's snippet as the passage's text", () => {
    const source: KnowledgeSource = {
      ref: 1,
      documentId: DOC,
      chunkId: CHUNK,
      title: 'Security policy',
      filename: 'security.pdf',
      section: 'Encryption',
      page: 4,
      snippet: 'Data at rest is encrypted with AES-256.',
      entity: null,
      score: 0.8,
    };
    expect(passageState(source)).toEqual({
      passage: {
        documentId: DOC,
        chunkId: CHUNK,
        title: 'Security policy',
        filename: 'security.pdf',
        section: 'Encryption',
        page: 4,
        text: 'Data at rest is encrypted with AES-256.',
      },
    });
  });
});
