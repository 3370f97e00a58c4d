/**
 * Text out of an uploaded document, as paragraphs that keep where they stand: the PDF page (unpdf, page by
 * page), or the heading path (Markdown, Word through mammoth, HTML). CSV rows keep their header names and JSON
 * its key paths, so a passage reads on its own. A file we cannot read throws `DocumentError` with a sentence
 * the user can act on; nothing else here talks to the database.
 */
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import Papa from 'papaparse';
import { extractText, getDocumentProxy } from 'unpdf';
import type { DocumentExtension } from '../../../shared/knowledge.ts';

/** A paragraph of a document and where it stands in it. */
export type TextBlock = { text: string; section: string | null; page: number | null };

/** `title`: the document's own title (its first heading, or a PDF's title line), null when it shows none. */
export type ExtractedDocument = { blocks: TextBlock[]; pageCount: number | null; title: string | null };

/** The longest title taken from a document (the title column holds 200 characters). */
const TITLE_MAX = 200;

/** The document itself is unreadable (damaged, locked, a zip bomb): its processing fails with this message. */
export class DocumentError extends Error {
  override name = 'DocumentError';
}

/** Word files are zip archives: refuse to inflate one that claims to hold more than this (a zip bomb). */
export const DOCX_MAX_UNZIPPED_BYTES = 50 * 1024 * 1024;
/** ...or whose parts shrink by more than this factor (text XML compresses ~5-20x; bombs by thousands). */
export const DOCX_MAX_RATIO = 100;
/** Below this size a high ratio is harmless (a short, repetitive document). */
const DOCX_RATIO_FLOOR_BYTES = 1024 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The bytes as UTF-8 text (a BOM is dropped), or why not: a NUL byte or invalid UTF-8 means a binary file
 * renamed to .txt, .md, .csv, .json or .html.
 */
export function decodeText(bytes: Uint8Array): { text: string } | { error: string } {
  if (bytes.includes(0)) return { error: 'is not a text file (it contains binary data)' };
  try {
    return { text: utf8.decode(bytes).replace(/^\uFEFF/, '') };
  } catch {
    return { error: 'is not UTF-8 text; save it as UTF-8 and upload it again' };
  }
}

/** A quick look at the first bytes, at upload: is this file what its extension says? Null when it is. */
export function formatMismatch(extension: DocumentExtension, bytes: Uint8Array): string | null {
  if (extension === 'pdf') {
    // The header may follow a little junk; readers look in the first kilobyte.
    const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
    return head.includes('%PDF-') ? null : 'is not a PDF (it has no PDF header)';
  }
  if (extension === 'docx') {
    const zip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
    return zip ? null : 'is not a Word document (.docx); old .doc files must be saved as .docx first';
  }
  const decoded = decodeText(bytes);
  return 'error' in decoded ? decoded.error : null;
}

/**
 * The document's text, storable: a file's own escapes (JSON "\u0000", HTML "&#0;"), a PDF's or Word file's text
 * can still hold a NUL, which PostgreSQL cannot store, or a lone surrogate, which is not Unicode.
 */
export async function extractDocument(
  extension: DocumentExtension,
  bytes: Uint8Array,
): Promise<ExtractedDocument> {
  const { blocks, pageCount, title } = await extractBlocks(extension, bytes);
  const cleanTitle = title === null ? '' : storable(title).replace(/\s+/g, ' ').trim().slice(0, TITLE_MAX);
  return {
    title: /[\p{L}\p{N}]/u.test(cleanTitle) ? cleanTitle : null,
    blocks: blocks
      .map((block) => ({
        ...block,
        text: storable(block.text),
        section: block.section === null ? null : storable(block.section),
      }))
      .filter((block) => block.text.trim() !== ''),
    pageCount,
  };
}

const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text without NUL, each lone surrogate replaced by U+FFFD. */
function storable(text: string): string {
  return text.replaceAll('\u0000', '').replace(LONE_SURROGATES, '\uFFFD');
}

