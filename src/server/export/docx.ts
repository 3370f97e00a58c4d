/** Word exports of generated documents and RFP responses, from the same Markdown the app shows. */
import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  Footer,
  HeadingLevel,
  type ILevelsOptions,
  LevelFormat,
  Packer,
  PageNumber,
  Paragraph,
  type ParagraphChild,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import {
  type Block,
  type CellAlign,
  type TextRun as MdTextRun,
  parseMarkdown,
  type Run,
} from './markdown.ts';

export type DocxInput = { title: string; markdown: string; subtitle?: string; footer?: string };

export type RfpExportSource = { ref: number; title: string; section: string | null; page: number | null };
export type RfpExportQuestion = {
  ref: string | null;
  section: string | null;
  text: string;
  answer: string;
  status: string;
  sources: RfpExportSource[];
};
export type RfpDocxInput = { title: string; subtitle?: string; questions: RfpExportQuestion[] };

export const NO_ANSWER_TEXT = 'No answer yet.';

export async function markdownToDocx(input: DocxInput): Promise<Uint8Array> {
  const writer = new DocxWriter();
  const children = [
    ...titleBlock(input.title, input.subtitle),
    ...writer.blocks(parseMarkdown(input.markdown)),
  ];
  return pack(input.title, children, writer, input.footer);
}

export async function rfpToDocx(input: RfpDocxInput): Promise<Uint8Array> {
  // Headings inside an answer sit below the section (Heading 1) and its question.
  const writer = new DocxWriter(2);
  const children: (Paragraph | Table)[] = titleBlock(input.title, input.subtitle);
  let section: string | null = null;
  for (const question of input.questions) {
    // Sections are headed where they change, so the questions keep the order the issuer gave them.
    if (question.section && question.section !== section) {
      children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [text(question.section)] }));
    }
    section = question.section ?? section;
    const label = question.ref ? `${question.ref} ${question.text}` : question.text;
    children.push(
      new Paragraph({
        keepNext: true,
        spacing: { before: 240, after: 80 },
        children: [text(label, { bold: true })],
      }),
    );
    if (question.answer.trim()) children.push(...writer.blocks(parseMarkdown(question.answer)));
    else
      children.push(new Paragraph({ children: [text(NO_ANSWER_TEXT, { italics: true, color: '6B7280' })] }));
    const sources = sourcesLine(question.sources);
    if (sources) {
      children.push(
        new Paragraph({ spacing: { after: 120 }, children: [text(sources, { size: 18, color: '6B7280' })] }),
      );
    }
  }
  return pack(input.title, children, writer);
}

/** "Sources: [1] Title, section, p. 4; [2] Title", or null when the answer cites nothing. */
export function sourcesLine(sources: readonly RfpExportSource[]): string | null {
  if (sources.length === 0) return null;
  const items = sources.map((source) =>
    [`[${source.ref}] ${source.title}`, source.section, source.page != null ? `p. ${source.page}` : null]
      .filter(Boolean)
      .join(', '),
  );
  return `Sources: ${items.join('; ')}`;
}

// Page A4 with 2.54 cm margins: the text width in twentieths of a point, for table columns.
const TEXT_WIDTH_TWIPS = 11906 - 2 * 1440;
const MUTED = '6B7280';
const BORDER = 'BFBFBF';
const CODE_FONT = 'Consolas';
const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;
const LIST_LEVELS = 9;
const BULLETS = ['\u2022', '\u25E6', '\u25AA'];

type RunOptions = ConstructorParameters<typeof TextRun>[0] & object;

/** Walks the block model into docx paragraphs and tables, noting the numbered lists it needs defined. */
class DocxWriter {
  private instance = 0;
  readonly starts = new Set<number>();

  constructor(private readonly headingOffset = 0) {}

  blocks(blocks: readonly Block[], indent = 0): (Paragraph | Table)[] {
    return blocks.flatMap((block) => this.block(block, indent));
  }

