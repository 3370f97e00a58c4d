/**
 * PDF exports of generated documents with pdfkit's built-in Helvetica (no font files to ship).
 *
 * Lines are laid out here rather than with pdfkit's `continued` text: only then do we know where each run
 * lands, to paint the highlight behind a `[Missing: …]` mark and to measure table rows before drawing them.
 */
import { type Block, type CellAlign, parseMarkdown, type Run } from './markdown.ts';

export type PdfInput = {
  title: string;
  markdown: string;
  subtitle?: string;
  /** Written as the file's creation date; fixed, it makes the output the same bytes every time. */
  date?: Date;
};

export async function markdownToPdf(input: PdfInput): Promise<Uint8Array> {
  // Loaded on first export: ~5 MB of heap that most servers rarely need.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN },
    bufferPages: true,
    displayTitle: true,
    info: {
      Title: toWinAnsi(input.title),
      Creator: 'Prospector',
      Producer: 'Prospector',
      ...(input.date ? { CreationDate: input.date, ModDate: input.date } : {}),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const writer = new PdfWriter(doc);
  writer.title(input.title, input.subtitle);
  writer.blocks(parseMarkdown(input.markdown), MARGIN, doc.page.width - 2 * MARGIN);
  writer.pageNumbers();
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

// Standard 14 fonts only encode WinAnsi; these stand in for what else the generated text commonly holds.
const REPLACEMENTS: Record<string, string> = {
  '\u2192': '->',
  '\u27F6': '->',
  '\u2794': '->',
  '\u279C': '->',
  '\u27A1': '->',
  '\u21E8': '->',
  '\u2190': '<-',
  '\u27F5': '<-',
  '\u2194': '<->',
  '\u27F7': '<->',
  '\u21D2': '=>',
  '\u27F9': '=>',
  '\u21D0': '<=',
  '\u21D4': '<=>',
  '\u2191': '^',
  '\u2193': 'v',
  '\u2265': '>=',
  '\u2264': '<=',
  '\u2260': '!=',
  '\u2248': '~',
  '\u223C': '~',
  '\u2212': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '\u2014',
  '\u2032': "'",
  '\u2033': '"',
  '\u201B': "'",
  '\u201F': '"',
  '\u2713': '[x]',
  '\u2714': '[x]',
  '\u2705': '[x]',
  '\u2611': '[x]',
  '\u2612': '[x]',
  '\u2610': '[ ]',
  '\u2717': 'x',
  '\u2718': 'x',
  '\u274C': 'x',
  '\u2605': '*',
  '\u2606': '*',
  '\u25CF': '\u2022',
  '\u25AA': '\u2022',
  '\u25A0': '\u2022',
  '\u25E6': 'o',
  '\u25CB': 'o',
  '\u26A0': '!',
  '\u2120': 'SM',
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0131': 'i',
  '\t': '    ',
};
const WIN_ANSI_EXTRA = new Set(
  [
    0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019,
    0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
  ].map((code) => String.fromCodePoint(code)),
);

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
}

/**
 * Text the built-in fonts can print: known symbols become ASCII ("→" -> "->"), accented letters outside
 * Latin-1 lose the accent ("ő" -> "o"), emoji are dropped and anything else becomes "?".
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (isWinAnsi(char)) out += char;
    else if (char in REPLACEMENTS) out += REPLACEMENTS[char];
    else if (/[\n\r]/.test(char)) out += char;
    else if (/\s/u.test(char)) out += ' ';
    else if (/[\p{Cf}\p{Cc}\p{M}]/u.test(char)) continue;
    else {
      const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
      if (plain && [...plain].every(isWinAnsi)) out += plain;
      else if (!/\p{Extended_Pictographic}/u.test(char)) out += '?';
    }
  }
  return out;
}

const MARGIN = 56;
const BODY_SIZE = 10.5;
const LEADING = 1.35;
const COLORS = { text: '#111827', muted: '#6b7280', link: '#1d4ed8', border: '#d1d5db', fill: '#f3f4f6' };
const HIGHLIGHT = '#fde68a';
const HEADING_SIZES = { 1: 17, 2: 14.5, 3: 12.5, 4: 11 } as const;
const LIST_INDENT = 18;

type Style = {
  font: string;
  color: string;
  link?: string;
  strike?: boolean;
  missing?: boolean;
  code?: boolean;
};
type Piece = { text: string; style: Style };
/** A word is the pieces between two spaces: "**bold**," is one word in two styles and never wraps inside. */
type Token = { kind: 'word'; pieces: Piece[] } | { kind: 'space'; style: Style } | { kind: 'break' };
type Fragment = { text: string; style: Style; x: number; width: number };
type Line = { fragments: Fragment[]; width: number };
type TextOptions = { size: number; base?: Partial<Style> };

function fontName(bold: boolean, italic: boolean, code: boolean): string {
  if (code) return bold ? 'Courier-Bold' : 'Courier';
  if (bold && italic) return 'Helvetica-BoldOblique';
  if (bold) return 'Helvetica-Bold';
  if (italic) return 'Helvetica-Oblique';
  return 'Helvetica';
}

function sameStyle(a: Style, b: Style): boolean {
  return (
    a.font === b.font &&
    a.color === b.color &&
    a.link === b.link &&
    a.strike === b.strike &&
    a.missing === b.missing &&
    a.code === b.code
  );
}

class PdfWriter {
  private y: number;
  private page = 0;
  private readonly bottom: number;
  private readonly top: number;

  constructor(private readonly doc: PDFKit.PDFDocument) {
    this.top = doc.page.margins.top;
    this.y = this.top;
    // Leave room under the text for the page number.
    this.bottom = doc.page.height - doc.page.margins.bottom;
  }

  title(title: string, subtitle?: string) {
    const width = this.doc.page.width - 2 * MARGIN;
    this.text([{ type: 'text', text: title }], MARGIN, width, { size: 22, base: { font: 'Helvetica-Bold' } });
    if (subtitle) {
      this.y += 2;
      this.text([{ type: 'text', text: subtitle }], MARGIN, width, {
        size: 12,
        base: { color: COLORS.muted },
      });
    }
    this.y += 8;
    this.doc
      .moveTo(MARGIN, this.y)
      .lineTo(MARGIN + width, this.y)
      .lineWidth(0.75)
      .strokeColor(COLORS.border)
      .stroke();
    this.y += 14;
  }

  blocks(blocks: readonly Block[], x: number, width: number, base: Partial<Style> = {}) {
    for (const block of blocks) this.block(block, x, width, base);
  }

  private block(block: Block, x: number, width: number, base: Partial<Style>) {
    switch (block.type) {
      case 'heading': {
        const size = HEADING_SIZES[block.level];
        this.y += block.level <= 2 ? 8 : 4;
        const lines = this.layout(block.runs, width, { size, base: { ...base, font: 'Helvetica-Bold' } });
        // Keep a heading with the first lines under it.
        this.ensure(lines.length * size * LEADING + 2 * BODY_SIZE * LEADING);
        this.drawLines(lines, x, size);
        this.y += 4;
        break;
      }
      case 'paragraph':
        this.text(block.runs, x, width, { size: BODY_SIZE, base });
        this.y += 6;
        break;
      case 'list':
        this.list(block, x, width, 0, base);
        this.y += 4;
        break;
      case 'quote': {
        const page = this.page;
        const start = this.y;
        this.blocks(block.blocks, x + 14, width - 14, { ...base, color: COLORS.muted });
        const from = this.page === page ? start : this.top;
        this.doc
          .moveTo(x + 3, from)
          .lineTo(x + 3, this.y - 6)
          .lineWidth(2.5)
          .strokeColor(COLORS.border)
          .stroke();
        break;
      }
      case 'table':
        this.table(block.header, block.rows, block.align, x, width);
        this.y += 8;
        break;
      case 'rule':
        this.ensure(14);
        this.doc
          .moveTo(x, this.y + 6)
          .lineTo(x + width, this.y + 6)
          .lineWidth(0.75)
          .strokeColor(COLORS.border)
          .stroke();
        this.y += 14;
        break;
      case 'code':
        this.code(block.text, x, width);
        this.y += 6;
        break;
    }
  }

  private list(
    list: Extract<Block, { type: 'list' }>,
    x: number,
    width: number,
    level: number,
    base: Partial<Style>,
  ) {
    const indent = list.ordered ? LIST_INDENT + 4 : LIST_INDENT;
    list.items.forEach((item, index) => {
      const marker = list.ordered ? `${list.start + index}.` : level % 2 ? '\u2013' : '\u2022';
      let marked = false;
      const mark = () => {
        if (marked) return;
        marked = true;
        this.drawMarker(marker, x, base);
      };
      for (const block of item) {
        if (block.type === 'list') {
          mark();
          this.list(block, x + indent, width - indent, level + 1, base);
        } else if (block.type === 'paragraph') {
          this.text(
            block.runs,
            x + indent,
            width - indent,
            { size: BODY_SIZE, base },
            marked ? undefined : mark,
          );
          marked = true;
          this.y += 2;
        } else {
          if (!marked) {
            this.ensure(BODY_SIZE * LEADING);
            mark();
          }
          this.block(block, x + indent, width - indent, base);
        }
      }
      if (!marked) {
        this.ensure(BODY_SIZE * LEADING);
        mark();
        this.y += BODY_SIZE * LEADING;
      }
    });
  }

  private drawMarker(marker: string, x: number, base: Partial<Style>) {
    this.doc
      .font('Helvetica')
      .fontSize(BODY_SIZE)
      .fillColor(base.color ?? COLORS.text)
      .text(marker, x, this.y, { lineBreak: false });
  }

  private table(header: Run[][], rows: Run[][][], align: CellAlign[], x: number, width: number) {
    const columns = Math.max(1, header.length);
    const columnWidth = width / columns;
    const pad = 4;
    const size = 9.5;
    const lineHeight = size * LEADING;
    const cellLines = (cells: Run[][], bold: boolean) =>
      cells.map((runs) =>
        this.layout(runs, columnWidth - 2 * pad, { size, base: bold ? { font: 'Helvetica-Bold' } : {} }),
      );
    const head = cellLines(header, true);
    const headHeight = Math.max(1, ...head.map((lines) => lines.length)) * lineHeight + 2 * pad;
    // A header taller than a third of the page is not worth repeating on every page.
    const repeatHead = headHeight < (this.bottom - this.top) / 3;

    const drawRow = (cells: Line[][], isHead: boolean) => {
      const total = Math.max(1, ...cells.map((lines) => lines.length));
      const height = total * lineHeight + 2 * pad;
      const fitsOnFreshPage = height + (repeatHead && !isHead ? headHeight : 0) <= this.bottom - this.top;
      if (this.y + height > this.bottom && fitsOnFreshPage) this.newPage(isHead ? null : drawHead);
      let from = 0;
      while (from < total) {
        const room = Math.floor((this.bottom - this.y - 2 * pad) / lineHeight);
        if (room < 1) {
          this.newPage(isHead ? null : drawHead);
          continue;
        }
        const count = Math.min(room, total - from);
        const segment = count * lineHeight + 2 * pad;
        cells.forEach((lines, column) => {
          const left = x + column * columnWidth;
          if (isHead) this.doc.rect(left, this.y, columnWidth, segment).fill(COLORS.fill);
          this.doc
            .rect(left, this.y, columnWidth, segment)
            .lineWidth(0.5)
            .strokeColor(COLORS.border)
            .stroke();
          const top = this.y;
          this.y += pad;
          this.drawLines(
            lines.slice(from, from + count),
            left + pad,
            size,
            columnWidth - 2 * pad,
            align[column],
          );
          this.y = top;
        });
        this.y += segment;
        from += count;
        if (from < total) this.newPage(isHead ? null : drawHead);
      }
    };
    const drawHead = repeatHead ? () => drawRow(head, true) : null;

    this.ensure(headHeight + lineHeight + 2 * pad);
    drawRow(head, true);
    for (const row of rows) drawRow(cellLines(row.slice(0, columns), false), false);
  }

  private code(text: string, x: number, width: number) {
    const size = 9;
    const lineHeight = size * LEADING;
    const pad = 6;
    this.doc.font('Courier').fontSize(size);
    const perLine = Math.max(1, Math.floor((width - 2 * pad) / this.doc.widthOfString('M')));
    const lines = toWinAnsi(text)
      .split('\n')
      .flatMap((line) => {
        const parts: string[] = [];
        for (let at = 0; at < line.length; at += perLine) parts.push(line.slice(at, at + perLine));
        return parts.length ? parts : [''];
      });
    this.ensure(lineHeight + pad);
    lines.forEach((line, index) => {
      const first = index === 0;
      const last = index === lines.length - 1;
      const height = lineHeight + (first ? pad / 2 : 0) + (last ? pad / 2 : 0);
      if (this.y + height > this.bottom) this.newPage(null);
      this.doc.rect(x, this.y, width, height).fill(COLORS.fill);
      this.doc
        .font('Courier')
        .fontSize(size)
        .fillColor(COLORS.text)
        .text(line, x + pad, this.y + (first ? pad / 2 : 0), { lineBreak: false });
      this.y += height;
    });
  }

  /** Wraps and draws runs; `onFirstLine` draws what goes beside it (a list marker) once its page is known. */
  private text(
    runs: readonly Run[],
    x: number,
    width: number,
    options: TextOptions,
    onFirstLine?: () => void,
  ) {
    const lines = this.layout(runs, width, options);
    if (lines.length === 0 && onFirstLine) {
      this.ensure(options.size * LEADING);
      onFirstLine();
      this.y += options.size * LEADING;
      return;
    }
    this.drawLines(lines, x, options.size, width, null, onFirstLine);
  }

  private drawLines(
    lines: readonly Line[],
    x: number,
    size: number,
    width = 0,
    align: CellAlign = null,
    onFirstLine?: () => void,
  ) {
    const lineHeight = size * LEADING;
    lines.forEach((line, index) => {
      this.ensure(lineHeight);
      if (index === 0) onFirstLine?.();
      const shift =
        align === 'right' ? width - line.width : align === 'center' ? (width - line.width) / 2 : 0;
      for (const fragment of line.fragments) {
        const left = x + shift + fragment.x;
        if (fragment.style.missing || fragment.style.code) {
          this.doc
            .rect(left - 1, this.y - 1.5, fragment.width + 2, size * 1.25)
            .fill(fragment.style.missing ? HIGHLIGHT : COLORS.fill);
        }
        this.doc
          .font(fragment.style.font)
          .fontSize(size)
          .fillColor(fragment.style.color)
          .text(fragment.text, left, this.y, {
            lineBreak: false,
            link: fragment.style.link,
            underline: Boolean(fragment.style.link),
            strike: fragment.style.strike,
          });
      }
      this.y += lineHeight;
    });
  }

  /** Breaks runs into lines no wider than `width`, at spaces (or inside a word longer than a line). */
  private layout(runs: readonly Run[], width: number, { size, base = {} }: TextOptions): Line[] {
    const tokens = tokenize(runs, base);
    const measure = (text: string, style: Style) =>
      this.doc.font(style.font).fontSize(size).widthOfString(text);
    const lines: Line[] = [];
    let line: Line = { fragments: [], width: 0 };
    let space: Style | null = null;
    const add = (text: string, style: Style) => {
      const w = measure(text, style);
      const last = line.fragments.at(-1);
      if (last && sameStyle(last.style, style)) {
        last.text += text;
        last.width += w;
      } else line.fragments.push({ text, style, x: line.width, width: w });
      line.width += w;
    };
    const newLine = () => {
      lines.push(line);
      line = { fragments: [], width: 0 };
      space = null;
    };
    for (const token of tokens) {
      if (token.kind === 'break') {
        newLine();
        continue;
      }
      if (token.kind === 'space') {
        if (line.fragments.length) space = token.style;
        continue;
      }
      const wordWidth = token.pieces.reduce((sum, piece) => sum + measure(piece.text, piece.style), 0);
      const spaceWidth = space ? measure(' ', space) : 0;
      if (line.fragments.length && line.width + spaceWidth + wordWidth > width) newLine();
      if (space) add(' ', space);
      space = null;
      if (wordWidth <= width - line.width) {
        for (const piece of token.pieces) add(piece.text, piece.style);
        continue;
      }
      // A word longer than the line (a URL, an ID): cut it where the line ends.
      for (const piece of token.pieces) {
        for (const char of piece.text) {
          if (line.fragments.length && line.width + measure(char, piece.style) > width) newLine();
          add(char, piece.style);
        }
      }
    }
    if (line.fragments.length) lines.push(line);
    return lines;
  }

  private ensure(height: number) {
    if (this.y + height > this.bottom && this.y > this.top) this.newPage(null);
  }

  private newPage(then: (() => void) | null) {
    this.doc.addPage();
    this.page++;
    this.y = this.top;
    then?.();
  }

  pageNumbers() {
    const range = this.doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index++) {
      this.doc.switchToPage(index);
      const label = `Page ${index + 1} of ${range.count}`;
      this.doc.font('Helvetica').fontSize(8.5).fillColor(COLORS.muted);
      const labelWidth = this.doc.widthOfString(label);
      this.doc.text(label, (this.doc.page.width - labelWidth) / 2, this.doc.page.height - MARGIN / 2 - 8, {
        lineBreak: false,
      });
    }
  }
}

function tokenize(runs: readonly Run[], base: Partial<Style>): Token[] {
  const tokens: Token[] = [];
  let word: Piece[] = [];
  const flush = () => {
    if (word.length) tokens.push({ kind: 'word', pieces: word });
    word = [];
  };
  for (const run of runs) {
    if (run.type === 'break') {
      flush();
      tokens.push({ kind: 'break' });
      continue;
    }
    const style: Style = {
      font: fontName(
        Boolean(run.bold) || base.font === 'Helvetica-Bold',
        Boolean(run.italic || run.missing),
        Boolean(run.code),
      ),
      color: run.href ? COLORS.link : (base.color ?? COLORS.text),
    };
    if (run.href) style.link = run.href;
    if (run.strike) style.strike = true;
    if (run.missing) style.missing = true;
    if (run.code) style.code = true;
    for (const part of toWinAnsi(run.text).match(/\s+|\S+/g) ?? []) {
      if (/^\s/.test(part)) {
        flush();
        tokens.push({ kind: 'space', style });
      } else word.push({ text: part, style });
    }
  }
  flush();
  return tokens;
}