async function extractBlocks(extension: DocumentExtension, bytes: Uint8Array): Promise<ExtractedDocument> {
  switch (extension) {
    case 'pdf':
      return extractPdf(bytes);
    case 'docx': {
      const html = await docxHtml(bytes);
      return { blocks: htmlBlocks(html), pageCount: null, title: htmlTitle(html) };
    }
    case 'md':
    case 'markdown': {
      const source = text(bytes);
      return { blocks: markdownBlocks(source), pageCount: null, title: markdownTitle(source) };
    }
    case 'html':
    case 'htm': {
      const source = text(bytes);
      return { blocks: htmlBlocks(source), pageCount: null, title: htmlTitle(source) };
    }
    case 'csv':
      return { blocks: csvBlocks(text(bytes)), pageCount: null, title: null };
    case 'json':
      return { blocks: jsonBlocks(text(bytes)), pageCount: null, title: null };
    case 'txt':
      return { blocks: paragraphs(text(bytes), null, null), pageCount: null, title: null };
  }
}

function text(bytes: Uint8Array): string {
  const decoded = decodeText(bytes);
  if ('error' in decoded) throw new DocumentError(`The file ${decoded.error}`);
  return decoded.text;
}

/** Paragraphs (blank-line separated) of a piece of text, with whitespace tidied. */
function paragraphs(body: string, section: string | null, page: number | null): TextBlock[] {
  return body
    .split(/\n\s*\n/)
    .map((p) =>
      p
        .replace(/[ \t\f\v\u00a0]+/g, ' ')
        .replace(/ *\n */g, '\n')
        .trim(),
    )
    .filter((p) => /[\p{L}\p{N}]/u.test(p))
    .map((p) => ({ text: p, section, page }));
}

// --- PDF ---------------------------------------------------------------------------------------------------

async function extractPdf(bytes: Uint8Array): Promise<ExtractedDocument> {
  let pages: string[];
  let pageCount: number;
  try {
    // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    try {
      const result = await extractText(pdf, { mergePages: false });
      pages = result.text;
      pageCount = result.totalPages;
    } finally {
      await pdf.destroy().catch(() => {});
    }
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    if (name === 'PasswordException') {
      throw new DocumentError(
        'The PDF is password-protected; remove the password (print it to a new PDF) and upload it again',
      );
    }
    throw new DocumentError('The PDF is damaged or not a PDF, so its text could not be read');
  }
  const blocks = pages.flatMap((page, index) => paragraphs(page, null, index + 1));
  if (blocks.length === 0) {
    throw new DocumentError(
      'The PDF has no text layer (it may be a scan); run it through OCR and upload it again',
    );
  }
  return { blocks, pageCount, title: pdfTitle(pages[0] ?? '') };
}

/**
 * A PDF carries no headings, so its first line is its title only when it clearly reads as one: a short line
 * of words (2 to 12, one at most 100 characters) that is not a sentence, a page number or a date, with more
 * text after it.
 */
export function pdfTitle(firstPage: string): string | null {
  const lines = firstPage
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const [first, ...rest] = lines;
  if (!first || rest.length === 0 || first.length > 100) return null;
  const words = first.split(' ');
  if (words.length < 2 || words.length > 12) return null;
  if (/[.,;:!?]$/.test(first) && !/\?$/.test(first)) return null;
  if (!/^[\p{Lu}\p{N}"“'‘(]/u.test(first)) return null;
  if (!/\p{L}{2}/u.test(first)) return null;
  if (/^(page\s+\d+|\d+(\s*(of|\/)\s*\d+)?)$/i.test(first)) return null;
  if (/^(confidential|draft|internal( use only)?)$/i.test(first)) return null;
  return first;
}

// --- DOCX --------------------------------------------------------------------------------------------------

type ZipEntry = { method: number; compressed: number; uncompressed: number; headerOffset: number };

/**
 * The entries a zip archive declares (its central directory: compression method, sizes, where each starts),
 * read before anything is inflated. Throws when the archive cannot be read.
 */
export function zipEntries(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record sits in the last 64 KiB (its comment is at most 65,535 bytes).
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new DocumentError('The Word document is damaged (it is not a complete zip archive)');
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) {
      throw new DocumentError('The Word document is damaged (its zip directory is unreadable)');
    }
    entries.push({
      method: view.getUint16(offset + 10, true),
      compressed: view.getUint32(offset + 20, true),
      uncompressed: view.getUint32(offset + 24, true),
      headerOffset: view.getUint32(offset + 42, true),
    });
    offset +=
      46 +
      view.getUint16(offset + 28, true) +
      view.getUint16(offset + 30, true) +
      view.getUint16(offset + 32, true);
  }
  return entries;
}

