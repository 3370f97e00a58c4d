/**
 * The questions of an RFP or security questionnaire, out of the file it came in (CSV, Excel, Word, PDF,
 * Markdown, text, Google's VSAQ JSON) or pasted text: each with the questionnaire's own number, the section it
 * sits under and, for CSV and Excel, its row, so that drafted answers can be written back into the same file.
 * A file we cannot read, or one with no questions, throws `QuestionnaireError` with a sentence the user can
 * act on.
 */
import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { VERDICT_LABELS } from '../../../shared/knowledge.ts';
import {
  RFP_EXTENSIONS,
  RFP_MAX_QUESTIONS,
  RFP_NO_QUESTIONS,
  type RfpFormat,
  verdictOf,
  withoutVerdict,
} from '../../../shared/rfp.ts';
import {
  checkZipBomb,
  checkZipInflates,
  DocumentError,
  decodeEntities,
  decodeText,
  extractDocument,
  formatMismatch,
  markdownInline,
  relaxedJson,
} from '../knowledge/extract.ts';

export type ExtractedQuestion = {
  /** The questionnaire's own number or id ("3.2", "A.1", a VSAQ item id), null when it has none. */
  ref: string | null;
  /** The heading or block path it sits under ("Application > Authentication"). */
  section: string | null;
  /** The question, whitespace collapsed. */
  text: string;
  /** CSV and Excel: its 1-based row in the file (and the sheet's name for Excel). */
  location: { sheet: string | null; row: number } | null;
};

/** CSV and Excel only: where the questions and answers stand, for writing the answers back. */
export type QuestionnaireLayout = {
  sheet: string | null;
  headerRow: number;
  /** 1-based. */
  questionColumn: number;
  /** 1-based. */
  answerColumn: number;
  /** The file had no answer column: one is appended after its last column. */
  answerColumnAdded: boolean;
  /**
   * 1-based: the questionnaire's own Yes/No column ("Yes/No", "Y/N", "Compliant"), where the verdict goes while
   * the answer column gets its support. Absent in layouts saved before it existed.
   */
  verdictColumn?: number | null;
};

export type ParsedQuestionnaire = {
  format: RfpFormat;
  questions: ExtractedQuestion[];
  layout: QuestionnaireLayout | null;
  title: string | null;
};

/** The questionnaire cannot be read or holds no questions; the message is for the user. */
export class QuestionnaireError extends Error {
  override name = 'QuestionnaireError';
}

export async function parseQuestionnaire(input: {
  filename: string;
  bytes: Uint8Array;
}): Promise<ParsedQuestionnaire> {
  const extension = /\.([a-z0-9]+)$/i.exec(input.filename)?.[1]?.toLowerCase() ?? '';
  const { bytes } = input;
  if (bytes.length === 0) throw new QuestionnaireError('The file is empty');
  switch (extension) {
    case 'csv':
      return parseCsv(bytes);
    case 'xlsx':
      return parseXlsx(bytes);
    case 'docx':
    case 'pdf':
      return parseDocument(extension, bytes);
    case 'md':
    case 'markdown':
    case 'txt': {
      const found = scan(textLines(fileText(bytes, 'file')), { joinLines: true, markdown: true });
      return finish(extension === 'txt' ? 'text' : 'markdown', found.questions, null, found.title);
    }
    case 'json':
      return parseVsaq(bytes);
    default:
      throw new QuestionnaireError(
        `A questionnaire must be one of these files: ${RFP_EXTENSIONS.map((e) => `.${e}`).join(', ')}`,
      );
  }
}

/**
 * The questions of pasted text, Markdown or plain text: numbered items, questions, requirement lines
 * ("Describe ...", "Do you ..."), table rows, under their headings. Throws when there are none or too many.
 */
export function questionsFromText(text: string): ExtractedQuestion[] {
  return checked(scan(textLines(text), { joinLines: true, markdown: true }).questions);
}

function finish(
  format: RfpFormat,
  questions: ExtractedQuestion[],
  layout: QuestionnaireLayout | null,
  title: string | null,
): ParsedQuestionnaire {
  return { format, questions: checked(questions), layout, title };
}

function checked(questions: ExtractedQuestion[]): ExtractedQuestion[] {
  if (questions.length === 0) throw new QuestionnaireError(RFP_NO_QUESTIONS);
  if (questions.length > RFP_MAX_QUESTIONS) {
    throw new QuestionnaireError(
      `It has ${questions.length} questions, more than the ${RFP_MAX_QUESTIONS} one questionnaire may have; split it into smaller questionnaires`,
    );
  }
  return questions;
}

