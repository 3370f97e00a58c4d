/**
 * An e-mail template's Markdown as the plain text a mail client takes: the subject line and the body, with no
 * Markdown symbols and no citation markers (they point into the user's knowledge base, not the reader's).
 * `[Missing: ...]` marks stay, so nothing unfinished is sent by mistake.
 */
import MarkdownIt, { type Token } from 'markdown-it';

const parser = new MarkdownIt('default', { html: false, linkify: false, typographer: false });

/** "[1]", "[2, 3]" with the space before it. */
const CITATION = /\s?\[\d+(?:\s*,\s*\d+)*\]/g;

function inlineText(tokens: readonly Token[]): string {
  let text = '';
  for (const token of tokens) {
    if (token.type === 'text' || token.type === 'code_inline') text += token.content;
    else if (token.type === 'softbreak' || token.type === 'hardbreak') text += '\n';
    else if (token.type === 'image') text += token.content;
  }
  return text.replace(CITATION, '');
}

export function emailPlainText(markdown: string): string {
  const tokens = parser.parse(markdown, {});
  /** `list`: which list (counted from 1) a list item belongs to, null for any other block. */
  const blocks: { text: string; list: number | null }[] = [];
  /** The open lists: the next number of an ordered one, null for bullets. */
  const lists: (number | null)[] = [];
  let listCount = 0;
  let prefix = '';
  for (const token of tokens) {
    switch (token.type) {
      case 'bullet_list_open':
        if (lists.length === 0) listCount += 1;
        lists.push(null);
        break;
      case 'ordered_list_open':
        if (lists.length === 0) listCount += 1;
        lists.push(Number(token.attrGet('start') ?? 1));
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        break;
      case 'list_item_open': {
        const depth = Math.max(lists.length - 1, 0);
        const number = lists[lists.length - 1];
        prefix = `${'  '.repeat(depth)}${number === null || number === undefined ? '-' : `${number}.`} `;
        if (typeof number === 'number') lists[lists.length - 1] = number + 1;
        break;
      }
      case 'inline': {
        const text = inlineText(token.children ?? []).trim();
        if (!text) break;
        blocks.push({ text: `${prefix}${text}`, list: prefix !== '' ? listCount : null });
        prefix = '';
        break;
      }
      case 'fence':
      case 'code_block':
        blocks.push({ text: token.content.replace(/\n$/, ''), list: null });
        break;
      default:
        break;
    }
  }
  // Items of a list stay on consecutive lines; other blocks, the next list too, are separated by a blank line.
  return blocks
    .map((block, index) => {
      const previous = blocks[index - 1];
      if (!previous) return block.text;
      return `${previous.list !== null && previous.list === block.list ? '\n' : '\n\n'}${block.text}`;
    })
    .join('')
    .trim();
}