const ZIP_BOMB = `The Word document would expand to more than ${DOCX_MAX_UNZIPPED_BYTES / 1024 / 1024} MB when unzipped (a zip bomb?), so it was not opened`;
const ZIP_UNDERSTATED =
  'The Word document expands to more than it declares when unzipped (a zip bomb?), so it was not opened';
const ZIP_DAMAGED = 'The Word document is damaged (a part of it does not unzip to what it declares)';

/** Refuses an archive that declares too much; 0xFFFFFFFF marks a ZIP64 size, which no .docx needs. */
export function checkZipBomb(bytes: Uint8Array): ZipEntry[] {
  const entries = zipEntries(bytes);
  const total = entries.reduce((sum, e) => sum + e.uncompressed, 0);
  const bomb =
    total > DOCX_MAX_UNZIPPED_BYTES ||
    entries.some(
      (e) =>
        e.uncompressed === 0xffffffff ||
        (e.uncompressed > DOCX_RATIO_FLOOR_BYTES &&
          e.uncompressed > DOCX_MAX_RATIO * Math.max(1, e.compressed)),
    );
  if (bomb) throw new DocumentError(ZIP_BOMB);
  return entries;
}

const inflate = promisify(inflateRaw);

/**
 * Inflates every part, each stopped one byte past the size it declares, so an archive that under-states its
 * sizes (a zip bomb the directory does not give away) is refused after reading at most what it declares, in
 * zlib's thread pool rather than on the event loop.
 */
export async function checkZipInflates(bytes: Uint8Array, entries: readonly ZipEntry[]): Promise<void> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const entry of entries) {
    const header = entry.headerOffset;
    if (header + 30 > bytes.length || view.getUint32(header, true) !== 0x04034b50) {
      throw new DocumentError(ZIP_DAMAGED);
    }
    const start = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
    const data = bytes.subarray(start, start + entry.compressed);
    if (entry.method === 0) {
      if (entry.compressed !== entry.uncompressed) throw new DocumentError(ZIP_DAMAGED);
      continue;
    }
    if (entry.method !== 8) throw new DocumentError(ZIP_DAMAGED);
    const inflated = await inflate(data, { maxOutputLength: entry.uncompressed + 1 }).catch((err: Error) => {
      throw new DocumentError(
        (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? ZIP_UNDERSTATED : ZIP_DAMAGED,
      );
    });
    if (inflated.length !== entry.uncompressed) throw new DocumentError(ZIP_DAMAGED);
  }
}

async function docxHtml(bytes: Uint8Array): Promise<string> {
  await checkZipInflates(bytes, checkZipBomb(bytes));
  try {
    // Loaded on the first Word document.
    const { default: mammoth } = await import('mammoth');
    // Word's Title style is the document's title: a heading like Heading 1 (mammoth leaves it a paragraph).
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes) },
      { styleMap: ["p[style-name='Title'] => h1:fresh"] },
    );
    return result.value;
  } catch {
    throw new DocumentError(
      'The Word document is damaged or not a .docx file, so its text could not be read',
    );
  }
}

// --- Markdown ----------------------------------------------------------------------------------------------

/** Headings in a path ("Access > Multi-factor authentication"), shown with each passage beneath them. */
function headingPath(stack: (string | undefined)[]): string | null {
  const parts = stack.filter((h): h is string => Boolean(h));
  return parts.length ? parts.join(' > ') : null;
}