function fileText(bytes: Uint8Array, what: string): string {
  const decoded = decodeText(bytes);
  if ('error' in decoded) throw new QuestionnaireError(`The ${what} ${decoded.error}`);
  if (decoded.text.trim() === '') throw new QuestionnaireError('The file is empty');
  return decoded.text;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

// --- What reads as a question --------------------------------------------------------------------------------

/** Requirement lines of RFPs: "Describe ...", "Please confirm ...". */
const IMPERATIVE =
  /^(?:please\s+)?(?:describe|provide|explain|list(?!\s+of\b)|detail|specify|indicate|confirm|outline(?!\s+of\b)|identify|summari[sz]e|demonstrate|submit|attach|clarify|elaborate|define|discuss|share|state\s+(?:whether|how|what|if)|tell\s+us|give)\b/i;
/** Questions asked without their question mark: "Does your company ...", "How do you ...". */
const ASKING =
  /^(?:(?:does|do|is|are|can|could|will|would|has|have|did|was|were|should|shall|may|must)\s+(?:your|you|the|there|any|all|each|this|these|those|it|they|we|a|an)|(?:how|what|which|who|where|when|why)\s+(?:do|does|is|are|can|will|would|should|has|have|did|was|were)\s+(?:you|your|the))\b/i;

function readsAsQuestion(text: string): boolean {
  return text.endsWith('?') || IMPERATIVE.test(text) || ASKING.test(text);
}

/** Page numbers, running headers and footers of printed documents. */
const FURNITURE =
  /^(?:page\s+\d+(?:\s+of\s+\d+)?|\d+\s*(?:\/|of)\s*\d+|[-–]\s*\d+\s*[-–]|(?:strictly\s+)?confidential|proprietary(?:\s+and\s+confidential)?|(?:copyright|©)\s*(?:\(c\)\s*)?\d{4}\b.*)$/i;

/** A short line that names what follows rather than asks ("Access control", "Company information:"). */
function readsAsHeading(text: string, maxWords = 8): boolean {
  return wordCount(text) <= maxWords && !readsAsQuestion(text) && !/[.;]$/.test(text);
}

/** Item numbers, most specific first: `Q1:`, `(a)`, `A.1`, `1.2.3`, `1.`, `1)`, `1 Title`, `a.`. */
const ITEM_MARKERS: RegExp[] = [
  /^(?:q|question)\s*(\d{1,4}(?:\.\d{1,3})*)\s*[:.)-]\s*(.+)$/i,
  /^\((\d{1,3}|[a-z]|[ivx]{1,5})\)\s*(.+)$/i,
  /^([a-z]\.\d{1,3}(?:\.\d{1,3})*)[.):]?\s+(.+)$/i,
  /^(\d{1,3}(?:\.\d{1,3})+)[.):]?\s+(.+)$/,
  /^(\d{1,3})[.)]\s*(\p{L}.*)$/u,
  /^(\d{1,2})\s+(\p{Lu}.*)$/u,
  /^([a-z])[.)]\s+(.+)$/i,
];
/** A line holding nothing but an item number (a Word table's first cell, say). */
const REF_ONLY = /^(?:q\s*)?(?:[a-z]{1,3}[-.]?)?\d{1,3}(?:\.\d{1,3})*[.):]?$/i;

function numberedItem(line: string): { ref: string; text: string } | null {
  for (const marker of ITEM_MARKERS) {
    const match = marker.exec(line);
    if (match?.[1] && match[2] && /\p{L}/u.test(match[2])) return { ref: match[1], text: match[2] };
  }
  return null;
}

// --- Text: Markdown, plain text, pasted, and the text of Word and PDF files ---------------------------------

/** A line of text and the heading path it was found under outside the text (Word and PDF blocks). */
type Line = { text: string; section: string | null };

type ScanOptions = {
  /** Lines continue the item or paragraph above them (wrapped text); off for Word, where a line is a paragraph. */
  joinLines: boolean;
  /** `#` headings, setext underlines, fenced code and inline marks. */
  markdown: boolean;
};

type Unit =
  | { kind: 'heading'; text: string }
  | { kind: 'break' }
  | { kind: 'table'; start: boolean }
  | { kind: 'label'; text: string; outer: string | null }
  | { kind: 'ref'; ref: string; outer: string | null }
  | { kind: 'item'; ref: string | null; text: string; outer: string | null }
  | { kind: 'bullet'; text: string; outer: string | null }
  | { kind: 'paragraph'; text: string; outer: string | null }
  | { kind: 'row'; ref: string | null; text: string; trusted: boolean; outer: string | null };

function textLines(text: string): Line[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => ({ text: line, section: null }));
}

const SETEXT = /^\s{0,3}(=+|-+)\s*$/;
const RULE = /^\s*(?:[-*_=]\s*){3,}$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;

function scan(lines: Line[], options: ScanOptions): { questions: ExtractedQuestion[]; title: string | null } {
  const units = scanUnits(lines, options);
  const title = units.find((u) => u.kind === 'heading')?.text ?? null;
  return { questions: withoutTitle(questionsOf(units), title), title };
}

