/**
 * Questions out of a questionnaire in every format (issue 9): Google's VSAQ questionnaires (242 questions in
 * the four, as their flat list says), CSV and Excel files with and without an answer column (and the answers
 * written back into them), Markdown, text, Word, PDF, a real RFQ, and the files we refuse, with their reasons.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { KB_DATA_DIR, kbDataAvailable } from '../../../../tests/helpers/kb-data.ts';
import { buildDocx, buildPdf, buildZipBombDocx } from '../../../../tests/helpers/knowledge-files.ts';
import { RFP_MAX_QUESTIONS, RFP_NO_QUESTIONS } from '../../../shared/rfp.ts';
import { decodeEntities } from '../knowledge/extract.ts';
import {
  type ExtractedQuestion,
  parseQuestionnaire,
  QuestionnaireError,
  questionsFromText,
  writeAnswersBack,
} from './questionnaire.ts';

// The shared data beside the repository (tests/helpers/kb-data.ts): skipped without it, failed under CI.
const VSAQ = join(KB_DATA_DIR, 'questionnaires');
const VSAQ_FILES = ['webapp', 'security_privacy_programs', 'infrastructure', 'physical_and_datacenter'];
const VSAQ_AVAILABLE = kbDataAvailable('Parsing the VSAQ questionnaires', [
  ...VSAQ_FILES.map((name) => `questionnaires/${name}.json`),
  'questionnaires/vsaq-questions-flat.json',
]);
const RFQ = 'rfq/bpa-fedramp-dashboard/Posted-to-eBuy/RFQ.md';
const TECHNICAL_APPROACH = 'rfq/bpa-fs-epermit-api/solicitation_documents/TECHNICAL-APPROACH-TEMPLATE.md';
const RFQ_AVAILABLE = kbDataAvailable('The real RFQ test', [RFQ, TECHNICAL_APPROACH]);
const FIXTURES = join(import.meta.dirname, '../../../../tests/fixtures/knowledge');

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (file: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(file);
const parse = (filename: string, content: Uint8Array | string) =>
  parseQuestionnaire({ filename, bytes: typeof content === 'string' ? bytes(content) : content });
const brief = (questions: ExtractedQuestion[]) => questions.map((q) => [q.ref, q.section, q.text]);

/** The value, failing the test when it is missing. */
function present<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

describe.skipIf(!VSAQ_AVAILABLE)('VSAQ questionnaires', () => {
  const words = (text: string) => text.replace(/\s+/g, '');
  type FlatItem = { questionnaire: string; id: string; type: string; text: string };
  const flat = () => JSON.parse(readFileSync(join(VSAQ, 'vsaq-questions-flat.json'), 'utf8')) as FlatItem[];

  it('reads the four questionnaires (comments, joined strings, HTML): 242 questions, as the flat list has them', async () => {
    const listed = flat();
    let total = 0;
    for (const name of VSAQ_FILES) {
      const parsed = await parse(`${name}.json`, readFileSync(join(VSAQ, `${name}.json`)));
      const expected = listed.filter((item) => item.questionnaire === name);
      expect(parsed.format).toBe('vsaq');
      expect(parsed.layout).toBeNull();
      // The flat list ran paragraphs together and left entities: compare the words.
      expect(parsed.questions.map((q) => [q.ref, words(q.text)])).toEqual(
        expected.map((item) => [item.id ?? null, words(decodeEntities(item.text))]),
      );
      total += parsed.questions.length;
    }
    expect(total).toBe(242);
  });

  it('keeps the block path as the section and the top block as the title', async () => {
    const webapp = await parse('webapp.json', readFileSync(join(VSAQ, 'webapp.json')));
    expect(webapp.title).toBe('Web Application Security Questionnaire');
    expect(webapp.questions[0]).toEqual({
      ref: 'application_name',
      section: 'Application > Application Metadata',
      text: 'The name of the application:',
      location: null,
    });
    expect(webapp.questions.find((q) => q.ref === 'application_frameworks')?.text).toBe(
      'What frameworks (if any) does this application require?',
    );
    // HTML marks and entities are gone (a code sample's "<script>" is words of the question).
    expect(webapp.questions.some((q) => /<\/?(?:p|b|a|i|ul|li|code|br)\b|&[a-z]+;/.test(q.text))).toBe(false);
    expect(webapp.questions.find((q) => q.ref === 'application_ssl_mixedcontent')?.text).toContain(
      'mixed content warnings. To avoid these issues, do you have checks in place',
    );
    const physical = await parse('physical.json', readFileSync(join(VSAQ, 'physical_and_datacenter.json')));
    expect(physical.title).toBe('Physical & Data Center Security Questionnaire');
    expect(physical.questions.find((q) => q.ref === 'dc_testing')).toMatchObject({
      text: 'Are all of the controls you selected above tested at least annually?',
    });
  });

  it('reads the flat list: 242 questions, each under its questionnaire', async () => {
    const parsed = await parse(
      'vsaq-questions-flat.json',
      readFileSync(join(VSAQ, 'vsaq-questions-flat.json')),
    );
    expect(parsed.questions).toHaveLength(242);
    expect(new Set(parsed.questions.map((q) => q.section))).toEqual(new Set(VSAQ_FILES));
    expect(parsed.questions[0]).toMatchObject({ ref: 'application_name', section: 'webapp' });
  });
});

