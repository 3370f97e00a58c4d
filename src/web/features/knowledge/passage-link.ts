/**
 * "Open the document at the passage": enterprise file search, narrowed to the document, with the passage
 * picked out. The passage itself goes along in the history state, so it is shown even when the words of the
 * search do not find it again.
 */
export type OpenedPassage = {
  documentId: string;
  chunkId: string;
  title: string;
  filename: string;
  section: string | null;
  page: number | null;
  /** The passage's text (a chat source's snippet). */
  text: string;
};

export type PassageLinkState = { passage: OpenedPassage };

export function passageHref(passage: Pick<OpenedPassage, 'documentId' | 'chunkId'>, words: string): string {
  const params = new URLSearchParams();
  if (words.trim()) params.set('q', words.trim().slice(0, 200));
  params.set('document', passage.documentId);
  params.set('passage', passage.chunkId);
  return `/enterprise-file-search?${params.toString()}`;
}

/** Where in its document a passage is: "Access control › MFA · page 3". */
export function passagePlace(passage: { section: string | null; page: number | null }): string {
  return [passage.section, passage.page ? `page ${passage.page}` : null].filter(Boolean).join(' · ');
}