/** Inline Markdown as plain text: links and images keep their words, emphasis and code marks go. */
export function markdownInline(line: string): string {
  return line
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s.,;:!?)]|$)/g, '$1$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/^\s{0,3}>\s?/, '')
    .replace(/^\s*\|/, '')
    .replace(/\|\s*$/, '')
    .replace(/\s*\|\s*/g, ' | ');
}

/**
 * What a document is called until its text shows its title (and for ever when it shows none):
 * "policies/access-control_policy.md" -> "access control policy".
 */
export function titleFromFilename(filename: string): string {
  const base = filename.split('/').at(-1) ?? filename;
  const title = base
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[_]+|(?<=\S)-(?=\S)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (title || base).slice(0, 200);
}

/**
 * A Markdown document's title: its first level-1 heading ("# Travel Policy" or underlined with ===), or, with
 * none, a heading of any level that opens the document before any text. Headings in code fences do not count.
 */
export function markdownTitle(source: string): string | null {
  const rows = source.replace(/\r\n?/g, '\n').split('\n');
  let fence: string | null = null;
  let opening: string | null = null;
  let textSeen = false;
  let inFrontMatter = rows[0]?.trim() === '---';
  for (let i = inFrontMatter ? 1 : 0; i < rows.length; i++) {
    const line = rows[i] ?? '';
    if (inFrontMatter) {
      if (/^(---|\.\.\.)\s*$/.test(line)) inFrontMatter = false;
      continue;
    }
    const fenceMark = line.match(/^\s{0,3}(`{3,}|~{3,})/)?.[1];
    if (fenceMark) {
      fence = fence === null ? (fenceMark[0] ?? null) : fenceMark[0] === fence ? null : fence;
      textSeen = true;
      continue;
    }
    if (fence !== null || !line.trim()) continue;
    const atx = line.match(/^\s{0,3}(#{1,6})\s+(.*)$/);
    const next = rows[i + 1] ?? '';
    const level = atx?.[1]?.length ?? (/^\s{0,3}=+\s*$/.test(next) ? 1 : /^\s{0,3}-+\s*$/.test(next) ? 2 : 0);
    const heading = atx ? (atx[2] ?? '') : line;
    if (level === 0 || (!atx && /^\s*([-*+]|\d+[.)])\s/.test(line))) {
      textSeen = true;
      continue;
    }
    const words = markdownInline(heading)
      .replace(/\s+#+\s*$/, '')
      .trim();
    if (!atx) i++;
    if (!words) continue;
    if (level === 1) return words;
    if (!textSeen && opening === null) opening = words;
    textSeen = true;
  }
  return opening;
}

export function markdownBlocks(source: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  const stack: (string | undefined)[] = [];
  let lines: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    const body = lines.join('\n');
    lines = [];
    blocks.push(...paragraphs(body, headingPath(stack), null));
  };
  const heading = (level: number, title: string) => {
    flush();
    stack.length = level - 1;
    stack[level - 1] =
      markdownInline(title)
        .replace(/\s+#+\s*$/, '')
        .trim() || undefined;
  };
  const rows = source.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < rows.length; i++) {
    const line = rows[i] ?? '';
    const fenceMark = line.match(/^\s{0,3}(`{3,}|~{3,})/)?.[1];
    if (fenceMark) {
      fence = fence === null ? (fenceMark[0] ?? null) : fenceMark[0] === fence ? null : fence;
      continue;
    }
    if (fence !== null) {
      lines.push(line);
      continue;
    }
    const atx = line.match(/^\s{0,3}(#{1,6})\s+(.*)$/);
    if (atx?.[1] && atx[2] !== undefined) {
      heading(atx[1].length, atx[2]);
      continue;
    }
    // Setext: a one-line paragraph underlined with === (level 1) or --- (level 2).
    const underline = rows[i + 1]?.match(/^\s{0,3}(=+|-+)\s*$/)?.[1];
    const startsParagraph = lines.length === 0 || (lines.at(-1) ?? '').trim() === '';
    if (underline && line.trim() && startsParagraph && !/^\s*([-*+]|\d+[.)])\s/.test(line)) {
      heading(underline.startsWith('=') ? 1 : 2, line.trim());
      i++;
      continue;
    }
    // Horizontal rules and table separators carry no words.
    if (/^\s*([-*_]\s*){3,}$/.test(line) || /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line)) {
      lines.push('');
      continue;
    }
    lines.push(markdownInline(line.replace(/^\s*[-*+]\s+/, '')));
  }
  flush();
  return blocks;
}

