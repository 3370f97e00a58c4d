import { describe, expect, it } from 'vitest';
import { applyMarkdown, type MarkdownCommand } from './markdown-edits.ts';

/** The text with the selection marked: "a [b] c" is "a b c" with "b" selected; "a | c" a caret. */
function marked(text: string): { value: string; start: number; end: number } {
  const caret = text.indexOf('|');
  if (caret >= 0) return { value: text.replace('|', ''), start: caret, end: caret };
  const start = text.indexOf('[');
  const end = text.indexOf(']') - 1;
  return { value: text.replace('[', '').replace(']', ''), start, end };
}

function show({ value, start, end }: { value: string; start: number; end: number }): string {
  if (start === end) return `${value.slice(0, start)}|${value.slice(start)}`;
  return `${value.slice(0, start)}[${value.slice(start, end)}]${value.slice(end)}`;
}

const apply = (command: MarkdownCommand, text: string) => show(applyMarkdown(command, marked(text)));

describe('applyMarkdown', () => {
  it('wraps the selection in bold or italic and keeps it selected', () => {
    expect(apply('bold', 'make [this] bold')).toBe('make **[this]** bold');
    expect(apply('italic', 'an [idea] here')).toBe('an _[idea]_ here');
    expect(apply('bold', 'héllo [😀 wörld]')).toBe('héllo **[😀 wörld]**');
  });

  it('unwraps a selection that is already wrapped (the button toggles)', () => {
    expect(apply('bold', 'make **[this]** bold')).toBe('make [this] bold');
    expect(apply('italic', 'an _[idea]_ here')).toBe('an [idea] here');
    const once = applyMarkdown('bold', marked('x [y] z'));
    expect(show(applyMarkdown('bold', once))).toBe('x [y] z');
  });

  it('puts a selected placeholder at a caret, to type over', () => {
    expect(apply('bold', 'caret|')).toBe('caret**[bold text]**');
    expect(apply('italic', '|')).toBe('_[italic text]_');
  });

  it('makes every line the selection touches a list item, numbered in order', () => {
    expect(apply('bullets', '[one\ntwo\nthree]')).toBe('[- one\n- two\n- three]');
    expect(apply('numbers', 'o[ne\ntw]o')).toBe('[1. one\n2. two]');
    // Blank lines inside stay blank and are not counted.
    expect(apply('numbers', '[a\n\nb]')).toBe('[1. a\n\n2. b]');
  });

  it('turns one kind of list into the other instead of adding a second marker', () => {
    expect(apply('numbers', '[- a\n* b\n+ c]')).toBe('[1. a\n2. b\n3. c]');
    expect(apply('bullets', '[1. a\n2) b]')).toBe('[- a\n- b]');
  });

  it('starts a list on a paragraph of its own and stops at a selection of whole lines', () => {
    expect(apply('bullets', 'intro\n[one\ntwo]')).toBe('intro\n\n[- one\n- two]');
    expect(apply('bullets', 'intro\n\n[one]')).toBe('intro\n\n[- one]');
    // Lines selected with their last line break: the line below is not listed.
    expect(apply('bullets', '[one\n]next')).toBe('[- one]\nnext');
  });

  it('leaves a caret at the end of the list it made', () => {
    expect(apply('bullets', 'ca|ret')).toBe('- caret|');
    expect(apply('numbers', '|')).toBe('1. |');
  });

  it('links the selected words, or a placeholder, and selects the address to type over', () => {
    // Written out: the link's own brackets would read as a selection in the notation above.
    const linked = applyMarkdown('link', { value: 'see docs here', start: 4, end: 8 });
    expect(linked.value).toBe('see [docs](https://) here');
    expect(linked.value.slice(linked.start, linked.end)).toBe('https://');
    const placeholder = applyMarkdown('link', { value: 'see ', start: 4, end: 4 });
    expect(placeholder.value).toBe('see [link text](https://)');
    expect(placeholder.value.slice(placeholder.start, placeholder.end)).toBe('https://');
  });
});
