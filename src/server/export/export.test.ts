/**
 * Exports of the Markdown the product writes: Word files read back from their XML, PDFs read back as text with
 * unpdf, so each check is on what a reader of the file would see.
 */
import JSZip from 'jszip';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { markdownToDocx, NO_ANSWER_TEXT, rfpToDocx } from './docx.ts';
import { parseMarkdown } from './markdown.ts';
import { markdownToPdf, toWinAnsi } from './pdf.ts';

const PROPOSAL = `# Proposal for Acme

Acme runs **42 plants** and wants *one* view of quality data [1][2]. Contact: [Missing: the contact's name].
See [our **security** page](https://example.com/security) for details.

## Why now

- Audits take **three weeks** today [3]
- Two systems → one
  - nested detail

1. Discovery workshop
2. Pilot in one plant
3. Roll-out

| Phase | Weeks | Owner |
|:------|------:|-------|
| Pilot | 6 | [Missing: owner] |
| Roll-out | 12 | Acme IT |

> Customers like this one cut audit time in half.

---

\`\`\`
GET /api/v1/health
\`\`\`
`;

async function documentXml(file: Uint8Array, part = 'word/document.xml'): Promise<string> {
  const zip = await JSZip.loadAsync(file);
  const entry = zip.file(part);
  if (!entry) throw new Error(`${part} is missing`);
  return entry.async('string');
}

/** The text of a run's `<w:t>` elements between two markers, to check what formatting a phrase carries. */
function runOf(xml: string, text: string): string {
  const at = xml.indexOf(`>${text}</w:t>`);
  expect(at, `no run "${text}"`).toBeGreaterThan(-1);
  return xml.slice(xml.lastIndexOf('<w:r>', at), at);
}

async function pdfText(file: Uint8Array): Promise<{ totalPages: number; pages: string[] }> {
  // pdf.js takes ownership of the buffer it reads; give it a copy.
  const { totalPages, text } = await extractText(new Uint8Array(file), { mergePages: false });
  return { totalPages, pages: text };
}

const pageObjects = (file: Uint8Array) =>
  (
    Buffer.from(file)
      .toString('latin1')
      .match(/\/Type \/Page\b/g) ?? []
  ).length;

describe('parseMarkdown', () => {
  it('keeps citation markers as text and flags missing inputs', () => {
    const [paragraph] = parseMarkdown('Cut time [1][2] and [3, 4]; owner [Missing: the owner].');
    expect(paragraph).toEqual({
      type: 'paragraph',
      runs: [
        { type: 'text', text: 'Cut time [1][2] and [3, 4]; owner ' },
        { type: 'text', text: '[Missing: the owner]', missing: true },
        { type: 'text', text: '.' },
      ],
    });
  });

  it('reads headings, nested lists, tables with alignment, quotes, rules and code', () => {
    const blocks = parseMarkdown(PROPOSAL);
    expect(blocks.map((block) => block.type)).toEqual([
      'heading',
      'paragraph',
      'heading',
      'list',
      'list',
      'table',
      'quote',
      'rule',
      'code',
    ]);
    const bullets = blocks[3];
    expect(bullets?.type === 'list' && bullets.items[1]?.[1]?.type).toBe('list');
    const table = blocks[5];
    expect(table?.type === 'table' && table.align).toEqual(['left', 'right', null]);
    expect(table?.type === 'table' && table.rows[0]?.[2]).toEqual([
      { type: 'text', text: '[Missing: owner]', missing: true },
    ]);
  });

  it('keeps HTML and script links as text', () => {
    const [paragraph] = parseMarkdown('<b>hi</b> [x](javascript:alert(1))');
    expect(paragraph).toEqual({
      type: 'paragraph',
      runs: [{ type: 'text', text: '<b>hi</b> [x](javascript:alert(1))' }],
    });
  });
});

