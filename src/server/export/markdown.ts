/**
 * The Markdown the product writes (generated documents, RFP answers) as a small block model, so the DOCX and
 * PDF exporters lay out the same structure without each walking markdown-it's token stream.
 */
import MarkdownIt, { type Token } from 'markdown-it';
import { MISSING_PATTERN } from '../../shared/docgen.ts';

export type TextRun = {
  type: 'text';
  text: string;
  bold?: true;
  italic?: true;
  code?: true;
  strike?: true;
  /** The link's target, when the run is (part of) a link's text. */
  href?: string;
  /** A `[Missing: …]` mark: an input the document lacked, for the exporters to highlight. */
  missing?: true;
};
export type BreakRun = { type: 'break' };
export type Run = TextRun | BreakRun;

export type HeadingLevel = 1 | 2 | 3 | 4;
export type CellAlign = 'left' | 'center' | 'right' | null;

export type Block =
  | { type: 'heading'; level: HeadingLevel; runs: Run[] }
  | { type: 'paragraph'; runs: Run[] }
  /** Each item is a list of blocks: its paragraph(s), and any nested list. */
  | { type: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { type: 'table'; align: CellAlign[]; header: Run[][]; rows: Run[][][] }
  | { type: 'quote'; blocks: Block[] }
  | { type: 'rule' }
  | { type: 'code'; text: string; lang: string | null };

// html stays off: generated text is data, and a `<script>` in it must come out as the characters typed.
const parser = new MarkdownIt('default', { html: false, linkify: true, typographer: false });

/** Parses Markdown into blocks; anything outside the subset (images, HTML) degrades to its text. */
export function parseMarkdown(markdown: string): Block[] {
  const tokens = parser.parse(markdown, {});
  return readBlocks(tokens, { i: 0 }, null);
}

type Cursor = { i: number };

function readBlocks(tokens: Token[], at: Cursor, close: string | null): Block[] {
  const blocks: Block[] = [];
  while (at.i < tokens.length) {
    const token = tokens[at.i] as Token;
    at.i++;
    if (close && token.type === close) return blocks;
    switch (token.type) {
      case 'heading_open': {
        const level = Math.min(4, Number(token.tag.slice(1)) || 1) as HeadingLevel;
        blocks.push({ type: 'heading', level, runs: readInline(tokens, at, 'heading_close') });
        break;
      }
      case 'paragraph_open':
        blocks.push({ type: 'paragraph', runs: readInline(tokens, at, 'paragraph_close') });
        break;
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const ordered = token.type === 'ordered_list_open';
        const start = ordered ? Number(token.attrGet('start') ?? 1) || 1 : 1;
        const items = readItems(tokens, at, ordered ? 'ordered_list_close' : 'bullet_list_close');
        blocks.push({ type: 'list', ordered, start, items });
        break;
      }
      case 'blockquote_open':
        blocks.push({ type: 'quote', blocks: readBlocks(tokens, at, 'blockquote_close') });
        break;
      case 'table_open':
        blocks.push(readTable(tokens, at));
        break;
      case 'hr':
        blocks.push({ type: 'rule' });
        break;
      case 'fence':
      case 'code_block':
        blocks.push({
          type: 'code',
          text: token.content.replace(/\n$/, ''),
          lang: token.info.trim().split(/\s+/)[0] || null,
        });
        break;
      case 'inline':
        // Only where a block holds bare inline content (never in the subset; kept so no text is lost).
        blocks.push({ type: 'paragraph', runs: inlineRuns(token.children ?? []) });
        break;
      default:
        break;
    }
  }
  return blocks;
}

function readItems(tokens: Token[], at: Cursor, close: string): Block[][] {
  const items: Block[][] = [];
  while (at.i < tokens.length) {
    const token = tokens[at.i] as Token;
    at.i++;
    if (token.type === close) break;
    if (token.type === 'list_item_open') items.push(readBlocks(tokens, at, 'list_item_close'));
  }
  return items;
}