describe('CSV questionnaires', () => {
  const withAnswers = [
    'ID,Question,Answer,Notes',
    'Access control,,,',
    'AC-1,Do you enforce MFA for all staff?,,must',
    'AC-2,"Describe how access is reviewed,',
    'and how often.",,',
    'AC-3,,,skipped: no question',
    'Data,,,',
    'DP-1,Is customer data encrypted at rest?,Yes,',
    '',
  ].join('\n');

  it('finds the question, number and answer columns, sections and rows', async () => {
    const parsed = await parse('q.csv', withAnswers);
    expect(parsed.format).toBe('csv');
    expect(parsed.title).toBeNull();
    expect(parsed.layout).toEqual({
      sheet: null,
      headerRow: 1,
      questionColumn: 2,
      answerColumn: 3,
      answerColumnAdded: false,
    });
    expect(parsed.questions).toEqual([
      {
        ref: 'AC-1',
        section: 'Access control',
        text: 'Do you enforce MFA for all staff?',
        location: { sheet: null, row: 3 },
      },
      {
        ref: 'AC-2',
        section: 'Access control',
        text: 'Describe how access is reviewed, and how often.',
        location: { sheet: null, row: 4 },
      },
      {
        ref: 'DP-1',
        section: 'Data',
        text: 'Is customer data encrypted at rest?',
        location: { sheet: null, row: 7 },
      },
    ]);
  });

  it('writes answers as plain text into the answer column and leaves every other cell alone', async () => {
    const parsed = await parse('q.csv', withAnswers);
    const [first, second] = parsed.questions;
    const written = await writeAnswersBack({
      format: 'csv',
      file: bytes(withAnswers),
      layout: present(parsed.layout),
      answers: [
        {
          location: present(first?.location),
          answer: '## Yes\n\n**All** staff use *hardware* keys:\n* admins\n* engineers',
        },
        { location: present(second?.location), answer: '=HYPERLINK("http://evil")' },
      ],
    });
    const rows = Papa.parse<string[]>(text(written)).data;
    expect(rows[2]).toEqual([
      'AC-1',
      'Do you enforce MFA for all staff?',
      'Yes\n\nAll staff use hardware keys:\n- admins\n- engineers',
      'must',
    ]);
    // A formula is kept as text.
    expect(rows[3]?.[2]).toBe(`'=HYPERLINK("http://evil")`);
    // Untouched rows are byte for byte what they were, the answer already there included.
    const lines = text(written).split('\n');
    const original = withAnswers.split('\n');
    expect(lines.slice(0, 2)).toEqual(original.slice(0, 2));
    expect(lines.slice(-4)).toEqual(original.slice(-4));
  });

  it('appends an Answer column when there is none, below a title row, keeping the BOM, ; and CRLF', async () => {
    const csv =
      '\uFEFFVendor questionnaire 2025;;\r\nNo;Requirement;Owner\r\n1;Provide your SOC 2 report.;Sam\r\n2;Is there a bug bounty?;\r\n';
    const parsed = await parse('q.csv', csv);
    expect(parsed.layout).toEqual({
      sheet: null,
      headerRow: 2,
      questionColumn: 2,
      answerColumn: 4,
      answerColumnAdded: true,
    });
    expect(brief(parsed.questions)).toEqual([
      ['1', null, 'Provide your SOC 2 report.'],
      ['2', null, 'Is there a bug bounty?'],
    ]);
    const written = await writeAnswersBack({
      format: 'csv',
      file: bytes(csv),
      layout: present(parsed.layout),
      answers: [{ location: present(parsed.questions[1]?.location), answer: 'Yes, on HackerOne.' }],
    });
    expect(text(written)).toBe(
      '\uFEFFVendor questionnaire 2025;;;\r\nNo;Requirement;Owner;Answer\r\n1;Provide your SOC 2 report.;Sam;\r\n2;Is there a bug bounty?;;Yes, on HackerOne.\r\n',
    );
  });

  it("puts the verdict in the questionnaire's own Yes/No column and the rest of the answer in its answer column", async () => {
    const csv =
      'ID,Question,Yes/No,Comments\nAC-1,Do you enforce MFA?,,\nAC-2,Are shared accounts allowed?,,\nAC-3,Describe your SDLC.,,\n';
    const parsed = await parse('q.csv', csv);
    expect(parsed.layout).toMatchObject({ questionColumn: 2, verdictColumn: 3, answerColumn: 4 });
    const [mfa, shared, sdlc] = parsed.questions;
    const written = await writeAnswersBack({
      format: 'csv',
      file: bytes(csv),
      layout: present(parsed.layout),
      answers: [
        { location: present(mfa?.location), answer: 'Yes. MFA is required for all staff [1].' },
        { location: present(shared?.location), answer: 'No. Generic accounts are not allowed [1].' },
        { location: present(sdlc?.location), answer: 'Every change is reviewed before it is merged [1].' },
      ],
    });
    expect(Papa.parse<string[]>(text(written)).data.slice(1, 4)).toEqual([
      ['AC-1', 'Do you enforce MFA?', 'Yes', 'MFA is required for all staff [1].'],
      ['AC-2', 'Are shared accounts allowed?', 'No', 'Generic accounts are not allowed [1].'],
      ['AC-3', 'Describe your SDLC.', '', 'Every change is reviewed before it is merged [1].'],
    ]);
  });

  it('takes the column with the longest text when none is called a question', async () => {
    const parsed = await parse(
      'q.csv',
      'Nr,Topic,Details\n1,MFA,Do you require MFA for remote access?\n2,Logs,How long are logs kept?\n',
    );
    expect(parsed.layout?.questionColumn).toBe(3);
    expect(brief(parsed.questions)).toEqual([
      ['1', null, 'Do you require MFA for remote access?'],
      ['2', null, 'How long are logs kept?'],
    ]);
  });
});