describe('markdownToDocx', () => {
  it('writes Word headings, numbered and bulleted lists, a table, formatting, links and missing marks', async () => {
    const file = await markdownToDocx({
      title: 'Proposal',
      subtitle: 'For Acme',
      footer: 'Confidential',
      markdown: PROPOSAL,
    });
    const xml = await documentXml(file);

    expect(xml).toMatch(/<w:pStyle w:val="Title"\/>.*?>Proposal<\/w:t>/);
    expect(xml).toMatch(/<w:pStyle w:val="Heading1"\/>.*?>Proposal for Acme<\/w:t>/);
    expect(xml).toMatch(/<w:pStyle w:val="Heading2"\/>.*?>Why now<\/w:t>/);

    // Bullets and numbers are two lists, each a real Word numbering; the nested item is one level down.
    const numIds = (text: string) => {
      const at = xml.indexOf(`>${text}</w:t>`);
      const paragraph = xml.slice(xml.lastIndexOf('<w:p>', at), at);
      return [
        paragraph.match(/<w:ilvl w:val="(\d)"\/>/)?.[1],
        paragraph.match(/<w:numId w:val="(\d+)"\/>/)?.[1],
      ];
    };
    const [bulletLevel, bulletList] = numIds('Two systems → one');
    const [nestedLevel, nestedList] = numIds('nested detail');
    const [numberLevel, numberList] = numIds('Pilot in one plant');
    expect([bulletLevel, nestedLevel, numberLevel]).toEqual(['0', '1', '0']);
    expect(nestedList).toBe(bulletList);
    expect(numberList).not.toBe(bulletList);
    const numbering = await documentXml(file, 'word/numbering.xml');
    expect(numbering).toContain('w:val="bullet"');
    expect(numbering).toContain('w:val="decimal"');

    expect(xml).toContain('<w:tbl>');
    expect(xml).toContain('<w:tblHeader/>');
    expect(xml).toMatch(/<w:insideV w:val="single"/);
    expect(runOf(xml, 'Phase')).toContain('<w:b/>');
    expect(runOf(xml, '42 plants')).toContain('<w:b/>');
    expect(runOf(xml, 'one')).toContain('<w:i/>');

    const missing = runOf(xml, '[Missing: the contact&apos;s name]');
    expect(missing).toContain('<w:highlight w:val="yellow"/>');
    expect(missing).toContain('<w:i/>');
    expect(runOf(xml, '[Missing: owner]')).toContain('<w:highlight w:val="yellow"/>');
    expect(xml).toContain('[1][2]');

    const link = xml.match(/<w:hyperlink [^>]*r:id="([^"]+)"[^>]*>.*?<\/w:hyperlink>/);
    // One hyperlink around the whole link text, its bold word included.
    expect(link?.[0]).toMatch(/>our <\/w:t>.*<w:b\/>.*>security<\/w:t>.*> page<\/w:t>/);
    const relations = await documentXml(file, 'word/_rels/document.xml.rels');
    expect(relations).toContain(`Id="${link?.[1]}"`);
    expect(relations).toContain('Target="https://example.com/security"');

    expect(await documentXml(file, 'word/footer1.xml')).toContain('Confidential');
  });

  it('gives an empty document its title and nothing else', async () => {
    const xml = await documentXml(await markdownToDocx({ title: 'Empty', markdown: '' }));
    expect(xml).toMatch(/<w:pStyle w:val="Title"\/>.*?>Empty<\/w:t>/);
    expect(xml.match(/<w:p>|<w:p\/>/g)).toHaveLength(1);
  });

  it('drops characters XML cannot hold instead of writing a file Word refuses', async () => {
    const xml = await documentXml(await markdownToDocx({ title: 'Bell\u0007', markdown: 'Form\u000C feed' }));
    expect(xml).toContain('>Bell</w:t>');
    expect(xml).toContain('>Form feed</w:t>');
  });
});

