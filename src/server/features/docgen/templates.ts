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

/**
 * A section's facts: what the knowledge base is asked (short questions, each answered on its own: a sentence
 * that answers one of them is about the section; one long question listing every aspect would need a
 * sentence holding half of all of them), what the mark names when nothing answers, and how many facts the
 * section quotes at most.
 */
export type DocTopic = { questions: readonly string[]; what: string; max: number };

const TOPIC = {
  value: {
    questions: ['benefits for customers', 'value for customers'],
    what: 'what your product does',
  },
  security: {
    questions: [
      'security certifications',
      'compliance certifications and audits',
      'encryption of data',
      'data protection',
    ],
    what: 'security and compliance',
  },
  securityReview: {
    questions: ['security questionnaires', 'customer security reviews', 'due diligence'],
    what: 'security reviews and questionnaires',
  },
  implementation: {
    questions: ['implementation and onboarding', 'customer onboarding'],
    what: 'implementation and onboarding',
  },
  support: {
    questions: ['customer support', 'service level agreement', 'uptime and availability commitments'],
    what: 'support and service levels',
  },
  risk: {
    questions: ['risk management', 'business continuity', 'incident response'],
    what: 'risk management and continuity',
  },
  differentiation: {
    questions: ['competitors', 'differentiators', 'why customers choose us'],
    what: 'your differentiators',
  },
  data: {
    questions: ['data protection', 'data retention', 'deletion of customer data'],
    what: 'data protection and retention',
  },
  results: {
    questions: ['case study', 'customer success', 'return on investment'],
    what: 'customer results',
  },
} satisfies Record<string, Omit<DocTopic, 'max'>>;

/**
 * The sections each template fills from the knowledge base, in the order the document shows them: a sentence
 * that answers several is quoted once, in the one it answers best (the first on a tie).
 */
export const TEMPLATE_TOPICS: Record<DocTemplate, Record<string, DocTopic>> = {
  'one-pager': {
    value: { ...TOPIC.value, max: 3 },
    security: { ...TOPIC.security, max: 3 },
  },
  proposal: {
    value: { ...TOPIC.value, max: 3 },
    implementation: { ...TOPIC.implementation, max: 3 },
    support: { ...TOPIC.support, max: 3 },
    security: { ...TOPIC.security, max: 3 },
  },
  'follow-up-email': { value: { ...TOPIC.value, max: 1 } },
  'cold-outreach-email': { value: { ...TOPIC.value, max: 1 } },
  'executive-summary': {
    value: { ...TOPIC.value, max: 2 },
    security: { ...TOPIC.security, max: 2 },
  },
  'business-case': {
    value: { ...TOPIC.value, max: 3 },
    risk: { ...TOPIC.risk, max: 3 },
    implementation: { ...TOPIC.implementation, max: 2 },
  },
  'mutual-action-plan': {
    security: { ...TOPIC.securityReview, max: 2 },
    implementation: { ...TOPIC.implementation, max: 2 },
  },
  battlecard: {
    differentiation: { ...TOPIC.differentiation, max: 3 },
    value: { ...TOPIC.value, max: 2 },
    security: { ...TOPIC.security, max: 2 },
  },
  'statement-of-work': {
    implementation: { ...TOPIC.implementation, max: 3 },
    support: { ...TOPIC.support, max: 3 },
    data: { ...TOPIC.data, max: 3 },
  },
  'case-study': {
    value: { ...TOPIC.value, max: 2 },
    results: { ...TOPIC.results, max: 3 },
  },
};

const usd = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(
    amount,
  );

const day = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 24 * 60 * 60 * 1000);