// --- HTML (and Word, through mammoth's HTML) ---------------------------------------------------------------

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  bull: '•',
};

export function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const point =
        code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      if (!Number.isInteger(point) || point <= 0 || point > 0x10ffff) return whole;
      // A surrogate alone is not a character: U+FFFD, as browsers decode it.
      return point >= 0xd800 && point <= 0xdfff ? '\uFFFD' : String.fromCodePoint(point);
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** Tags that end a paragraph. */
const BLOCK_TAGS =
  /^(p|div|section|article|main|header|footer|aside|nav|li|ul|ol|dl|dt|dd|table|thead|tbody|tfoot|tr|blockquote|pre|figure|figcaption|form|fieldset|address|hr|br|details|summary)$/;

/** An HTML page's (or a Word document's) title: its first <h1>, else its <title>. */
export function htmlTitle(html: string): string | null {
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, ' ');
  const inner =
    withoutComments.match(/<h1\b[^>]*>([\s\S]*?)<\/h1\s*>/i)?.[1] ??
    withoutComments.match(/<title\b[^>]*>([\s\S]*?)<\/title\s*>/i)?.[1];
  if (inner === undefined) return null;
  const words = decodeEntities(inner.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
  return words || null;
}

export function htmlBlocks(html: string): TextBlock[] {
  const cleaned = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    // Never text: scripts, styles and the like (a script's source must not become a passage).
    .replace(/<(script|style|noscript|template|svg|head|iframe|object)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<(script|style|noscript|template|svg|head|iframe|object)\b[^>]*\/?>/gi, ' ');
  const blocks: TextBlock[] = [];
  const stack: (string | undefined)[] = [];
  let buffer = '';
  let headingLevel = 0;
  let headingText = '';
  const flush = () => {
    const body = decodeEntities(buffer);
    buffer = '';
    blocks.push(...paragraphs(body.replace(/[ \t]*\n[ \t]*/g, '\n'), headingPath(stack), null));
  };
  for (const part of cleaned.split(/(<[^>]*>)/)) {
    if (!part.startsWith('<')) {
      const words = part.replace(/\s+/g, ' ');
      if (headingLevel) headingText += words;
      else buffer += words;
      continue;
    }
    const tag = part.match(/^<\s*(\/?)\s*([a-z0-9]+)/i);
    if (!tag?.[2]) continue;
    const closing = tag[1] === '/';
    const name = tag[2].toLowerCase();
    const level = /^h[1-6]$/.test(name) ? Number(name[1]) : 0;
    if (level && !closing) {
      flush();
      headingLevel = level;
      headingText = '';
    } else if (level && closing && headingLevel) {
      stack.length = headingLevel - 1;
      stack[headingLevel - 1] = decodeEntities(headingText).replace(/\s+/g, ' ').trim() || undefined;
      headingLevel = 0;
    } else if (BLOCK_TAGS.test(name)) {
      if (headingLevel) headingText += ' ';
      // A table row or list item reads as its own line; a paragraph ends its block.
      else buffer += /^(li|tr|br|dt|dd)$/.test(name) ? '\n' : '\n\n';
    } else if ((name === 'td' || name === 'th') && !closing && !headingLevel) {
      // Cells of a row, side by side.
      buffer += /(^|\n)\s*$/.test(buffer) ? ' ' : ' | ';
    }
  }
  flush();
  return blocks;
}