describe('rfpToDocx', () => {
  it('lists each question under its section with its answer and sources', async () => {
    const file = await rfpToDocx({
      title: 'Acme security questionnaire',
      subtitle: 'Response by Prospector',
      questions: [
        {
          ref: '1.1',
          section: 'Security',
          text: 'Do you encrypt data at rest?',
          answer: 'Yes, **AES-256** on every volume [1].',
          status: 'approved',
          sources: [{ ref: 1, title: 'Security whitepaper', section: 'Encryption', page: 4 }],
        },
        {
          ref: '1.2',
          section: 'Security',
          text: 'Do you support SSO?',
          answer: '',
          status: 'draft',
          sources: [],
        },
        {
          ref: null,
          section: 'Commercial',
          text: 'What are your payment terms?',
          answer: '- Net 30\n- Annual invoice',
          status: 'needs_review',
          sources: [
            { ref: 1, title: 'Pricing', section: null, page: null },
            { ref: 2, title: 'MSA', section: 'Payment', page: null },
          ],
        },
      ],
    });
    const xml = await documentXml(file);
    const text = xml.replace(/<[^>]+>/g, '');

    expect(xml).toMatch(/<w:pStyle w:val="Heading1"\/>.*?>Security<\/w:t>/);
    expect(xml).toMatch(/<w:pStyle w:val="Heading1"\/>.*?>Commercial<\/w:t>/);
    expect(xml.match(/>Security<\/w:t>/g)).toHaveLength(1);
    expect(runOf(xml, '1.1 Do you encrypt data at rest?')).toContain('<w:b/>');
    expect(runOf(xml, 'What are your payment terms?')).toContain('<w:b/>');
    expect(runOf(xml, 'AES-256')).toContain('<w:b/>');
    expect(runOf(xml, NO_ANSWER_TEXT)).toContain('<w:i/>');
    expect(text).toContain('Sources: [1] Security whitepaper, Encryption, p. 4');
    expect(text).toContain('Sources: [1] Pricing; [2] MSA, Payment');
    expect(xml).toMatch(/<w:numId w:val="\d+"\/>.*?>Net 30<\/w:t>/);
    // In document order: the first question, its answer and sources, then the second.
    const order = [
      '1.1 Do you encrypt',
      'AES-256',
      'Security whitepaper',
      '1.2 Do you support SSO?',
      NO_ANSWER_TEXT,
    ];
    const positions = order.map((part) => text.indexOf(part));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});

describe('markdownToPdf', () => {
  const date = new Date('2024-05-01T12:00:00Z');

  it('prints the title, headings, lists, table cells and replaces symbols the fonts lack', async () => {
    const file = await markdownToPdf({ title: 'Proposal', subtitle: 'For Acme', markdown: PROPOSAL, date });
    expect(Buffer.from(file.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const { totalPages, pages } = await pdfText(file);
    expect(totalPages).toBe(1);
    const text = pages.join('\n');
    for (const expected of [
      'Proposal',
      'For Acme',
      'Why now',
      'Discovery workshop',
      '1. Discovery workshop',
      'nested detail',
      'Phase',
      'Roll-out',
      'Acme IT',
      '[Missing: owner]',
      "[Missing: the contact's name]",
      'GET /api/v1/health',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('Two systems -> one');
    expect(text).not.toContain('→');
    expect(text).toMatch(/•\s*Audits take three weeks today \[3\]/);
  });

  it('is the same file for the same input and date', async () => {
    const first = await markdownToPdf({ title: 'Same', markdown: PROPOSAL, date });
    const second = await markdownToPdf({ title: 'Same', markdown: PROPOSAL, date });
    expect(Buffer.compare(Buffer.from(first), Buffer.from(second))).toBe(0);
  });

  it('breaks a long document into numbered pages', async () => {
    // 250 one-line paragraphs: about 36 fit on an A4 page at 10.5 pt, so 7 or 8 pages with the title.
    const markdown = Array.from({ length: 250 }, (_, index) => `Paragraph number ${index + 1}.`).join('\n\n');
    const file = await markdownToPdf({ title: 'Long', markdown, date });
    const { totalPages, pages } = await pdfText(file);
    expect(totalPages).toBeGreaterThanOrEqual(7);
    expect(totalPages).toBeLessThanOrEqual(8);
    expect(pageObjects(file)).toBe(totalPages);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${totalPages}`);
    });
    expect(pages.at(-1)).toContain('Paragraph number 250.');
  });

  it('carries a long table over pages, repeating its header', async () => {
    const rows = Array.from({ length: 150 }, (_, index) => `| Row ${index + 1} | ${'value '.repeat(12)} |`);
    const markdown = ['| Name | Notes |', '|---|---|', ...rows].join('\n');
    const { totalPages, pages } = await pdfText(await markdownToPdf({ title: 'Table', markdown, date }));
    expect(totalPages).toBeGreaterThan(1);
    for (const page of pages) expect(page).toMatch(/Name\s+Notes/);
    expect(pages.join('\n')).toContain('Row 150');
  });

  it('gives an empty document one page with its title', async () => {
    const { totalPages, pages } = await pdfText(
      await markdownToPdf({ title: 'Empty', markdown: '  \n', date }),
    );
    expect(totalPages).toBe(1);
    expect(pages[0]?.replace(/\s+/g, ' ').trim()).toBe('Empty Page 1 of 1');
  });
});

describe('toWinAnsi', () => {
  it('keeps what the built-in fonts print and maps or drops the rest', () => {
    expect(toWinAnsi('“Quoted” – café … 100 € ✓ → ≥ Łódź ő 🎉!')).toBe(
      '“Quoted” – café … 100 € [x] -> >= Lódz o !',
    );
    expect(toWinAnsi('数据')).toBe('??');
  });
});

describe('a 5,000-line document', () => {
  const lines: string[] = [];
  for (let index = 0; lines.length < 5000; index++) {
    lines.push(
      `## Section ${index}`,
      '',
      `Paragraph ${index} with **bold**, *italic*, [Missing: item ${index}] and a citation [${(index % 9) + 1}].`,
      '',
      `- point ${index}`,
      `- another point ${index}`,
      '',
      '| Key | Value |',
      '|-----|-------|',
      `| key ${index} | value ${index} |`,
      '',
    );
  }
  const markdown = lines.join('\n');

  it('exports to DOCX', async () => {
    const started = performance.now();
    const xml = await documentXml(await markdownToDocx({ title: 'Big', markdown }));
    console.log(`5,000-line DOCX: ${Math.round(performance.now() - started)} ms`);
    expect(xml).toContain('>Section 454</w:t>');
  });

  it('exports to PDF', async () => {
    const started = performance.now();
    const file = await markdownToPdf({ title: 'Big', markdown });
    console.log(`5,000-line PDF: ${Math.round(performance.now() - started)} ms, ${pageObjects(file)} pages`);
    const { totalPages, pages } = await pdfText(file);
    expect(totalPages).toBeGreaterThan(50);
    expect(pages.at(-1)).toContain('value 454');
  });
});
