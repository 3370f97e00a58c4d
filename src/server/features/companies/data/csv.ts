import Papa from 'papaparse';

/** The rows of a source CSV file with a header line, as objects keyed by the header's names. */
export function parseCsv(text: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(text.trim(), { header: true, skipEmptyLines: true }).data;
}