describe('Excel questionnaires', () => {
  const HEADER_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F4E79' } } as const;

  /** Instructions first (no questions there), then the questionnaire with a styled header, then notes. */
  async function buildWorkbook(answerHeader: string | null): Promise<Uint8Array> {
    const workbook = new ExcelJS.Workbook();
    const instructions = workbook.addWorksheet('Instructions');
    instructions.addRow(['Fill in the Questions sheet and send it back to procurement.']);
    instructions.addRow(['Contact: security@example.com']);
    const sheet = workbook.addWorksheet('Questions');
    sheet.addRow(['Security questionnaire']);
    sheet.mergeCells('A1:D1');
    sheet.addRow([]);
    sheet.addRow(['#', 'Question', ...(answerHeader ? [answerHeader] : []), 'Notes']);
    const header = sheet.getRow(3);
    header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    for (let column = 1; column <= (answerHeader ? 4 : 3); column++)
      header.getCell(column).fill = HEADER_FILL;
    sheet.addRow(['Access control']);
    sheet.mergeCells('A4:D4');
    const row = (ref: string, question: unknown, comment = '') =>
      sheet.addRow(answerHeader ? [ref, question, null, comment] : [ref, question, comment]);
    row('1.1', 'Do you enforce MFA for all staff?', 'keep me');
    row('1.2', { richText: [{ text: 'Describe ' }, { text: 'your password policy', font: { bold: true } }] });
    row('1.3', '');
    sheet.addRow(['Data']);
    row('2.1', 'Is customer data encrypted at rest?');
    // Body cells top-aligned: one style the cells share once the file is read back.
    for (const number of [5, 6, 7, 9]) {
      for (let column = 1; column <= 4; column++)
        sheet.getRow(number).getCell(column).alignment = { vertical: 'top' };
    }
    const notes = workbook.addWorksheet('Notes');
    notes.getCell('A1').value = 'Total';
    notes.getCell('B1').value = { formula: '1+1', result: 2 };
    return new Uint8Array(await workbook.xlsx.writeBuffer());
  }

  async function readWorkbook(file: Uint8Array): Promise<ExcelJS.Workbook> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(file) as unknown as ArrayBuffer);
    return workbook;
  }

  it('reads the first sheet with questions, under a title row, with sections and rich text', async () => {
    const parsed = await parse('q.xlsx', await buildWorkbook('Vendor response'));
    expect(parsed.format).toBe('xlsx');
    expect(parsed.layout).toEqual({
      sheet: 'Questions',
      headerRow: 3,
      questionColumn: 2,
      answerColumn: 3,
      answerColumnAdded: false,
    });
    expect(parsed.questions).toEqual([
      {
        ref: '1.1',
        section: 'Access control',
        text: 'Do you enforce MFA for all staff?',
        location: { sheet: 'Questions', row: 5 },
      },
      {
        ref: '1.2',
        section: 'Access control',
        text: 'Describe your password policy',
        location: { sheet: 'Questions', row: 6 },
      },
      {
        ref: '2.1',
        section: 'Data',
        text: 'Is customer data encrypted at rest?',
        location: { sheet: 'Questions', row: 9 },
      },
    ]);
  });

  it('fills the answer cells and keeps the other sheets, cells and styles', async () => {
    const file = await buildWorkbook('Vendor response');
    const parsed = await parse('q.xlsx', file);
    const written = await writeAnswersBack({
      format: 'xlsx',
      file,
      layout: present(parsed.layout),
      answers: [
        { location: present(parsed.questions[0]?.location), answer: '**Yes**, with hardware keys.' },
        { location: present(parsed.questions[2]?.location), answer: 'Yes:\n- AES-256\n- keys in KMS' },
      ],
    });
    const workbook = await readWorkbook(written);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Instructions', 'Questions', 'Notes']);
    const sheet = present(workbook.getWorksheet('Questions'));
    expect(sheet.getCell('C5').value).toBe('Yes, with hardware keys.');
    expect(sheet.getCell('C6').value).toBeNull();
    expect(sheet.getCell('C9').value).toBe('Yes:\n- AES-256\n- keys in KMS');
    expect(sheet.getCell('C9').alignment).toMatchObject({ wrapText: true });
    // Only that cell wraps: cells that shared its style are as they were.
    for (const address of ['C5', 'C6', 'D5', 'B9'])
      expect(sheet.getCell(address).alignment).toEqual({ vertical: 'top' });
    expect(sheet.getCell('D5').value).toBe('keep me');
    expect(sheet.getCell('B3').value).toBe('Question');
    expect(sheet.getCell('B3').font).toMatchObject({ bold: true });
    expect(sheet.getCell('C3').fill).toEqual(HEADER_FILL);
    expect(sheet.getCell('A1').isMerged).toBe(true);
    expect(present(workbook.getWorksheet('Instructions')).getCell('A2').value).toBe(
      'Contact: security@example.com',
    );
    expect(present(workbook.getWorksheet('Notes')).getCell('B1').value).toEqual({
      formula: '1+1',
      result: 2,
    });
  });

  it('appends an Answer column, headed like the others, when the sheet has none', async () => {
    const file = await buildWorkbook(null);
    const parsed = await parse('q.xlsx', file);
    expect(parsed.layout).toMatchObject({ headerRow: 3, answerColumn: 4, answerColumnAdded: true });
    const written = await writeAnswersBack({
      format: 'xlsx',
      file,
      layout: present(parsed.layout),
      answers: [{ location: present(parsed.questions[1]?.location), answer: 'At least 14 characters.' }],
    });
    const sheet = present((await readWorkbook(written)).getWorksheet('Questions'));
    expect(sheet.getCell('D3').value).toBe('Answer');
    expect(sheet.getCell('D3').font).toMatchObject({ bold: true });
    expect(sheet.getCell('D6').value).toBe('At least 14 characters.');
    expect(sheet.getCell('C5').value).toBe('keep me');
  });
});

