/**
 * The built-in engine's sales documents (issue 9 point 4): each template is Markdown filled with what we hold
 * (the company, a contact, the ideal customer profile, the prospect's forecast and momentum, the seller's own
 * company) and facts quoted from the knowledge base with their citation markers. What is not known is marked
 * with missingMark and listed, never invented. Pure: the service gathers the context.
 */
import { DOC_TEMPLATE_INFO, type DocTemplate, missingMark } from '../../../shared/docgen.ts';
import type { FitScore } from '../../../shared/fit-score.ts';

export type DocCompany = {
  name: string;
  industry: string | null;
  subIndustry: string | null;
  size: string | null;
  employees: number | null;
  location: string | null;
  website: string | null;
  foundedYear: number | null;
  description: string | null;
};

export type DocContact = { fullName: string; firstName: string; title: string | null; email: string | null };

export type DocForecast = {
  timelineDays: number;
  conservative: number;
  realistic: number;
  optimistic: number;
  confidence: number;
};

export type DocProspect = {
  name: string;
  status: string;
  forecast: DocForecast | null;
  momentum: { trend: string; velocity: number; progress: number } | null;
};

export type DocSeller = {
  company: string | null;
  offering: string | null;
  website: string | null;
  person: string;
};

/** A statement quoted from the knowledge base, ending with its citation marker ("... [2]"). */
export type DocFact = { topic: string; statement: string };

export type DocContext = {
  seller: DocSeller;
  company: DocCompany | null;
  contact: DocContact | null;
  prospect: DocProspect | null;
  fit: FitScore | null;
  /** The ideal customer profile's summary, when the user wrote one. */
  icpSummary: string | null;
  facts: Record<string, DocFact[]>;
  notes: string | null;
  today: Date;
};

/** What each template asks the knowledge base (one retrieval per topic; the facts cite what it finds). */
export const TEMPLATE_TOPICS: Record<DocTemplate, Record<string, string>> = {
  'one-pager': {
    value: 'what our product does and the value and benefits for customers',
    security: 'security and compliance certifications, encryption and data protection',
  },
  proposal: {
    value: 'what our product does and the value and benefits for customers',
    security: 'security and compliance certifications, encryption and data protection',
    implementation: 'implementation, onboarding and training of new customers',
    support: 'customer support, service levels and availability commitments',
  },
  'follow-up-email': { value: 'what our product does and the value and benefits for customers' },
  'cold-outreach-email': { value: 'what our product does and the value and benefits for customers' },
  'executive-summary': {
    value: 'what our product does and the value and benefits for customers',
    security: 'security and compliance certifications, encryption and data protection',
  },
  'business-case': {
    value: 'what our product does and the value and benefits for customers',
    risk: 'risk management, business continuity and incident response',
    implementation: 'implementation, onboarding and training of new customers',
  },
  'mutual-action-plan': {
    security: 'vendor security review, questionnaires and due diligence',
    implementation: 'implementation, onboarding and training of new customers',
  },
  battlecard: {
    value: 'what our product does and the value and benefits for customers',
    differentiation: 'competitors, differentiators and why customers choose us',
    security: 'security and compliance certifications, encryption and data protection',
  },
  'statement-of-work': {
    implementation: 'implementation, onboarding and training of new customers',
    support: 'customer support, service levels and availability commitments',
    data: 'data protection, data retention and deletion of customer data',
  },
  'case-study': {
    results: 'customer results, case study, outcomes and metrics',
    value: 'what our product does and the value and benefits for customers',
  },
};

const usd = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(
    amount,
  );

const day = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 24 * 60 * 60 * 1000);

/** The document's Markdown and what it lacked. */
export type Filled = { title: string; markdown: string; missing: string[] };