  private block(block: Block, indent: number): (Paragraph | Table)[] {
    switch (block.type) {
      case 'heading': {
        const heading = HEADINGS[Math.min(HEADINGS.length, block.level + this.headingOffset) - 1];
        return [new Paragraph({ heading, keepNext: true, children: runChildren(block.runs) })];
      }
      case 'paragraph':
        return [new Paragraph({ indent: indentOf(indent), children: runChildren(block.runs) })];
      case 'list':
        return this.list(block, 0, indent);
      case 'quote':
        return this.quote(block.blocks, indent);
      case 'table':
        return [table(block.header, block.rows, block.align), new Paragraph({ children: [] })];
      case 'rule':
        return [
          new Paragraph({
            border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: BORDER, space: 1 } },
          }),
        ];
      case 'code':
        return [codeParagraph(block.text, indent)];
    }
  }

  private list(list: Extract<Block, { type: 'list' }>, level: number, indent: number): (Paragraph | Table)[] {
    if (list.ordered) this.starts.add(list.start);
    const instance = ++this.instance;
    const numbering = {
      reference: list.ordered ? numberedReference(list.start) : 'bullets',
      level: Math.min(level, LIST_LEVELS - 1),
      // Each ordered list counts from its own start, not on from the list before it.
      ...(list.ordered ? { instance } : {}),
    };
    const out: (Paragraph | Table)[] = [];
    for (const item of list.items) {
      let numbered = false;
      for (const block of item) {
        if (block.type === 'list') out.push(...this.list(block, level + 1, indent));
        else if (block.type === 'paragraph' && !numbered) {
          out.push(new Paragraph({ numbering, children: runChildren(block.runs) }));
          numbered = true;
        } else {
          // A second paragraph (or a table, a code block) of the item lines up with its text.
          out.push(...this.block(block, indent + level + 1));
        }
      }
      if (!numbered && item.length === 0) out.push(new Paragraph({ numbering, children: [] }));
    }
    return out;
  }

  private quote(blocks: readonly Block[], indent: number): (Paragraph | Table)[] {
    return blocks.flatMap((block) => {
      if (block.type !== 'paragraph') return this.block(block, indent + 1);
      return [
        new Paragraph({
          indent: indentOf(indent + 1),
          border: { left: { style: BorderStyle.SINGLE, size: 18, color: BORDER, space: 8 } },
          children: runChildren(block.runs, { color: '4B5563' }),
        }),
      ];
    });
  }

  numberingConfig() {
    const level = (
      index: number,
      format: ILevelsOptions['format'],
      label: string,
      start = 1,
    ): ILevelsOptions => ({
      level: index,
      format,
      text: label,
      start,
      alignment: AlignmentType.LEFT,
      style: { paragraph: { indent: { left: 720 * (index + 1), hanging: 360 } } },
    });
    const levels = Array.from({ length: LIST_LEVELS }, (_, index) => index);
    return [
      {
        reference: 'bullets',
        levels: levels.map((index) =>
          level(index, LevelFormat.BULLET, BULLETS[index % BULLETS.length] ?? '\u2022'),
        ),
      },
      ...[...this.starts].map((start) => ({
        reference: numberedReference(start),
        levels: levels.map((index) =>
          level(index, LevelFormat.DECIMAL, `%${index + 1}.`, index === 0 ? start : 1),
        ),
      })),
    ];
  }
}

function numberedReference(start: number): string {
  return `numbers-${start}`;
}

function indentOf(indent: number) {
  return indent > 0 ? { left: 720 * indent } : undefined;
}

async function pack(
  title: string,
  children: (Paragraph | Table)[],
  writer: DocxWriter,
  footer?: string,
): Promise<Uint8Array> {
  const footerRuns: ParagraphChild[] = [];
  if (footer) footerRuns.push(text(`${footer}  \u00B7  `, { size: 16, color: MUTED }));
  footerRuns.push(
    new TextRun({
      children: ['Page ', PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES],
      size: 16,
      color: MUTED,
    }),
  );
  const document = new Document({
    creator: 'Prospector',
    title: clean(title),
    styles: {
      default: {
        document: { run: { font: 'Calibri', size: 22 }, paragraph: { spacing: { after: 120, line: 276 } } },
        title: { run: { font: 'Calibri', size: 48, bold: true, color: '111827' } },
        heading1: { run: { font: 'Calibri', size: 32, bold: true, color: '111827' } },
        heading2: { run: { font: 'Calibri', size: 28, bold: true, color: '111827' } },
        heading3: { run: { font: 'Calibri', size: 24, bold: true, color: '1F2937' } },
        heading4: { run: { font: 'Calibri', size: 22, bold: true, color: '1F2937' } },
      },
    },
    numbering: { config: writer.numberingConfig() },
    sections: [
      {
        footers: {
          default: new Footer({
            children: [new Paragraph({ alignment: AlignmentType.CENTER, children: footerRuns })],
          }),
        },
        children,
      },
    ],
  });
  return Packer.toBuffer(document);
}