describe('Markdown, text and pasted questionnaires', () => {
  const markdown = `# Vendor Security Questionnaire

Answer every question below.

## Access control

1. Do you enforce multi-factor authentication for all
   administrative access to production systems?
2. Describe your password policy, including length
   and rotation requirements.
3. SSO?
4. Yes

- Is access reviewed at least quarterly?
- Quarterly reviews

## Data protection

| # | Question | Notes |
|---|----------|-------|
| 2.1 | Is customer data encrypted at rest? | AES-256 |
| | Backups | |
| 2.2 | How often are backups tested? | |

Our platform runs in AWS. Do you store customer data outside the EU? We may ask more.

Please confirm that you carry cyber insurance

\`\`\`
1. Is this code a question?
\`\`\`

Incident response:

A.1 Provide your incident response plan.
Q7: Will you notify us of a breach within 72 hours?
(a) Do you run tabletop exercises
Question 8: Have you had a breach in the last three years?
Question 8: Have you had a breach in the last three years?
`;

  it('finds numbered items, questions, requirement lines and table rows under their sections', async () => {
    const parsed = await parse('questionnaire.md', markdown);
    expect(parsed.format).toBe('markdown');
    expect(parsed.title).toBe('Vendor Security Questionnaire');
    expect(parsed.layout).toBeNull();
    expect(brief(parsed.questions)).toEqual([
      [
        '1',
        'Access control',
        'Do you enforce multi-factor authentication for all administrative access to production systems?',
      ],
      ['2', 'Access control', 'Describe your password policy, including length and rotation requirements.'],
      ['3', 'Access control', 'SSO?'],
      [null, 'Access control', 'Is access reviewed at least quarterly?'],
      ['2.1', 'Data protection', 'Is customer data encrypted at rest?'],
      ['2.2', 'Data protection > Backups', 'How often are backups tested?'],
      [null, 'Data protection', 'Do you store customer data outside the EU?'],
      [null, 'Data protection', 'Please confirm that you carry cyber insurance'],
      ['A.1', 'Data protection > Incident response', 'Provide your incident response plan.'],
      ['7', 'Data protection > Incident response', 'Will you notify us of a breach within 72 hours?'],
      ['a', 'Data protection > Incident response', 'Do you run tabletop exercises'],
      ['8', 'Data protection > Incident response', 'Have you had a breach in the last three years?'],
    ]);
    expect(parsed.questions.every((q) => q.location === null)).toBe(true);
  });

  it('reads plain text with "Label:" sections, numbered sections and page furniture', async () => {
    const parsed = await parse(
      'q.txt',
      [
        'Supplier due diligence',
        '',
        '1 Governance',
        '1.1 Do you have an information security policy approved by',
        'management?',
        'Page 3 of 10',
        '1.2 Who is responsible for security',
        '',
        '2 Continuity',
        '2.1 Describe your disaster recovery plan.',
        '',
        'Other:',
        'Do you use subcontractors? Are they assessed yearly?',
        'Thank you.',
      ].join('\n'),
    );
    expect(parsed.format).toBe('text');
    expect(parsed.title).toBeNull();
    expect(brief(parsed.questions)).toEqual([
      ['1.1', 'Governance', 'Do you have an information security policy approved by management?'],
      ['1.2', 'Governance', 'Who is responsible for security'],
      ['2.1', 'Continuity', 'Describe your disaster recovery plan.'],
      // A label stands below the numbered section it follows.
      [null, 'Continuity > Other', 'Do you use subcontractors? Are they assessed yearly?'],
    ]);
  });

  it('reads rows pasted from a spreadsheet (tab-separated) and refuses text with no questions or too many', () => {
    expect(
      brief(
        questionsFromText(
          'ID\tQuestion\tAnswer\nQ-1\tIs data backed up daily?\t\nVendors\t\t\n\tList your subprocessors\t\nQ-3\tSOC 2\tYes',
        ),
      ),
    ).toEqual([
      ['Q-1', null, 'Is data backed up daily?'],
      [null, 'Vendors', 'List your subprocessors'],
      ['Q-3', 'Vendors', 'SOC 2'],
    ]);
    expect(() => questionsFromText('We are a company.\n\nWe sell software.')).toThrow(RFP_NO_QUESTIONS);
    const many = Array.from(
      { length: RFP_MAX_QUESTIONS + 1 },
      (_, i) => `Q${i + 1}: Is control ${i} in place?`,
    );
    expect(() => questionsFromText(many.join('\n'))).toThrow(
      new QuestionnaireError(
        `It has ${RFP_MAX_QUESTIONS + 1} questions, more than the ${RFP_MAX_QUESTIONS} one questionnaire may have; split it into smaller questionnaires`,
      ),
    );
  });
});