// --- CSV and JSON ------------------------------------------------------------------------------------------

/** Each row as "Header: value; Header: value", so a passage keeps what each cell means. */
export function csvBlocks(source: string): TextBlock[] {
  const parsed = Papa.parse<Record<string, string>>(source, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim(),
  });
  const columns = (parsed.meta.fields ?? []).filter(Boolean);
  if (columns.length === 0) throw new DocumentError('The CSV file has no header row');
  const blocks: TextBlock[] = [];
  for (const row of parsed.data) {
    const cells = columns
      .map((column) => [column, String(row[column] ?? '').trim()] as const)
      .filter(([, value]) => value !== '')
      .map(([column, value]) => `${column}: ${value}`);
    if (cells.length) blocks.push({ text: cells.join('; '), section: null, page: null });
  }
  return blocks;
}

/** JSON text without its line and block comments (JSONC); strings are left alone. */
export function withoutJsonComments(source: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (inString) {
      out += char;
      if (char === '\\') out += source[++i] ?? '';
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
      out += char;
    } else if (char === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i++;
      out += '\n';
    } else if (char === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 1;
      out += ' ';
    } else {
      out += char;
    }
  }
  return out;
}

/**
 * JSONC as JSON, with JavaScript-style string concatenation joined too (`"a" +\n "b"` -> `"ab"`): Google's
 * VSAQ questionnaires are written that way.
 */
export function relaxedJson(source: string): string {
  const stripped = withoutJsonComments(source);
  const joined = /\s*"/y;
  let out = '';
  let inString = false;
  // A string's closing quote and the whitespace after it, held back until we know no `+ "` follows.
  let pending = '';
  for (let i = 0; i < stripped.length; i++) {
    const char = stripped[i] as string;
    if (inString) {
      if (char === '"') {
        inString = false;
        pending = char;
      } else {
        out += char;
        if (char === '\\') out += stripped[++i] ?? '';
      }
      continue;
    }
    if (pending) {
      if (/\s/.test(char)) {
        pending += char;
        continue;
      }
      joined.lastIndex = i + 1;
      if (char === '+' && joined.test(stripped)) {
        pending = '';
        i = joined.lastIndex - 1;
        inString = true;
        continue;
      }
      out += pending;
      pending = '';
    }
    if (char === '"') inString = true;
    out += char;
  }
  return out + pending;
}

/** Past this depth a JSON document is data for machines, and recursion would be a risk. */
const JSON_MAX_DEPTH = 40;

/** Each value as "key.path: value"; the top-level key is the passage's section. */
export function jsonBlocks(source: string): TextBlock[] {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch {
    // Configuration-style JSON often carries comments (JSONC) or joined strings: read it without them, and
    // say what is wrong past the comments (a file that has them fails on its first "//" otherwise).
    const stripped = relaxedJson(source);
    try {
      value = JSON.parse(stripped);
    } catch (err) {
      const message = (err as Error).message;
      const at = Number(message.match(/at position (\d+)/)?.[1] ?? Number.NaN);
      const near = Number.isNaN(at)
        ? ''
        : `, near "${stripped
            .slice(Math.max(0, at - 30), at + 20)
            .replace(/\s+/g, ' ')
            .trim()}"`;
      throw new DocumentError(`The JSON file is not valid JSON (${message}${near})`);
    }
  }
  const blocks: TextBlock[] = [];
  const walk = (node: unknown, path: string, section: string | null, depth: number) => {
    if (depth > JSON_MAX_DEPTH) return;
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) walk(item, `${path}[${index}]`, section, depth + 1);
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        const childPath = path ? `${path}.${key}` : key;
        walk(child, childPath, depth === 0 ? key : section, depth + 1);
      }
    } else if (node !== null && node !== '') {
      blocks.push({ text: path ? `${path}: ${String(node)}` : String(node), section, page: null });
    }
  };
  walk(value, '', null, 0);
  return blocks;
}
