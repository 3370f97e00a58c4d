import { describe, expect, it } from 'vitest';
import { formatBytes, formatLabel } from './format.ts';

describe('formatBytes', () => {
  it('reads as B, KB or MB with at most one decimal', () => {
    const table: [number, string][] = [
      [0, '0 B'],
      [820, '820 B'],
      [1023, '1023 B'],
      [1024, '1 KB'],
      [14_540, '14.2 KB'],
      [1_024_000, '1,000 KB'],
      [1024 * 1024, '1 MB'],
      [3.1 * 1024 * 1024, '3.1 MB'],
      [25 * 1024 * 1024, '25 MB'],
    ];
    for (const [bytes, text] of table) expect(formatBytes(bytes), String(bytes)).toBe(text);
  });

  it('shows a size that rounds to 1,024 KB as 1 MB', () => {
    // Before the fix: "1,024 KB" for the last 52 bytes below a megabyte.
    expect(formatBytes(1_048_524)).toBe('1,023.9 KB');
    expect(formatBytes(1_048_525)).toBe('1 MB');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
  });
});

describe('formatLabel', () => {
  it("names the format by the file's extension first, in any case", () => {
    expect(formatLabel('Security Policy.PDF', 'application/octet-stream')).toBe('PDF');
    expect(formatLabel('notes.md', 'application/pdf')).toBe('Markdown');
    expect(formatLabel('policies/access.docx', '')).toBe('Word');
  });

  it('falls back to the MIME type, then to "File"', () => {
    expect(formatLabel('README', 'text/markdown')).toBe('Markdown');
    expect(formatLabel('upload', 'application/x-unknown')).toBe('File');
    expect(formatLabel('archive.tar.gz', '')).toBe('File');
  });

  it("takes no name of an object's own properties for a format", () => {
    // Before the fix documentExtension took "constructor" for one (`in` reads the prototype): undefined here,
    // and a file the server accepted with no MIME type.
    expect(formatLabel('notes.constructor', 'text/plain')).toBe('Text');
    expect(formatLabel('notes.constructor', '')).toBe('File');
  });
});