describe('Word and PDF questionnaires', () => {
  /** A Word document with headings and paragraphs, and a table of questions appended. */
  async function docxWithTable(): Promise<Uint8Array> {
    const zip = await JSZip.loadAsync(
      await buildDocx([
        { heading: 1, text: 'Vendor Questionnaire' },
        { heading: 2, text: 'Access' },
        { text: 'Please answer in the table below or inline.' },
        { text: '1. Do you enforce MFA for administrators?' },
        { text: 'Session timeout:' },
        { text: 'Describe how idle sessions end' },
        { heading: 2, text: 'Data' },
      ]),
    );
    const cell = (value: string) =>
      `<w:tc>${value ? `<w:p><w:r><w:t xml:space="preserve">${value}</w:t></w:r></w:p>` : '<w:p/>'}</w:tc>`;
    const row = (...cells: string[]) => `<w:tr>${cells.map(cell).join('')}</w:tr>`;
    const table = `<w:tbl>${row('#', 'Question', 'Answer')}${row('4.1', 'Is data encrypted at rest?', '')}${row('4.2', 'Key rotation period', 'Yearly')}${row('4.3', 'Provide your data retention schedule', '')}</w:tbl>`;
    const document = await present(zip.file('word/document.xml')).async('string');
    zip.file('word/document.xml', document.replace('</w:body>', `${table}</w:body>`));
    return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
  }

  it('reads a Word document: paragraphs and table rows that ask, under their headings', async () => {
    const parsed = await parse('questionnaire.docx', await docxWithTable());
    expect(parsed.format).toBe('docx');
    expect(parsed.title).toBe('Vendor Questionnaire');
    expect(brief(parsed.questions)).toEqual([
      ['1', 'Access', 'Do you enforce MFA for administrators?'],
      [null, 'Access > Session timeout', 'Describe how idle sessions end'],
      ['4.1', 'Data', 'Is data encrypted at rest?'],
      ['4.3', 'Data', 'Provide your data retention schedule'],
    ]);
  });

  it('reads a PDF: wrapped lines joined, numbered sections, page numbers left out', async () => {
    const pdf = buildPdf([
      [
        'Security Questionnaire',
        '1. Access control',
        '1.1 Do you enforce multi-factor',
        'authentication for all staff?',
        '1.2 Describe your password policy.',
        'Page 1 of 2',
      ],
      [
        '2. Data',
        '2.1 Is customer data encrypted at rest?',
        'Are backups encrypted?',
        'Who can restore them?',
        '2',
      ],
    ]);
    const parsed = await parse('q.pdf', pdf);
    expect(parsed.format).toBe('pdf');
    expect(brief(parsed.questions)).toEqual([
      ['1.1', 'Access control', 'Do you enforce multi-factor authentication for all staff?'],
      ['1.2', 'Access control', 'Describe your password policy.'],
      ['2.1', 'Data', 'Is customer data encrypted at rest? Are backups encrypted? Who can restore them?'],
    ]);
  });

  it('finds no questions in a PDF form that asks none', async () => {
    await expect(parse('notice.pdf', readFileSync(join(FIXTURES, 'sanction-notice.pdf')))).rejects.toThrow(
      new QuestionnaireError(RFP_NO_QUESTIONS),
    );
  });
});