function titleBlock(title: string, subtitle?: string): Paragraph[] {
  const out = [new Paragraph({ heading: HeadingLevel.TITLE, children: [text(title)] })];
  if (subtitle) {
    out.push(
      new Paragraph({ spacing: { after: 240 }, children: [text(subtitle, { size: 26, color: MUTED })] }),
    );
  }
  return out;
}

function table(header: Run[][], rows: Run[][][], align: CellAlign[]): Table {
  const columns = Math.max(1, header.length);
  const width = Math.floor(TEXT_WIDTH_TWIPS / columns);
  const line = { style: BorderStyle.SINGLE, size: 4, color: BORDER };
  const cell = (runs: Run[], column: number, head: boolean) =>
    new TableCell({
      width: { size: width, type: WidthType.DXA },
      margins: { top: 60, bottom: 60, left: 100, right: 100 },
      shading: head ? { type: ShadingType.CLEAR, color: 'auto', fill: 'F3F4F6' } : undefined,
      children: [
        new Paragraph({
          spacing: { after: 0 },
          alignment: alignment(align[column] ?? null),
          children: runChildren(runs, head ? { bold: true } : {}),
        }),
      ],
    });
  return new Table({
    width: { size: TEXT_WIDTH_TWIPS, type: WidthType.DXA },
    columnWidths: Array.from({ length: columns }, () => width),
    borders: {
      top: line,
      bottom: line,
      left: line,
      right: line,
      insideHorizontal: line,
      insideVertical: line,
    },
    rows: [
      new TableRow({ tableHeader: true, children: header.map((runs, column) => cell(runs, column, true)) }),
      ...rows.map(
        (cells) => new TableRow({ children: cells.map((runs, column) => cell(runs, column, false)) }),
      ),
    ],
  });
}

function alignment(align: CellAlign) {
  if (align === 'center') return AlignmentType.CENTER;
  if (align === 'right') return AlignmentType.RIGHT;
  return undefined;
}

function codeParagraph(code: string, indent: number): Paragraph {
  return new Paragraph({
    indent: indentOf(indent),
    shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'F3F4F6' },
    children: code
      .split('\n')
      .map(
        (line, index) => new TextRun({ text: clean(line), font: CODE_FONT, size: 19, break: index ? 1 : 0 }),
      ),
  });
}

/** Runs as docx children: consecutive runs of one link ("**bold** part") share one hyperlink. */
function runChildren(runs: readonly Run[], base: RunOptions = {}): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  let index = 0;
  while (index < runs.length) {
    const run = runs[index] as Run;
    index++;
    if (run.type === 'break') out.push(new TextRun({ break: 1 }));
    else if (!run.href) out.push(textRun(run, base));
    else {
      const children = [textRun(run, base)];
      for (let next = runs[index]; next?.type === 'text' && next.href === run.href; next = runs[index]) {
        children.push(textRun(next, base));
        index++;
      }
      out.push(new ExternalHyperlink({ link: run.href, children }));
    }
  }
  return out;
}

function textRun(run: MdTextRun, base: RunOptions): TextRun {
  return new TextRun({
    ...base,
    text: clean(run.text),
    bold: run.bold || base.bold,
    italics: run.italic || run.missing || base.italics,
    strike: run.strike,
    ...(run.code
      ? { font: CODE_FONT, shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'F3F4F6' } }
      : {}),
    ...(run.href ? { style: 'Hyperlink' } : {}),
    ...(run.missing ? { highlight: 'yellow' as const } : {}),
  });
}

function text(value: string, options: RunOptions = {}): TextRun {
  return new TextRun({ ...options, text: clean(value) });
}

/** Characters XML 1.0 cannot hold would make Word refuse the whole file. */
function clean(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: those are the characters to drop
  return value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
}
