/**
 * An answer as plain text for the clipboard: what a seller pastes into an e-mail or a chat, without the
 * citation markers ("[1]") and without Markdown's marks (emphasis, headings, list bullets become "- ").
 */
import MarkdownIt, { type Token } from 'markdown-it';

const parser = new MarkdownIt('default', { html: false, linkify: false, typographer: false });

/** "[1]", "[2, 3]" and the space before them. */
const CITATION = /[ \t]*\[\d+(?:\s*,\s*\d+)*\]/g;

function inlineText(tokens: readonly Token[]): string {
  let text = '';
  let href: string | null = null;
  let linkText = '';
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
      case 'code_inline':
        text += token.content;
        if (href !== null) linkText += token.content;
        break;
      case 'softbreak':
      case 'hardbreak':
        text += '\n';
        break;
      case 'image':
        text += token.content;
        break;
      case 'link_open':
        href = String(token.attrGet('href') ?? '') || null;
        linkText = '';
        break;
      case 'link_close':
        // A link whose text is not its address keeps the address, so the pasted text still leads there.
        if (href && href !== linkText && !href.startsWith('mailto:')) text += ` (${href})`;
        href = null;
        break;
      default:
        break;
    }
  }
  return text;
}

/** The answer's Markdown without its citation markers (for the library, which keeps no sources). */
export const withoutCitations = (markdown: string): string => markdown.replace(CITATION, '').trim();

export function plainAnswer(markdown: string): string {
  const tokens = parser.parse(markdown.replace(CITATION, ''), {});
  const lines: string[] = [];
  const lists: { ordered: boolean; n: number }[] = [];
  let prefix = '';
  let row: string[] | null = null;
  for (const token of tokens) {
    switch (token.type) {
      case 'bullet_list_open':
        lists.push({ ordered: false, n: 0 });
        break;
      case 'ordered_list_open':
        lists.push({ ordered: true, n: Number(token.attrGet('start') ?? 1) - 1 });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        if (lists.length === 0) lines.push('');
        break;
      case 'list_item_open': {
        const list = lists.at(-1);
        if (!list) break;
        list.n += 1;
        prefix = `${'  '.repeat(lists.length - 1)}${list.ordered ? `${list.n}.` : '-'} `;
        break;
      }
      case 'tr_open':
        row = [];
        break;
      case 'tr_close':
        if (row) lines.push(row.join('\t'));
        row = null;
        break;
      case 'table_close':
        lines.push('');
        break;
      case 'inline': {
        const text = inlineText(token.children ?? []);
        if (row) row.push(text);
        else {
          lines.push(`${prefix}${text}`);
          prefix = '';
        }
        break;
      }
      case 'paragraph_close':
      case 'heading_close':
        if (lists.length === 0 && !token.hidden) lines.push('');
        break;
      case 'fence':
      case 'code_block':
        lines.push(token.content.replace(/\n$/, ''), '');
        break;
      default:
        break;
    }
  }
  return lines
    .join('\n')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