describe('files that cannot be read', () => {
  it('refuses each with a reason the user can act on', async () => {
    const refusal = async (filename: string, content: Uint8Array | string) => {
      const error = await parse(filename, content).then(
        () => null,
        (err: unknown) => err,
      );
      expect(error).toBeInstanceOf(QuestionnaireError);
      return (error as QuestionnaireError).message;
    };
    for (const name of ['q.csv', 'q.xlsx', 'q.docx', 'q.pdf', 'q.md', 'q.json']) {
      expect(await refusal(name, '')).toBe('The file is empty');
    }
    expect(await refusal('q.txt', ' \n\n ')).toBe('The file is empty');
    expect(await refusal('q.doc', 'Do you encrypt?')).toBe(
      'A questionnaire must be one of these files: .csv, .xlsx, .docx, .pdf, .md, .markdown, .txt, .json',
    );
    expect(await refusal('q.csv', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x01]))).toBe(
      'The CSV file is not a text file (it contains binary data)',
    );
    expect(await refusal('q.csv', 'Question\n')).toBe(RFP_NO_QUESTIONS);
    expect(await refusal('q.xlsx', 'Question,Answer\n')).toBe('The file is not an Excel workbook (.xlsx)');
    expect(await refusal('q.xlsx', 'PK\u0003\u0004 broken')).toBe(
      'The Excel file is damaged (it is not a complete zip archive)',
    );
    expect(await refusal('q.xlsx', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toMatch(
      /^The file is an old \.xls workbook or a password-protected one/,
    );
    expect(await refusal('q.xlsx', await buildDocx([{ text: 'Not a workbook' }]))).toBe(
      'The Excel file could not be read: it has no worksheets',
    );
    expect(await refusal('q.xlsx', await buildZipBombDocx(60))).toBe(
      'The Excel file would expand to more than 50 MB when unzipped (a zip bomb?), so it was not opened',
    );
    expect(await refusal('q.docx', 'Do you encrypt?')).toMatch(/^The file is not a Word document/);
    expect(await refusal('q.docx', 'PK\u0003\u0004 broken')).toBe(
      'The Word document is damaged (it is not a complete zip archive)',
    );
    expect(await refusal('q.pdf', 'Do you encrypt?')).toBe('The file is not a PDF (it has no PDF header)');
    expect(await refusal('q.pdf', '%PDF-1.7 nothing else')).toBe(
      'The PDF is damaged or not a PDF, so its text could not be read',
    );
    expect(await refusal('q.json', '{"questionnaire": [')).toMatch(/^The JSON file is not valid JSON \(/);
    expect(await refusal('q.json', '{"name": "not a questionnaire"}')).toBe(RFP_NO_QUESTIONS);
    expect(await refusal('q.md', '# Notes\n\nWe met on Monday.')).toBe(RFP_NO_QUESTIONS);
  });
});

describe.skipIf(!RFQ_AVAILABLE)('a real RFQ', () => {
  it('finds the requirements of the FedRAMP dashboard RFQ and the questions of a technical approach template', async () => {
    const rfq = await parse('RFQ.md', readFileSync(join(KB_DATA_DIR, RFQ)));
    console.log(`[rfp] bpa-fedramp-dashboard RFQ.md: ${rfq.questions.length} questions and requirements`);
    expect(rfq.title).toBe('Request for Quotation (RFQ)');
    expect(rfq.questions.length).toBeGreaterThan(10);
    expect(rfq.questions.find((q) => q.ref === '5')?.text).toMatch(/^Please submit your quotation/);
    expect(rfq.questions.find((q) => q.text.startsWith('Staffing Plan.'))).toMatchObject({ ref: 'b' });

    const template = await parse(
      'TECHNICAL-APPROACH-TEMPLATE.md',
      readFileSync(join(KB_DATA_DIR, TECHNICAL_APPROACH)),
    );
    console.log(
      `[rfp] bpa-fs-epermit-api technical approach template: ${template.questions.length} questions`,
    );
    expect(template.questions).toHaveLength(18);
    expect(new Set(template.questions.map((q) => q.section))).toEqual(
      new Set([
        'Staffing Plan and Key Personnel',
        'Similar Experience',
        'Technical Understanding and Approach (6 sentences maximum for each response)',
      ]),
    );
    expect(template.questions.at(-5)).toMatchObject({
      ref: '1',
      text: 'What Architectural approach for the API do you imagine using?',
    });
  });
});