/** First pass: lines into headings, items, paragraphs and table rows, with the heading path above each. */
function scanUnits(lines: Line[], options: ScanOptions): Unit[] {
  const units: Unit[] = [];
  const headings: (string | undefined)[] = [];
  let current: { kind: 'item' | 'bullet' | 'paragraph'; ref: string | null; parts: string[] } | null = null;
  let fence: string | null = null;
  let lastOuter: string | null = null;
  // Blanks to fill in ("____") are no words.
  const clean = (text: string) =>
    collapse(
      (options.markdown
        ? decodeEntities(markdownInline(text)).replace(/\\([\\`*_{}[\]()#+\-.!|>])/g, '$1')
        : text
      ).replace(/_{3,}/g, ' '),
    );
  const outerOf = (line: Line) =>
    [line.section, ...headings].filter((part): part is string => Boolean(part)).join(' > ') || null;
  const flush = () => {
    if (!current) return;
    const text = clean(current.parts.join(' '));
    const outer = lastOuter;
    if (text) {
      if (current.kind === 'item') units.push({ kind: 'item', ref: current.ref, text, outer });
      else units.push({ kind: current.kind, text, outer });
    }
    current = null;
  };
  const heading = (level: number, text: string) => {
    flush();
    const title = clean(text.replace(/\s+#+\s*$/, ''));
    headings.length = level - 1;
    headings[level - 1] = title || undefined;
    if (title) units.push({ kind: 'heading', text: title });
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line;
    const trimmed = line.text.trim();
    if (options.markdown) {
      const fenceMark = /^\s{0,3}(`{3,}|~{3,})/.exec(line.text)?.[1];
      if (fenceMark) {
        flush();
        fence = fence === null ? (fenceMark[0] ?? null) : fenceMark[0] === fence ? null : fence;
        continue;
      }
      // Code is never a question.
      if (fence !== null) continue;
    }
    if (!trimmed || RULE.test(trimmed)) {
      flush();
      units.push({ kind: 'break' });
      continue;
    }
    // A lone number is a page number in wrapped text, and an item's number in a Word table's cell.
    if (FURNITURE.test(trimmed) || (options.joinLines && /^[-–]?\s*\d+\s*[-–]?$/.test(trimmed))) continue;
    const outer = outerOf(line);
    if (outer !== lastOuter) flush();
    lastOuter = outer;

    if (options.markdown) {
      const atx = /^\s{0,3}(#{1,6})(?:\s+|(?=\p{L}))(.+)$/u.exec(line.text);
      if (atx?.[1] && atx[2]) {
        heading(atx[1].length, atx[2]);
        lastOuter = outerOf(line);
        continue;
      }
      const underline = SETEXT.exec(lines[i + 1]?.text ?? '')?.[1];
      if (underline && current === null && !numberedItem(trimmed) && !trimmed.includes('|')) {
        heading(underline.startsWith('=') ? 1 : 2, trimmed);
        lastOuter = outerOf(line);
        i++;
        continue;
      }
    }

    // A Markdown table, or rows pasted from a spreadsheet (cells split by tabs).
    const next = lines[i + 1]?.text ?? '';
    const pipes = trimmed.includes('|') && (trimmed.startsWith('|') || TABLE_SEPARATOR.test(next));
    if (pipes || trimmed.includes('\t')) {
      flush();
      const mark = pipes ? '|' : '\t';
      const run: string[] = [];
      while (i < lines.length && (lines[i]?.text ?? '').includes(mark)) run.push((lines[i++] as Line).text);
      i--;
      // Not trimmed: a leading tab is an empty first cell.
      const rows = pipes ? pipeRows(run) : run.map((row) => row.split('\t'));
      const cleaned = rows.map((row) => row.map(clean));
      const hasHeader = pipes
        ? TABLE_SEPARATOR.test(run[1] ?? '')
        : namedColumn(cleaned[0] ?? [], QUESTION_HEADERS, []) !== null;
      units.push({ kind: 'table', start: true }, ...tableUnits(cleaned, hasHeader, outer), {
        kind: 'table',
        start: false,
      });
      continue;
    }

    const item = numberedItem(trimmed) ?? qLabelled(trimmed);
    if (item) {
      flush();
      current = { kind: 'item', ref: item.ref, parts: [item.text] };
      continue;
    }
    const bullet = /^[-*+•▪◦·–]\s+(.+)$/.exec(trimmed)?.[1];
    if (bullet) {
      flush();
      current = { kind: 'bullet', ref: null, parts: [bullet] };
      continue;
    }
    if (REF_ONLY.test(trimmed)) {
      flush();
      units.push({ kind: 'ref', ref: trimmed.replace(/[.):]$/, ''), outer });
      continue;
    }
    const cleaned = clean(trimmed);
    // "Access control:", or a Markdown line all in bold, names what follows.
    const bold = options.markdown ? /^(\*\*|__)(.+)\1:?$/.exec(trimmed)?.[2] : undefined;
    const labelText = bold ? clean(bold) : cleaned.endsWith(':') ? cleaned.slice(0, -1).trim() : null;
    const isLabel = labelText !== null && readsAsHeading(labelText, bold ? 12 : 8);
    if (current && options.joinLines) {
      // Wrapped text continues, but a label or a new question after a finished sentence starts afresh
      // (a question's own follow-up lines stay with a numbered item).
      const previous = current.parts.at(-1) ?? '';
      const ended = /[.?!:]$/.test(previous);
      const fresh =
        (ended && isLabel) ||
        (current.kind !== 'item' && (previous.endsWith('?') || (ended && readsAsQuestion(cleaned))));
      if (!fresh) {
        current.parts.push(trimmed);
        continue;
      }
    }
    flush();
    if (isLabel) {
      units.push({ kind: 'label', text: labelText, outer });
      continue;
    }
    current = { kind: 'paragraph', ref: null, parts: [trimmed] };
  }
  flush();
  return units;
}

/** "Q: Do you ...?": a question marked as one, with no number. */
function qLabelled(line: string): { ref: null; text: string } | null {
  const text = /^q\s*[:.]\s+(.+)$/i.exec(line)?.[1];
  return text ? { ref: null, text } : null;
}

/** The cells of a Markdown table's rows, without its separator row. */
function pipeRows(run: string[]): string[][] {
  return run
    .filter((line) => !TABLE_SEPARATOR.test(line))
    .map((line) =>
      line
        .trim()
        .replace(/^\|/, '')
        .replace(/(?<!\\)\|$/, '')
        .split(/(?<!\\)\|/),
    );
}

/** Table rows: the question column by its header's name, else the cell of each row that reads as a question. */
function tableUnits(rows: string[][], hasHeader: boolean, outer: string | null): Unit[] {
  const columns = hasHeader ? headerColumns(rows[0] ?? []) : null;
  const units: Unit[] = [];
  for (const cells of hasHeader ? rows.slice(1) : rows) {
    const filled = cells.filter(Boolean);
    if (filled.length === 1 && cells.length > 1 && readsAsHeading(filled[0] as string)) {
      units.push({ kind: 'label', text: filled[0] as string, outer });
      continue;
    }
    if (columns?.question !== null && columns?.question !== undefined) {
      const text = cells[columns.question] ?? '';
      const ref = columns.ref === null ? null : cells[columns.ref] || null;
      if (text) units.push({ kind: 'row', ref, text, trusted: true, outer });
      continue;
    }
    // No question column by name: the longest cell of the row that reads as a question, its number beside it.
    const text = [...filled].sort((a, b) => b.length - a.length).find(readsAsQuestion);
    if (!text) continue;
    const ref = filled.find((cell) => cell !== text && REF_ONLY.test(cell))?.replace(/[.):]$/, '') ?? null;
    units.push({ kind: 'row', ref, text, trusted: false, outer });
  }
  return units;
}

type NumberedHeading = { ref: string; text: string };

/** Second pass: which units are questions, and under which section. */
function questionsOf(units: Unit[]): ExtractedQuestion[] {
  const questions: ExtractedQuestion[] = [];
  const seen = new Set<string>();
  // "1 Security" above "1.1 ...", "1.2 ...": numbered headings, and a "Label:" line, below the heading path.
  let numbered: NumberedHeading[] = [];
  let label: string | null = null;
  let outer: string | null = null;
  let pendingRef: string | null = null;
  // A table's section rows head rows of that table only.
  let labelBeforeTable: string | null = null;
  const add = (ref: string | null, text: string) => {
    const section = [outer, ...numbered.map((n) => n.text), label].filter(Boolean).join(' > ') || null;
    const key = `${section ?? ''}\u0000${text.toLowerCase()}`;
    if (seen.has(key)) return;
    seen.add(key);
    questions.push({ ref, section, text, location: null });
  };
  for (const [index, unit] of units.entries()) {
    const ref = pendingRef;
    pendingRef = null;
    if (unit.kind === 'heading' || unit.kind === 'break') continue;
    if (unit.kind === 'table') {
      if (unit.start) labelBeforeTable = label;
      else label = labelBeforeTable;
      continue;
    }
    if (unit.outer !== outer) {
      outer = unit.outer;
      numbered = [];
      label = null;
    }
    switch (unit.kind) {
      case 'label':
        label = unit.text;
        break;
      case 'ref':
        pendingRef = unit.ref;
        break;
      case 'item': {
        const own = unit.ref?.replace(/[.):]$/, '') ?? null;
        if (own !== null) {
          // A sibling of an open numbered heading ("2" after "1", "b" after "a") closes it and those inside it.
          const sibling = numbered.findIndex((n) => !isInside(own, n.ref));
          if (sibling >= 0) {
            numbered = numbered.slice(0, sibling);
            label = null;
          }
          if (headsNumberedItems(own, unit.text, units, index)) {
            numbered.push({ ref: own, text: unit.text });
            label = null;
            break;
          }
        }
        const short = wordCount(unit.text) < 3;
        if (
          !short ||
          (own !== null && unit.text.endsWith('?')) ||
          (own === null && readsAsQuestion(unit.text))
        ) {
          add(own, unit.text);
        }
        break;
      }
      case 'bullet':
        if (wordCount(unit.text) >= 3 && readsAsQuestion(unit.text)) add(ref, unit.text);
        break;
      case 'row':
        if (unit.trusted || wordCount(unit.text) >= 3) {
          const item = numberedItem(unit.text);
          add(unit.ref ?? item?.ref ?? null, unit.ref === null && item ? item.text : unit.text);
        }
        break;
      case 'paragraph':
        for (const text of paragraphQuestions(unit.text)) add(ref, text);
        break;
    }
  }
  return questions;
}