/** A template's blank left in a value ("[insert ...]", "{{name}}", "____"): not a value, so marked missing. */
const PLACEHOLDER = /\[\s*insert\b|\{\{|\}\}|_{3,}/i;

const DEAL_VALUE = "the deal's value (add a forecast to the prospect)";
const DEAL_RANGE = "the deal's value range (add a forecast range to the prospect)";

/**
 * "$40,000 to $90,000", or null when the forecast holds no range: both ends zero (a forecast saved with the
 * expected figure alone), or ends that do not hold the expected figure.
 */
function rangeOf(forecast: DocForecast): string | null {
  const { conservative, realistic, optimistic } = forecast;
  if (optimistic <= 0 || conservative > realistic || realistic > optimistic) return null;
  return `${usd(conservative)} to ${usd(optimistic)}`;
}

/** The document's Markdown and what it lacked. */
export type Filled = { title: string; markdown: string; missing: string[] };

export function fillTemplate(template: DocTemplate, ctx: DocContext): Filled {
  const missing = new Set<string>();
  /** The value, or a visible mark of what is missing (listed once). */
  const need = (value: string | number | null | undefined, what: string): string => {
    const given = value === null || value === undefined ? '' : String(value);
    if (given.trim() !== '' && !PLACEHOLDER.test(given)) return given;
    missing.add(what);
    return missingMark(what);
  };
  const seller = () => need(ctx.seller.company, 'your company name (set it in your profile)');
  const offering = () => need(ctx.seller.offering, 'what you sell (set it in your profile)');
  const company = () => need(ctx.company?.name, 'the company');
  const contactName = () => need(ctx.contact?.fullName, "the contact's name");
  const firstName = () => need(ctx.contact?.firstName, "the contact's first name");
  const contactTitle = () => need(ctx.contact?.title, "the contact's title");
  const topics = TEMPLATE_TOPICS[template];
  /** A section's knowledge-base topic (one of the template's: a typo is a bug, not a missing fact). */
  const topicOf = (topic: string): DocTopic => {
    const spec = topics[topic];
    if (!spec) throw new Error(`the ${template} template has no topic ${topic}`);
    return spec;
  };
  const noFact = (topic: string) =>
    need(null, `a fact from your knowledge base about ${topicOf(topic).what}`);
  /** The facts of a topic as bullets, or a mark saying the knowledge base holds none that answers. */
  const facts = (topic: string): string => {
    const found = (ctx.facts[topic] ?? []).slice(0, topicOf(topic).max);
    if (found.length === 0) return `- ${noFact(topic)}`;
    return found.map((fact) => `- ${fact.statement}`).join('\n');
  };
  const firstFact = (topic: string): string => ctx.facts[topic]?.[0]?.statement ?? noFact(topic);

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
  const description = () =>
    c?.description && !PLACEHOLDER.test(c.description) ? ` ${firstSentence(c.description)}` : '';
  const fitLine = () =>
    ctx.fit
      ? `It fits your ideal customer profile (${ctx.fit.tier}, ${ctx.fit.score}/100): ${ctx.fit.reason}.`
      : '';
  const forecast = ctx.prospect?.forecast ?? null;
  /** The expected figure when it is real (above zero), its range only when that is one (see rangeOf). */
  const value = () => {
    if (!forecast || forecast.realistic <= 0) return need(null, DEAL_VALUE);
    const range = rangeOf(forecast) ?? need(null, DEAL_RANGE);
    return `${usd(forecast.realistic)} expected (${range}, ${forecast.confidence}% confidence, over ${forecast.timelineDays} days)`;
  };
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

${facts('value')}

## Security and compliance

${facts('security')}

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

${facts('value')}

## Implementation

${facts('implementation')}

## Support

${facts('support')}

## Security and compliance

${facts('security')}

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

As promised, a short summary of how we help: ${firstFact('value')}

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

${firstFact('value')}

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

${facts('value')}

## Value

${value()}.

## Security and compliance

${facts('security')}

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

${facts('value')}

## Risks and how they are handled

${facts('risk')}

## Implementation

${facts('implementation')}
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

${facts('security')}

## Onboarding

${facts('implementation')}
`;
      break;
    }
    case 'battlecard':
      markdown = `# Battlecard: ${company()}

*${date}*

## The account

${profileLine()} ${fitLine()}

## Why we win

${facts('differentiation')}

${facts('value')}

## Objections and answers

${ctx.notes ?? need(null, 'the objections you expect (add notes, or keep them in the answer library)')}

## Proof: security and compliance

${facts('security')}
`;
      break;
    case 'statement-of-work':
      markdown = `# Statement of work

**Client:** ${company()} · **Contact:** ${contactName()}, ${contactTitle()}
**Provider:** ${seller()} · **Date:** ${date}

## 1. Scope

${offering()}${notes}

## 2. Deliverables and implementation

${facts('implementation')}

## 3. Support and service levels

${facts('support')}

## 4. Data protection

${facts('data')}

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

${facts('value')}

## The results

${facts('results')}
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
