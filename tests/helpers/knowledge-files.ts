/**
 * Documents built for the knowledge-base tests: PDFs written in raw PDF syntax (with one text line per entry,
 * one page per array, optionally locked with a password), Word documents zipped with jszip (mammoth's own
 * zip library), and a zip bomb. Small and explicit, so a test shows what its file holds.
 */
import { createHash } from 'node:crypto';
import JSZip from 'jszip';
import { zipEntries } from '../../src/server/features/knowledge/extract.ts';

const escapePdf = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);

/** The 32-byte padding of the PDF standard security handler (ISO 32000-1, 7.6.3.3). */
const PASSWORD_PADDING = Buffer.from(
  '28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a',
  'hex',
);

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  let j = 0;
  for (let i = 0; i < 256; i++) {
    j = (j + (s[i] as number) + (key[i % key.length] as number)) & 255;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
  }
  const out = Buffer.alloc(data.length);
  let i = 0;
  j = 0;
  for (let n = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + (s[i] as number)) & 255;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
    out[n] = (data[n] as number) ^ (s[((s[i] as number) + (s[j] as number)) & 255] as number);
  }
  return out;
}

const padded = (password: string) =>
  Buffer.concat([Buffer.from(password, 'latin1'), PASSWORD_PADDING]).subarray(0, 32);
const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();

/**
 * The /Encrypt dictionary of RC4 40-bit encryption (revision 2) with a user password: a reader can open the
 * file only with the password (the content itself is left unencrypted; the reader never gets that far).
 */
function encryptDictionary(userPassword: string, fileId: Buffer): string {
  const owner = rc4(md5(padded(`${userPassword}-owner`)).subarray(0, 5), padded(userPassword));
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(-44);
  const key = md5(padded(userPassword), owner, permissions, fileId).subarray(0, 5);
  const user = rc4(key, PASSWORD_PADDING);
  return `<< /Filter /Standard /V 1 /R 2 /O <${owner.toString('hex')}> /U <${user.toString('hex')}> /P -44 >>`;
}

/** A PDF with one page per entry of `pages`, each a list of text lines. */
export function buildPdf(pages: string[][], options: { userPassword?: string } = {}): Uint8Array {
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 4 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pages.forEach((lines, i) => {
    const stream = `BT /F1 12 Tf 14 TL 72 760 Td ${lines.map((l) => `(${escapePdf(l)}) Tj T*`).join(' ')} ET`;
    objects[4 + i * 2] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`;
    objects[5 + i * 2] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });
  const fileId = createHash('md5').update(JSON.stringify(pages)).digest();
  let encryptRef = '';
  if (options.userPassword !== undefined) {
    objects.push(encryptDictionary(options.userPassword, fileId));
    encryptRef = ` /Encrypt ${objects.length - 1} 0 R`;
  }
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body, 'latin1');
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  const hexId = fileId.toString('hex');
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R${encryptRef} /ID [<${hexId}> <${hexId}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);

/** `style: 'Title'`: Word's Title style (the document's title line). */
export type DocxParagraph = { heading?: 1 | 2 | 3; style?: 'Title'; text: string };

function docxParts(paragraphs: DocxParagraph[]): Record<string, string> {
  const body = paragraphs
    .map((p) => {
      const styleId = p.style ?? (p.heading ? `Heading${p.heading}` : null);
      const style = styleId ? `<w:pPr><w:pStyle w:val="${styleId}"/></w:pPr>` : '';
      return `<w:p>${style}<w:r><w:t xml:space="preserve">${escapeXml(p.text)}</w:t></w:r></w:p>`;
    })
    .join('');
  const headingStyles = [1, 2, 3]
    .map(
      (n) => `<w:style w:type="paragraph" w:styleId="Heading${n}"><w:name w:val="heading ${n}"/></w:style>`,
    )
    .join('')
    .concat('<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>');
  return {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/_rels/document.xml.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
    'word/styles.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">${headingStyles}</w:styles>`,
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  };
}

/** A Word document with headings (Heading 1-3 styles) and paragraphs. */
export async function buildDocx(paragraphs: DocxParagraph[]): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(docxParts(paragraphs))) zip.file(name, content);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/**
 * A .docx whose document part inflates to `megabytes` MB of one repeated run (it compresses ~1000:1): what a
 * zip bomb looks like from outside.
 */
export async function buildZipBombDocx(megabytes = 60): Promise<Uint8Array> {
  const zip = new JSZip();
  const parts = docxParts([{ text: 'A harmless start.' }]);
  for (const [name, content] of Object.entries(parts)) {
    if (name !== 'word/document.xml') zip.file(name, content);
  }
  const run = '<w:p><w:r><w:t>bomb</w:t></w:r></w:p>';
  const body = run.repeat(Math.ceil((megabytes * 1024 * 1024) / run.length));
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/**
 * The zip bomb of buildZipBombDocx with its directory lying: its document part declares 2 KB more than its
 * compressed size, so nothing about the sizes gives it away before it is inflated.
 */
export async function buildUnderstatedZipBombDocx(megabytes = 60): Promise<Uint8Array> {
  const bytes = await buildZipBombDocx(megabytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const largest = Math.max(...zipEntries(bytes).map((e) => e.compressed));
  for (let offset = 0; offset + 46 <= bytes.length; offset++) {
    const signature = view.getUint32(offset, true);
    // The part's local header (sizes at 18/22) and its central directory entry (sizes at 20/24).
    if (signature === 0x04034b50 && view.getUint32(offset + 18, true) === largest) {
      view.setUint32(offset + 22, largest + 2048, true);
    }
    if (signature === 0x02014b50 && view.getUint32(offset + 20, true) === largest) {
      view.setUint32(offset + 24, largest + 2048, true);
    }
  }
  return bytes;
}