/** The runs of the inline token before `close`, and the cursor moved past `close`. */
function readInline(tokens: Token[], at: Cursor, close: string): Run[] {
  let runs: Run[] = [];
  while (at.i < tokens.length) {
    const token = tokens[at.i] as Token;
    at.i++;
    if (token.type === close) break;
    if (token.type === 'inline') runs = runs.concat(inlineRuns(token.children ?? []));
  }
  return runs;
}

function readTable(tokens: Token[], at: Cursor): Block {
  const align: CellAlign[] = [];
  const header: Run[][] = [];
  const rows: Run[][][] = [];
  let inHead = false;
  let row: Run[][] | null = null;
  while (at.i < tokens.length) {
    const token = tokens[at.i] as Token;
    at.i++;
    if (token.type === 'table_close') break;
    if (token.type === 'thead_open') inHead = true;
    else if (token.type === 'thead_close') inHead = false;
    else if (token.type === 'tr_open' && !inHead) {
      row = [];
      rows.push(row);
    } else if (token.type === 'th_open' || token.type === 'td_open') {
      const cell = readInline(tokens, at, token.type === 'th_open' ? 'th_close' : 'td_close');
      if (inHead) {
        header.push(cell);
        align.push(cellAlign(String(token.attrGet('style') ?? '')));
      } else row?.push(cell);
    }
  }
  // GFM gives every row the header's width; pad anyway, so exporters can index cells without checks.
  for (const cells of rows) while (cells.length < header.length) cells.push([]);
  return { type: 'table', align, header, rows };
}

function cellAlign(style: string): CellAlign {
  const found = style.match(/text-align:\s*(left|center|right)/);
  return (found?.[1] as CellAlign | undefined) ?? null;
}

function inlineRuns(children: Token[]): Run[] {
  const runs: Run[] = [];
  let bold = 0;
  let italic = 0;
  let strike = 0;
  const links: string[] = [];
  const push = (text: string, code = false) => {
    if (!text) return;
    const run: TextRun = { type: 'text', text };
    if (bold) run.bold = true;
    if (italic) run.italic = true;
    if (strike) run.strike = true;
    if (code) run.code = true;
    const href = links.at(-1);
    if (href) run.href = href;
    const last = runs.at(-1);
    // markdown-it may cut one text into several tokens (around "[" for instance); join them back.
    if (last?.type === 'text' && sameStyle(last, run)) last.text += text;
    else runs.push(run);
  };
  for (const child of children) {
    switch (child.type) {
      case 'text':
      case 'text_special':
        push(child.content);
        break;
      case 'code_inline':
        push(child.content, true);
        break;
      case 'softbreak':
        push(' ');
        break;
      case 'hardbreak':
        runs.push({ type: 'break' });
        break;
      case 'strong_open':
        bold++;
        break;
      case 'strong_close':
        bold--;
        break;
      case 'em_open':
        italic++;
        break;
      case 'em_close':
        italic--;
        break;
      case 's_open':
        strike++;
        break;
      case 's_close':
        strike--;
        break;
      case 'link_open':
        links.push(String(child.attrGet('href') ?? ''));
        break;
      case 'link_close':
        links.pop();
        break;
      case 'image':
        push(child.content);
        break;
      default:
        // html_inline cannot occur (html is off); anything else unknown keeps its text.
        push(child.content);
        break;
    }
  }
  return runs.flatMap(splitMissing);
}

function sameStyle(a: TextRun, b: TextRun): boolean {
  return (
    a.bold === b.bold &&
    a.italic === b.italic &&
    a.strike === b.strike &&
    a.code === b.code &&
    a.href === b.href
  );
}

function splitMissing(run: Run): Run[] {
  if (run.type !== 'text' || run.code || !run.text.includes('[Missing:')) return [run];
  const parts: Run[] = [];
  let last = 0;
  for (const found of run.text.matchAll(MISSING_PATTERN)) {
    if (found.index > last) parts.push({ ...run, text: run.text.slice(last, found.index) });
    parts.push({ ...run, text: found[0], missing: true });
    last = found.index + found[0].length;
  }
  if (last < run.text.length) parts.push({ ...run, text: run.text.slice(last) });
  return parts;
}