/** How an item is numbered: "1", "1.2" and "1.2.3" alike (their dots tell the levels), "a", "A", "iv". */
function numbering(ref: string): string {
  if (/^\d/.test(ref)) return '1';
  if (/^[ivx]{2,}$/.test(ref)) return 'i';
  if (/^[IVX]{2,}$/.test(ref)) return 'I';
  return /^[a-z]/.test(ref) ? 'a' : 'A';
}

/** Item `ref` stands inside heading `parent`: "1.2" in "1", "a" in "1", but not "2" in "1". */
function isInside(ref: string, parent: string): boolean {
  return ref.startsWith(`${parent}.`) || numbering(ref) !== numbering(parent);
}

/** Title Case: every longer word capitalized ("Basis of Award and Evaluation Criteria"). */
function titleCased(text: string): boolean {
  const words = text.match(/\p{L}{4,}/gu) ?? [];
  return words.length >= 2 && words.every((word) => /^\p{Lu}/u.test(word));
}

/**
 * A numbered line heads a section rather than asks: short, not a question, and either in Title Case or the
 * next numbered item is inside it ("1 Security" above "1.1 ...").
 */
function headsNumberedItems(ref: string, text: string, units: Unit[], index: number): boolean {
  if (readsAsQuestion(text) || wordCount(text) > 10 || /[.;:]$/.test(text)) return false;
  if (titleCased(text)) return true;
  for (let next = index + 1; next < units.length; next++) {
    const unit = units[next] as Unit;
    if (unit.kind === 'heading') return false;
    if (unit.kind === 'item' && unit.ref !== null) return isInside(unit.ref, ref);
  }
  return false;
}

