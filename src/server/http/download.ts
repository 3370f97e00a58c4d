/** `attachment` with an ASCII fallback name and the real one (RFC 6266/5987): never rendered, never a path. */
export function contentDisposition(filename: string): string {
  const base = filename.split('/').at(-1) || 'document';
  const ascii = base.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(base)}`;
}
