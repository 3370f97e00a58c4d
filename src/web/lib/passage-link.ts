/**
 * "Open the document at the passage": enterprise file search, narrowed to the document, with the passage
 * picked out. The passage itself goes along in the history state, so it is shown even when the words of the
 * search do not find it again.
 */
import type { KnowledgeSource } from '../../shared/knowledge.ts';

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

/** The history state for a cited source (its snippet is the passage shown). */
export const passageState = (source: KnowledgeSource): PassageLinkState => ({
  passage: {
    documentId: source.documentId,
    chunkId: source.chunkId,
    title: source.title,
    filename: source.filename,
    section: source.section,
    page: source.page,
    text: source.snippet,
  },
});

export function passageHref(passage: Pick<OpenedPassage, 'documentId' | 'chunkId'>, words: string): string {
  const params = new URLSearchParams();
  if (words.trim()) params.set('q', words.trim().slice(0, 200));
  params.set('document', passage.documentId);
  params.set('passage', passage.chunkId);
  return `/enterprise-file-search?${params.toString()}`;
}

/**
 * Where in its document a passage is: "Access control › MFA · page 3". A section named like its document
 * ("Access Reviews" in "Access Reviews") says nothing more and is left out.
 */
export function passagePlace(passage: {
  section: string | null;
  page: number | null;
  title?: string;
}): string {
  const section = passage.section === passage.title ? null : passage.section?.split(/\s*>\s*/).join(' › ');
  return [section, passage.page ? `page ${passage.page}` : null].filter(Boolean).join(' · ');
}