export function fillTemplate(template: DocTemplate, ctx: DocContext): Filled {
  const missing = new Set<string>();
  /** The value, or a visible mark of what is missing (listed once). */
  const need = (value: string | number | null | undefined, what: string): string => {
    if (value !== null && value !== undefined && String(value).trim() !== '') return String(value);
    missing.add(what);
    return missingMark(what);
  };
  const seller = () => need(ctx.seller.company, 'your company name (set it in your profile)');
  const offering = () => need(ctx.seller.offering, 'what you sell (set it in your profile)');
  const company = () => need(ctx.company?.name, 'the company');
  const contactName = () => need(ctx.contact?.fullName, "the contact's name");
  const firstName = () => need(ctx.contact?.firstName, "the contact's first name");
  const contactTitle = () => need(ctx.contact?.title, "the contact's title");
  /** The facts of a topic as bullets, or a mark saying the knowledge base holds none. */
  const facts = (topic: string, what: string, max = 3): string => {
    const found = ctx.facts[topic] ?? [];
    if (found.length === 0) return `- ${need(null, `a fact from your knowledge base about ${what}`)}`;
    return found
      .slice(0, max)
      .map((fact) => `- ${fact.statement}`)
      .join('\n');
  };
  const firstFact = (topic: string, what: string): string =>
    ctx.facts[topic]?.[0]?.statement ?? need(null, `a fact from your knowledge base about ${what}`);

  const c = ctx.company;
  const profileLine = (): string => {
    if (!c) return need(null, 'the company');
    const parts = [
      c.industry ? `a ${c.subIndustry ?? c.industry} company` : 'a company',
      c.size
        ? `with ${c.employees ? `about ${c.employees.toLocaleString('en-US')}` : c.size} employees`
        : null,
      c.location ? `based in ${c.location}` : null,
      c.foundedYear ? `founded in ${c.foundedYear}` : null,
    ].filter(Boolean);
    return `${c.name} is ${parts.join(', ')}.`;
  };
  const description = () => (c?.description ? ` ${firstSentence(c.description)}` : '');
  const fitLine = () =>
    ctx.fit
      ? `It fits your ideal customer profile (${ctx.fit.tier}, ${ctx.fit.score}/100): ${ctx.fit.reason}.`
      : '';
  const forecast = ctx.prospect?.forecast ?? null;
  const value = () =>
    forecast
      ? `${usd(forecast.realistic)} expected (${usd(forecast.conservative)} to ${usd(forecast.optimistic)}, ${forecast.confidence}% confidence, over ${forecast.timelineDays} days)`
      : need(null, "the deal's value (add a forecast to the prospect)");
  const notes = ctx.notes ? `\n\n${ctx.notes}` : '';
  const date = day(ctx.today);
  const info = DOC_TEMPLATE_INFO[template];
  const titleFor = `${info.name}: ${ctx.company?.name ?? ctx.prospect?.name ?? 'untitled'}`;

  let markdown: string;
  switch (template) {
    case 'one-pager':
      markdown = `# ${seller()} for ${company()}

*Prepared ${date}${ctx.contact ? ` for ${ctx.contact.fullName}${ctx.contact.title ? `, ${ctx.contact.title}` : ''}` : ''}*

## About ${company()}

${profileLine()}${description()} ${fitLine()}

## What we offer

${offering()}

${facts('value', 'what your product does')}

## Security and compliance

${facts('security', 'security and compliance')}

## Next step

${ctx.notes ?? `A 30-minute call to see how ${seller()} fits ${company()}'s plans.`}
`;
      break;
    case 'proposal':
      markdown = `# Proposal for ${company()}

*Prepared by ${ctx.seller.person} (${seller()}) for ${contactName()}, ${contactTitle()} · ${date}*

## Your situation

${profileLine()}${description()} ${fitLine()}${notes}

## Proposed solution

${offering()}

${facts('value', 'what your product does')}

## Implementation

${facts('implementation', 'implementation and onboarding')}

## Support

${facts('support', 'support and service levels')}

## Security and compliance

${facts('security', 'security and compliance')}

## Investment

${value()}.

## Next steps

1. Review this proposal with ${firstName()} and the team.
2. Agree the scope and the timeline.
3. Sign the order form by ${forecast ? day(addDays(ctx.today, Math.min(forecast.timelineDays, 30))) : need(null, 'a decision date')}.
`;
      break;
    case 'follow-up-email':
      markdown = `**Subject:** Following up: ${seller()} and ${company()}

Hi ${firstName()},

Thank you for your time today. ${ctx.notes ?? need(null, 'what you discussed in the meeting')}

As promised, a short summary of how we help: ${firstFact('value', 'what your product does')}

I will send the details we talked about. Would ${day(addDays(ctx.today, 7))} work for a next conversation?

Best regards,
${ctx.seller.person}
${seller()}
`;
      break;
    case 'cold-outreach-email':
      markdown = `**Subject:** ${company()} and ${offering()}

Hi ${firstName()},

I work with ${c?.industry ? `${c.industry} companies` : 'companies'}${c?.size ? ` of ${c.size} employees` : ''} like ${company()}. As ${contactTitle()}, you may be looking at ${ctx.notes ?? need(null, 'the problem you solve for them')}.

${firstFact('value', 'what your product does')}

Would a 20-minute call next week be useful?

Best regards,
${ctx.seller.person}
${seller()}
`;
      break;
    case 'executive-summary':
      markdown = `# Executive summary: ${company()}

*${date}*

## The opportunity

${profileLine()} ${fitLine()} Status: ${need(ctx.prospect?.status, 'the prospect')}.${momentumLine(ctx)}

## What we propose

${offering()}

${facts('value', 'what your product does', 2)}

## Value

${value()}.

## Security and compliance

${facts('security', 'security and compliance', 2)}

## Decision needed

${ctx.notes ?? need(null, 'the decision you need from the executive')}
`;
      break;
    case 'business-case':
      markdown = `# Business case: ${offering()} at ${company()}

*${date}*

## The problem

${ctx.notes ?? need(null, 'the problem the company has (add notes)')}

## The options

| Option | What it means |
| --- | --- |
| Do nothing | The problem stays; its cost continues. |
| Build in house | ${company()} builds and runs it itself. |
| ${seller()} | ${offering()} |

## Expected value

${value()}.

## Why ${seller()}

${facts('value', 'what your product does')}

## Risks and how they are handled

${facts('risk', 'risk management and continuity')}

## Implementation

${facts('implementation', 'implementation and onboarding', 2)}
`;
      break;
    case 'mutual-action-plan': {
      const close = forecast ? addDays(ctx.today, forecast.timelineDays) : null;
      const step = (share: number) =>
        close
          ? day(new Date(ctx.today.getTime() + (close.getTime() - ctx.today.getTime()) * share))
          : need(null, 'a target close date (add a forecast)');
      markdown = `# Mutual action plan: ${company()} and ${seller()}

*Owners: ${contactName()} (${company()}) and ${ctx.seller.person} (${seller()}) · ${date}*

| # | Step | Owner | Date |
| --- | --- | --- | --- |
| 1 | Discovery and success criteria agreed | ${contactName()} | ${step(0.1)} |
| 2 | Solution demonstration to the team | ${ctx.seller.person} | ${step(0.25)} |
| 3 | Security review and questionnaire | ${company()} security team | ${step(0.45)} |
| 4 | Commercial proposal and pricing | ${ctx.seller.person} | ${step(0.6)} |
| 5 | Legal and procurement review | ${company()} procurement | ${step(0.8)} |
| 6 | Signature | ${contactName()} | ${step(1)} |
| 7 | Kick-off and onboarding | ${ctx.seller.person} | ${close ? day(addDays(close, 14)) : need(null, 'a target close date (add a forecast)')} |

## For the security review

${facts('security', 'security reviews and questionnaires', 2)}

## Onboarding

${facts('implementation', 'implementation and onboarding', 2)}
`;
      break;
    }
    case 'battlecard':
      markdown = `# Battlecard: ${company()}

*${date}*

## The account

${profileLine()} ${fitLine()}

## Why we win

${facts('differentiation', 'your differentiators')}

${facts('value', 'what your product does', 2)}

## Objections and answers

${ctx.notes ?? need(null, 'the objections you expect (add notes, or keep them in the answer library)')}

## Proof: security and compliance

${facts('security', 'security and compliance', 2)}
`;
      break;
    case 'statement-of-work':
      markdown = `# Statement of work

**Client:** ${company()} · **Contact:** ${contactName()}, ${contactTitle()}
**Provider:** ${seller()} · **Date:** ${date}

## 1. Scope

${offering()}${notes}

## 2. Deliverables and implementation

${facts('implementation', 'implementation and onboarding')}

## 3. Support and service levels

${facts('support', 'support and service levels')}

## 4. Data protection

${facts('data', 'data protection and retention')}

## 5. Timeline

Start ${day(addDays(ctx.today, 14))}; completion ${forecast ? day(addDays(ctx.today, 14 + forecast.timelineDays)) : need(null, 'the completion date (add a forecast)')}.

## 6. Fees

${value()}.

## 7. Acceptance

${company()} accepts each deliverable in writing within 10 business days of delivery.
`;
      break;
    case 'case-study':
      markdown = `# Case study: how a ${c?.industry ?? need(null, "the customer's industry")} company works with ${seller()}

*Prepared for ${company()} · ${date}*

## The customer

${need(null, 'the customer the case study is about (a customer like this one)')}

## The challenge

${ctx.notes ?? need(null, 'the challenge the customer had')}

## The solution

${offering()}

${facts('value', 'what your product does', 2)}

## The results

${facts('results', 'customer results')}
`;
      break;
  }
  return { title: titleFor, markdown: tidy(markdown), missing: [...missing] };
}

function momentumLine(ctx: DocContext): string {
  const m = ctx.prospect?.momentum;
  return m ? ` Deal momentum: ${m.trend}, ${m.progress}% progressed.` : '';
}

/** The first sentence of a company description (they run to paragraphs). */
function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const match = flat.match(/^.{20,300}?[.!?](\s|$)/);
  return (match?.[0] ?? flat.slice(0, 300)).trim();
}

/** No runs of blank lines or trailing spaces left by empty parts. */
const tidy = (markdown: string) =>
  markdown
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .concat('\n');
