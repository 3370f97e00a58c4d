import { DOCUMENT_FORMATS, documentExtension } from '../../../shared/knowledge.ts';

const ONE_DECIMAL = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

/** A file size as people read it: "820 B", "14.2 KB", "3.1 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  // Up to what one decimal would round to "1,024 KB": that is 1 MB.
  if (bytes < 1023.95 * 1024) return `${ONE_DECIMAL.format(bytes / 1024)} KB`;
  return `${ONE_DECIMAL.format(bytes / (1024 * 1024))} MB`;
}

/** The format's short name ("PDF", "Markdown") from the file name, or the MIME type when it has none. */
export function formatLabel(filename: string, mimeType: string): string {
  const extension = documentExtension(filename);
  if (extension) return DOCUMENT_FORMATS[extension].label;
  return Object.values(DOCUMENT_FORMATS).find((format) => format.mimeType === mimeType)?.label ?? 'File';
}