/**
 * A paragraph that asks (a requirement line, or a short paragraph ending with "?") is one question with its
 * context; in a longer one, each sentence that ends with "?" is.
 */
function paragraphQuestions(text: string): string[] {
  if (wordCount(text) < 3) return [];
  if (IMPERATIVE.test(text) || ASKING.test(text) || (text.endsWith('?') && wordCount(text) <= 60)) {
    return [text];
  }
  return text
    .split(/(?<=[.?!])\s+(?=["'(\p{Lu}\d])/u)
    .filter((sentence) => sentence.endsWith('?') && wordCount(sentence) >= 3);
}

// --- Word and PDF --------------------------------------------------------------------------------------------

async function parseDocument(extension: 'docx' | 'pdf', bytes: Uint8Array): Promise<ParsedQuestionnaire> {
  const mismatch = formatMismatch(extension, bytes);
  if (mismatch) throw new QuestionnaireError(`The file ${mismatch}`);
  let blocks: Awaited<ReturnType<typeof extractDocument>>['blocks'];
  try {
    ({ blocks } = await extractDocument(extension, bytes));
  } catch (err) {
    if (err instanceof DocumentError) throw new QuestionnaireError(err.message);
    throw err;
  }
  // PDF text wraps, so its lines join up within a paragraph; a Word paragraph is one line already.
  const lines = blocks.flatMap((block): Line[] => [
    ...block.text.split('\n').map((text) => ({ text, section: block.section })),
    ...(extension === 'pdf' ? [{ text: '', section: block.section }] : []),
  ]);
  const found = scan(lines, { joinLines: extension === 'pdf', markdown: false });
  // The first heading of a Word document is its title: the sections beneath it leave it out.
  const title =
    extension === 'docx' ? (blocks.find((b) => b.section)?.section?.split(' > ')[0] ?? null) : null;
  return finish(extension, withoutTitle(found.questions, title), null, title);
}

function withoutTitle(questions: ExtractedQuestion[], title: string | null): ExtractedQuestion[] {
  if (!title) return questions;
  const under = (section: string | null) => section === title || Boolean(section?.startsWith(`${title} > `));
  if (!questions.every((q) => q.section === null || under(q.section))) return questions;
  return questions.map((q) => ({
    ...q,
    section: q.section === null || q.section === title ? null : q.section.slice(title.length + 3),
  }));
}

// --- VSAQ (Google's Vendor Security Assessment Questionnaire) ----------------------------------------------

/** VSAQ item types that ask something; `info`, `tip`, `spacer`, `check`... only show or confirm. */
const VSAQ_QUESTION_TYPES = new Set(['line', 'box', 'radiogroup', 'checkgroup']);
const VSAQ_MAX_DEPTH = 40;

function parseVsaq(bytes: Uint8Array): ParsedQuestionnaire {
  let value: unknown;
  try {
    value = JSON.parse(relaxedJson(fileText(bytes, 'JSON file')));
  } catch (err) {
    if (err instanceof QuestionnaireError) throw err;
    throw new QuestionnaireError(`The JSON file is not valid JSON (${(err as Error).message})`);
  }
  // vsaq-questions-flat.json: one array of { questionnaire, id, type, text }.
  if (Array.isArray(value)) {
    const questions = value.filter(isRecord).flatMap((item): ExtractedQuestion[] => {
      const text = htmlText(item.text);
      const asks = typeof item.type !== 'string' || VSAQ_QUESTION_TYPES.has(item.type);
      if (!text || !asks) return [];
      const section = typeof item.questionnaire === 'string' ? item.questionnaire : null;
      return [{ ref: typeof item.id === 'string' ? item.id : null, section, text, location: null }];
    });
    return finish('vsaq', questions, null, null);
  }
  const top = isRecord(value) ? (value.questionnaire ?? value.extensions) : undefined;
  if (!Array.isArray(top)) throw new QuestionnaireError(RFP_NO_QUESTIONS);
  // One top block is the questionnaire itself: its text is the title, not a section.
  const only = top.length === 1 && isRecord(top[0]) && top[0].type === 'block' ? top[0] : null;
  const title = only ? htmlText(only.text) || null : null;
  const questions: ExtractedQuestion[] = [];
  const walk = (items: unknown, path: string[], depth: number) => {
    if (!Array.isArray(items) || depth > VSAQ_MAX_DEPTH) return;
    for (const item of items.filter(isRecord)) {
      const text = htmlText(item.text);
      if (item.type === 'block') {
        walk(item.items, item === only || !text ? path : [...path, text], depth + 1);
        continue;
      }
      if (typeof item.type === 'string' && VSAQ_QUESTION_TYPES.has(item.type) && text) {
        const ref = typeof item.id === 'string' ? item.id : null;
        questions.push({ ref, section: path.join(' > ') || null, text, location: null });
      }
      walk(item.items, path, depth + 1);
    }
  };
  walk(top, [], 0);
  return finish('vsaq', questions, null, title);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** VSAQ texts are HTML: their words, without tags and entities. */
function htmlText(value: unknown): string {
  if (typeof value !== 'string') return '';
  return collapse(
    decodeEntities(value.replace(/<\/?(?:p|br|li|ul|ol|div)\b[^>]*>/gi, ' ').replace(/<[^>]*>/g, '')),
  );
}

// --- CSV and Excel -------------------------------------------------------------------------------------------

const HEADER_ROWS_SEARCHED = 10;
const REF_HEADER =
  /^(?:#|no|nr|num|number|id|ref|reference|item|item (?:#|no|nr|number|id|ref)|s ?no|sr no|sl no|(?:control|question|requirement|req|q) ?(?:#|id|no|nr|number|ref))$/;
/** Header names of the question column, the likelier first. */
const QUESTION_HEADERS: [RegExp, number][] = [
  [/\bquestions?\b/, 6],
  [/\brequirements?\b/, 5],
  [/\bquer(?:y|ies)\b/, 4],
  [/\bcontrols?\b/, 3],
  [/\bdescriptions?\b/, 2],
  [/^items?$/, 1],
];
/** A column for the verdict: "Yes/No", "Y/N", "Response (Yes/No/N/A)", "Compliant?". */
const VERDICT_HEADER =
  /^(?:(?:response|answer|status)?\s*\(?\s*)?(?:yes\s*no(?:\s*n\s*a)?|y\s*n(?:\s*n\s*a)?|compliant|compliance|comply|in place|implemented)\s*\)?$/;
const ANSWER_HEADERS: [RegExp, number][] = [
  [/\banswers?\b/, 4],
  [/\bresponses?\b/, 3],
  [/\brepl(?:y|ies)\b/, 2],
  [/\bcomments?\b/, 1],
];

const normalizeHeader = (header: string) =>
  header
    .toLowerCase()
    .replace(/[^\p{L}\p{N}#]+/gu, ' ')
    .trim();

function namedColumn(header: string[], names: [RegExp, number][], exclude: (number | null)[]): number | null {
  let best: number | null = null;
  let bestScore = 0;
  header.forEach((cell, index) => {
    const name = normalizeHeader(cell);
    // A header names a column in a few words; a sentence that mentions "questions" is not one.
    if (exclude.includes(index) || REF_HEADER.test(name) || wordCount(name) > 5) return;
    for (const [pattern, score] of names) {
      if (pattern.test(name) && score > bestScore) {
        best = index;
        bestScore = score;
      }
    }
  });
  return best;
}

/** The columns a header row names (0-based), with `question` null when none is named. */
function headerColumns(header: string[]): {
  question: number | null;
  ref: number | null;
  answer: number | null;
  verdict: number | null;
} {
  const question = namedColumn(header, QUESTION_HEADERS, []);
  const verdictIndex = header.findIndex(
    (cell, i) => i !== question && VERDICT_HEADER.test(normalizeHeader(cell)),
  );
  const verdict = verdictIndex < 0 ? null : verdictIndex;
  const answer = namedColumn(header, ANSWER_HEADERS, [question, verdict]);
  const ref = header.findIndex((cell, i) => i !== question && REF_HEADER.test(normalizeHeader(cell)));
  return { question, ref: ref < 0 ? null : ref, answer, verdict };
}

/** The questions of a sheet (rows of cell texts, 0-based), or null when it has none. */
function gridQuestionnaire(
  grid: string[][],
  sheet: string | null,
): { questions: ExtractedQuestion[]; layout: QuestionnaireLayout } | null {
  const rows = grid.map((row) => Array.from(row, (cell) => collapse(cell ?? '')));
  const top = rows.slice(0, HEADER_ROWS_SEARCHED);
  // A title or instructions may stand above the header: prefer the row that names a question column.
  let headerIndex = top.findIndex((row) => namedColumn(row, QUESTION_HEADERS, []) !== null);
  if (headerIndex < 0) headerIndex = top.findIndex((row) => row.some((cell) => /\p{L}/u.test(cell)));
  if (headerIndex < 0) return null;
  const header = rows[headerIndex] as string[];
  const data = rows.slice(headerIndex + 1);
  const width = rows.reduce((widest, row) => Math.max(widest, row.findLastIndex(Boolean) + 1), 0);
  const columns = headerColumns(header);
  // No column is called a question: the one with the longest text is.
  let question = columns.question;
  if (question === null) {
    let longest = 0;
    for (let column = 0; column < width; column++) {
      if (column === columns.ref || column === columns.answer || column === columns.verdict) continue;
      const length = data.reduce((sum, row) => sum + (row[column]?.length ?? 0), 0);
      if (length > longest) {
        longest = length;
        question = column;
      }
    }
  }
  if (question === null) return null;

  const questions: ExtractedQuestion[] = [];
  const seen = new Set<string>();
  let section: string | null = null;
  data.forEach((cells, index) => {
    const filled = cells.filter(Boolean);
    // A row holding only a short title heads the rows below it; in the question column, only when questions
    // carry numbers (else it is a short question left unanswered).
    const alone = filled.length === 1 && width > 1 && readsAsHeading(filled[0] as string);
    if (alone && (!cells[question] || columns.ref !== null)) {
      section = filled[0] as string;
      return;
    }
    const cell = cells[question] ?? '';
    if (!cell) return;
    const item = columns.ref === null ? numberedItem(cell) : null;
    const text = item?.text ?? cell;
    const key = `${section ?? ''}\u0000${text.toLowerCase()}`;
    if (seen.has(key)) return;
    seen.add(key);
    const ref = columns.ref === null ? (item?.ref ?? null) : cells[columns.ref] || null;
    questions.push({ ref, section, text, location: { sheet, row: headerIndex + index + 2 } });
  });
  if (questions.length === 0) return null;
  // Without a column called a question, a sheet of notes or instructions is not a questionnaire: enough of its
  // rows must ask.
  if (
    columns.question === null &&
    questions.filter((q) => readsAsQuestion(q.text)).length * 3 < questions.length
  ) {
    return null;
  }
  const added = columns.answer === null;
  return {
    questions,
    layout: {
      sheet,
      headerRow: headerIndex + 1,
      questionColumn: question + 1,
      answerColumn: (columns.answer ?? width) + 1,
      answerColumnAdded: added,
      ...(columns.verdict !== null && { verdictColumn: columns.verdict + 1 }),
    },
  };
}

/** Papa's reading of a CSV, the same at parse and write-back so that row numbers agree. */
function csvRecords(text: string) {
  return Papa.parse<string[]>(text, { skipEmptyLines: false });
}

function parseCsv(bytes: Uint8Array): ParsedQuestionnaire {
  const found = gridQuestionnaire(csvRecords(fileText(bytes, 'CSV file')).data, null);
  if (!found) throw new QuestionnaireError(RFP_NO_QUESTIONS);
  return finish('csv', found.questions, found.layout, null);
}

async function parseXlsx(bytes: Uint8Array): Promise<ParsedQuestionnaire> {
  const workbook = await readWorkbook(bytes);
  for (const sheet of workbook.worksheets) {
    const found = gridQuestionnaire(sheetGrid(sheet), sheet.name);
    if (found) return finish('xlsx', found.questions, found.layout, null);
  }
  throw new QuestionnaireError(RFP_NO_QUESTIONS);
}

const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
/** Old .xls workbooks and password-protected .xlsx ones are OLE compound files. */
const isOle = (bytes: Uint8Array) =>
  bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;

async function readWorkbook(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  if (isOle(bytes)) {
    throw new QuestionnaireError(
      'The file is an old .xls workbook or a password-protected one; save it as .xlsx without a password and upload it again',
    );
  }
  if (!isZip(bytes)) throw new QuestionnaireError('The file is not an Excel workbook (.xlsx)');
  try {
    // An .xlsx is a zip like a .docx: the same zip bomb checks, in the Excel file's words.
    await checkZipInflates(bytes, checkZipBomb(bytes));
  } catch (err) {
    if (err instanceof DocumentError) {
      throw new QuestionnaireError(err.message.replace('The Word document', 'The Excel file'));
    }
    throw err;
  }
  // Loaded on first use: the library holds ~8 MB of heap that a server without Excel uploads never needs.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw new QuestionnaireError('The Excel file could not be read: it is damaged or not an .xlsx workbook');
  }
  if (workbook.worksheets.length === 0) {
    throw new QuestionnaireError('The Excel file could not be read: it has no worksheets');
  }
  return workbook;
}

/** A worksheet's cells as text; a merged range counts once, in its first cell. */
function sheetGrid(sheet: ExcelJS.Worksheet): string[][] {
  const grid: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      if (cell.isMerged && cell.master.address !== cell.address) return;
      cells[column - 1] = cellText(cell);
    });
    grid[rowNumber - 1] = Array.from(cells, (cell) => cell ?? '');
  });
  return Array.from(grid, (row) => row ?? []);
}

function cellText(cell: ExcelJS.Cell): string {
  try {
    return cell.text ?? '';
  } catch {
    return '';
  }
}

// --- Writing the answers back --------------------------------------------------------------------------------

/**
 * The original CSV or Excel file with each answer in its question's row, in the answer column (headed "Answer"
 * when it was added); every other cell, sheet and style stays as it was.
 */
export async function writeAnswersBack(input: {
  format: 'csv' | 'xlsx';
  file: Uint8Array;
  layout: QuestionnaireLayout;
  answers: { location: { sheet: string | null; row: number }; answer: string }[];
}): Promise<Uint8Array> {
  return input.format === 'csv' ? writeCsv(input) : writeXlsx(input);
}

type WriteInput = Parameters<typeof writeAnswersBack>[0];

/**
 * What goes in a question's cells: with a Yes/No column of its own, the verdict there and the rest of the answer
 * in the answer column; otherwise the whole answer, its verdict first.
 */
function cellsFor(layout: QuestionnaireLayout, answer: string): { verdict: string | null; answer: string } {
  const verdict = verdictOf(answer);
  if (!layout.verdictColumn || !verdict) return { verdict: null, answer: plainAnswer(answer) };
  return { verdict: VERDICT_LABELS[verdict], answer: plainAnswer(withoutVerdict(answer)) };
}

function writeCsv({ file, layout, answers }: WriteInput): Uint8Array {
  const parsed = csvRecords(fileText(file, 'CSV file'));
  const rows = parsed.data;
  const put = (row: number, value: string, column = layout.answerColumn - 1) => {
    const cells = rows[row - 1];
    if (!cells) throw new QuestionnaireError(`The file has no row ${row} to write an answer into`);
    while (cells.length <= column) cells.push('');
    cells[column] = value;
  };
  if (layout.answerColumnAdded) {
    // Every row gets the new column, so the file stays rectangular.
    const column = layout.answerColumn - 1;
    for (const cells of rows) if (cells.some(Boolean)) while (cells.length <= column) cells.push('');
    put(layout.headerRow, 'Answer');
  }
  for (const { location, answer } of answers) {
    const cells = cellsFor(layout, answer);
    put(location.row, csvSafe(cells.answer));
    if (cells.verdict && layout.verdictColumn) put(location.row, cells.verdict, layout.verdictColumn - 1);
  }
  const bom = file[0] === 0xef && file[1] === 0xbb && file[2] === 0xbf ? '\uFEFF' : '';
  const text = Papa.unparse(rows, { delimiter: parsed.meta.delimiter, newline: parsed.meta.linebreak });
  return new TextEncoder().encode(bom + text);
}

/**
 * A spreadsheet opening the CSV would run an answer starting with "=", "+", "@" or "-1..." as a formula:
 * a leading apostrophe keeps it text. A list dash ("- item") is left alone.
 */
function csvSafe(value: string): string {
  return /^(?:[=+@\t\r]|-(?!\s))/.test(value) ? `'${value}` : value;
}

async function writeXlsx({ file, layout, answers }: WriteInput): Promise<Uint8Array> {
  const workbook = await readWorkbook(file);
  const sheet = layout.sheet === null ? workbook.worksheets[0] : workbook.getWorksheet(layout.sheet);
  if (!sheet) throw new QuestionnaireError(`The Excel file has no sheet "${layout.sheet}" any more`);
  if (layout.answerColumnAdded) {
    const header = sheet.getRow(layout.headerRow);
    const cell = header.getCell(layout.answerColumn);
    // Dress the new header like the question column's, and make the column wide enough to read.
    cell.style = structuredClone(header.getCell(layout.questionColumn).style ?? {});
    cell.value = 'Answer';
    sheet.getColumn(layout.answerColumn).width = Math.max(
      sheet.getColumn(layout.questionColumn).width ?? 0,
      50,
    );
  }
  for (const { location, answer } of answers) {
    if ((location.sheet ?? null) !== layout.sheet) continue;
    const cell = sheet.getRow(location.row).getCell(layout.answerColumn);
    const cells = cellsFor(layout, answer);
    const text = cells.answer;
    cell.value = text || null;
    if (cells.verdict && layout.verdictColumn) {
      sheet.getRow(location.row).getCell(layout.verdictColumn).value = cells.verdict;
    }
    // A new style object: exceljs shares one among the cells that had the same style in the file.
    if (text.includes('\n'))
      cell.style = { ...cell.style, alignment: { ...cell.style.alignment, wrapText: true } };
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** A Markdown answer as plain text: marks go, line breaks and list dashes stay, links keep their address. */
function plainAnswer(markdown: string): string {
  return markdown
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) =>
      line
        .replace(/^(\s*)#{1,6}\s+/, '$1')
        .replace(/^(\s*)[*+]\s+/, '$1- ')
        .replace(/!?\[([^\]]*)\]\(([^)\s]+)[^)]*\)/g, (_, label: string, url: string) =>
          label && label !== url ? `${label} (${url})` : url,
        )
        .replace(/(\*\*|__)(.+?)\1/g, '$2')
        .replace(/(^|[^\p{L}\p{N}*])\*(?!\s)([^*\n]+?)\*(?![\p{L}\p{N}])/gu, '$1$2')
        .replace(/\*\*/g, '')
        .replace(/`([^`]*)`/g, '$1')
        .trimEnd(),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
