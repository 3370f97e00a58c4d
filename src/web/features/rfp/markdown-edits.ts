/**
 * The answer editor's toolbar as pure edits of Markdown text: each takes the text and the selection and
 * returns the new text with the selection to show (the words marked, or a placeholder to type over).
 */
export type TextEdit = { value: string; start: number; end: number };

export type MarkdownCommand = 'bold' | 'italic' | 'bullets' | 'numbers' | 'link';

/** `**words**`: wraps the selection, or unwraps it when it is already wrapped. */
function wrap(edit: TextEdit, mark: string, placeholder: string): TextEdit {
  const { value, start, end } = edit;
  const before = value.slice(0, start);
  const selected = value.slice(start, end);
  const after = value.slice(end);
  if (before.endsWith(mark) && after.startsWith(mark)) {
    return {
      value: before.slice(0, -mark.length) + selected + after.slice(mark.length),
      start: start - mark.length,
      end: end - mark.length,
    };
  }
  const words = selected || placeholder;
  return {
    value: `${before}${mark}${words}${mark}${after}`,
    start: start + mark.length,
    end: start + mark.length + words.length,
  };
}

/** Each line the selection touches becomes a list item ("- " or "1. ", "2. "…); a list already is left as is. */
function list(edit: TextEdit, numbered: boolean): TextEdit {
  const { value, start } = edit;
  // A selection of whole lines ends after the last one's line break, not in the line below.
  const end = edit.end > start && value[edit.end - 1] === '\n' ? edit.end - 1 : edit.end;
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const nextBreak = value.indexOf('\n', end);
  const lineEnd = nextBreak === -1 ? value.length : nextBreak;
  const lines = value.slice(lineStart, lineEnd).split('\n');
  const marker = /^\s*(?:[-*+]|\d+[.)])\s+/;
  let n = 0;
  const listed = lines.map((line) => {
    if (!line.trim() && lines.length > 1) return line;
    n += 1;
    return `${numbered ? `${n}.` : '-'} ${line.replace(marker, '')}`;
  });
  const text = listed.join('\n');
  // A list starts on a line of its own: a paragraph right above it needs a blank line between.
  const above = value.slice(0, lineStart);
  const gap = above && !above.endsWith('\n\n') ? (above.endsWith('\n') ? '\n' : '\n\n') : '';
  const next = `${above}${gap}${text}${value.slice(lineEnd)}`;
  const from = lineStart + gap.length;
  const caret = from + text.length;
  // A caret stays a caret (at the end of the list); a selection selects the list.
  return { value: next, start: start === edit.end ? caret : from, end: caret };
}

/** `[words](https://)`, with the address selected to type over. */
function link(edit: TextEdit): TextEdit {
  const { value, start, end } = edit;
  const words = value.slice(start, end) || 'link text';
  const url = 'https://';
  const inserted = `[${words}](${url})`;
  const at = start + words.length + 3;
  return { value: value.slice(0, start) + inserted + value.slice(end), start: at, end: at + url.length };
}

export function applyMarkdown(command: MarkdownCommand, edit: TextEdit): TextEdit {
  switch (command) {
    case 'bold':
      return wrap(edit, '**', 'bold text');
    case 'italic':
      return wrap(edit, '_', 'italic text');
    case 'bullets':
      return list(edit, false);
    case 'numbers':
      return list(edit, true);
    case 'link':
      return link(edit);
  }
}
