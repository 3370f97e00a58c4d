/**
 * What to do about each thing a document lacks. The server names what is missing in words
 * (src/server/features/docgen/templates.ts); each gets a hint, and a page to fix it at where there is one.
 * Whatever it is, the user can also type it into the text.
 */
import type { GeneratedDocument } from '../../../shared/docgen.ts';
import { prospectPath } from '../../lib/prospects.ts';

export type MissingFix = { hint: string; link?: { label: string; to: string } };

export function missingFix(
  what: string,
  document: Pick<GeneratedDocument, 'contactId' | 'prospectId'>,
): MissingFix {
  if (what.includes('in your profile')) {
    return {
      hint: 'Set your company and what you sell in your profile: the next documents will have it.',
      link: { label: 'Open your profile', to: '/profile' },
    };
  }
  if (what.includes('add a forecast')) {
    return document.prospectId
      ? {
          hint: 'Add a forecast to the prospect, then generate again, or type the figure in.',
          link: { label: 'Open the prospect', to: prospectPath(document.prospectId) },
        }
      : {
          hint: 'Choose a prospect that has a forecast and generate again, or type it in.',
          link: { label: 'Your prospects', to: '/account-management' },
        };
  }
  if (what.startsWith('a fact from your knowledge base')) {
    return {
      hint: 'Upload a document that covers it to your knowledge base and generate again, or write it in.',
      link: { label: 'Open the knowledge agent', to: '/sales-knowledge-agent' },
    };
  }
  if (what.startsWith("the contact's")) {
    return document.contactId
      ? { hint: 'We hold no such detail for this contact: type it in.' }
      : { hint: "Choose a contact (one of the company's people) and generate again, or type it in." };
  }
  if (what === 'the company') return { hint: 'Choose a company and generate again, or type it in.' };
  if (what === 'the prospect') return { hint: 'Choose a prospect and generate again, or type it in.' };
  if (what.includes('add notes')) {
    return { hint: 'Say it in "What this is for" and generate again, or write it in.' };
  }
  return { hint: 'Write it in: edit the text and replace the mark.' };
}

/** Where a mark is in the text, to select it for typing over. */
export function markRange(markdown: string, what: string): [number, number] | null {
  const mark = `[Missing: ${what}]`;
  const start = markdown.indexOf(mark);
  return start < 0 ? null : [start, start + mark.length];
}
