/**
 * How to use each agent (the detail page's "How to use" section): the steps on its page and a few requests
 * it understands, in the words a seller would use. What the agents do is in the catalogue (src/shared/agents.ts).
 */
import type { AgentId } from '../../../shared/agents.ts';

export type AgentUsage = { steps: readonly string[]; examples: readonly string[] };

export const AGENT_USAGE: Record<AgentId, AgentUsage> = {
  alex: {
    steps: [
      'Open Company Finder and describe the accounts you want, or set the filters yourself.',
      'Check the filters Alex understood and refine them; a search with criteria costs a credit when it finds something.',
      'Save the matches to My Companies, export them to CSV, or hand them to People Finder.',
    ],
    examples: [
      'Fintech companies in Germany with 50-200 employees',
      'Logistics software companies founded after 2010',
      'Healthcare companies in Boston',
    ],
  },
  jim: {
    steps: [
      'Open People Finder and search by company, job title, seniority, department or location.',
      'Pick the contacts you want and look up their work e-mail address or phone number (each lookup is charged).',
      'Save them to My People or export them to CSV.',
    ],
    examples: [
      'CTOs at healthcare companies in Boston',
      'Heads of Sales at fintech companies in Germany',
      'Directors of IT at the companies in My Companies',
    ],
  },
  emma: {
    steps: [
      'Upload your sales documents to the knowledge base (or load the demo library).',
      'Ask Emma a question in your own words; approved answers in your library come first and are free.',
      'Check the cited sources, rate the answer, and send unanswered questions to the review list.',
    ],
    examples: [
      'How is customer data encrypted at rest?',
      'What does the enterprise plan include?',
      'How do we answer "you are more expensive than the competition"?',
    ],
  },
  maya: {
    steps: [
      'Upload an RFP or security questionnaire (PDF, DOCX, XLSX, CSV or text), or paste its questions.',
      'Draft all answers: Maya uses your answer library first, then your knowledge base, with live progress.',
      'Review the drafts by confidence, edit and approve them, then export the response.',
    ],
    examples: [
      'Draft answers for the Globex security questionnaire',
      'Do you support SAML single sign-on?',
      'Describe your backup and disaster recovery process.',
    ],
  },
  david: {
    steps: [
      'Pick a template: proposal, one-pager, follow-up e-mail, business case and more.',
      'Choose the company, and optionally a contact or prospect; add notes if you like.',
      'Generate, fill in what is marked missing, then export to Word or PDF or copy the e-mail.',
    ],
    examples: [
      'A proposal for Globex Logistics',
      'A one-pager for a prospect in my pipeline',
      'A follow-up e-mail after yesterday’s demo',
    ],
  },
  sofia: {
    steps: [
      'Upload files to the knowledge base: PDFs, Word files, spreadsheets, Markdown or web pages.',
      'Search in plain words; filter by file type, date or a company or person from the knowledge graph.',
      'Open the passage in its document, or ask a follow-up question in the knowledge chat.',
    ],
    examples: ['data retention policy', 'SOC 2 report', 'case study logistics customer'],
  },
};
