/**
 * The demo knowledge library (issue 8 point 6). A workspace gets the security and compliance library of
 * ./demo/policies as its company's documents the first time the user opens the knowledge base (not at
 * sign-up: users who never open it cost nothing), once; the placeholders are filled with the user's company.
 * The documents are `source_type` 'demo', processed by the job queue like uploads and never charged. The
 * sample RFQs of ./demo/rfq are listed to try. One call removes the demo content; another loads it again.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DemoLibrary, DemoRfq } from '../../../shared/knowledge.ts';
import type { Caller } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { documentReferences, userProfiles } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { addDocument, type KnowledgeDeps, queueProcessing } from './documents.ts';
import { lockUserGraph, removeContribution } from './graph-writer.ts';

/** The folder the demo documents' file names start with: never mistaken for a user's own upload. */
export const DEMO_FOLDER = 'demo-library';
/** The company name when the user has not given theirs. */
export const DEMO_COMPANY = 'Acme Co';

const POLICY_FOLDERS = ['policies', 'procedures', 'ref'] as const;

/**
 * Where the library is: beside this file when run from the sources (tsx, tests), or in the source tree
 * from the server bundle (dist/server/main.js), which does not copy data files.
 */
function demoDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'demo'), join(here, '../../src/server/features/knowledge/demo')];
  const found = candidates.find((dir) => existsSync(join(dir, 'policies')));
  if (!found) throw new Error(`The demo knowledge library is missing (looked in ${candidates.join(', ')})`);
  return found;
}

export type DemoTemplate = { path: string; template: string };

let templates: DemoTemplate[] | undefined;
/** The library's templates ("policies/access.md", ...), read once. */
export function demoTemplates(): DemoTemplate[] {
  if (!templates) {
    const root = join(demoDir(), 'policies');
    templates = POLICY_FOLDERS.flatMap((folder) =>
      readdirSync(join(root, folder))
        .filter((name) => name.endsWith('.md.tmpl'))
        .sort()
        .map((name) => ({
          path: `${folder}/${name.replace(/\.tmpl$/, '')}`,
          template: readFileSync(join(root, folder, name), 'utf8'),
        })),
    );
  }
  return templates;
}

let providers: Record<string, string> | undefined;
function providerOf(path: string): string {
  providers ??= JSON.parse(readFileSync(join(demoDir(), 'policies/providers.json'), 'utf8')) as Record<
    string,
    string
  >;
  const id = path.split('/').at(-1)?.replace(/\.md$/, '') ?? '';
  return providers[id] || 'the tools the security team has approved';
}

let summaries: Record<string, string> | undefined;
/**
 * A procedure with its control statement (policies/summaries.json, the templates' own summary of each
 * procedure) under its title, as compliance tools show a control: what it ensures, then how. Its words are
 * the ones requirements and questionnaires ask in.
 */
function withSummary(path: string, markdown: string): string {
  summaries ??= JSON.parse(readFileSync(join(demoDir(), 'policies/summaries.json'), 'utf8')) as Record<
    string,
    string
  >;
  const summary = summaries[path.split('/').at(-1)?.replace(/\.md$/, '') ?? ''];
  return summary ? markdown.replace(/^#{1,6}[ \t]+.+$/m, (heading) => `${heading}\n\n${summary}`) : markdown;
}

export type DemoValues = Record<string, string | boolean>;

/** "Acme Co" -> "acme-co": the demo domains are under example.com (reserved, never a real company's). */
const slug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'acme-co';

/** The values of the templates' keys (policies/config.json of the originals) for a company. */
export function demoValues(companyName: string | null | undefined, today = new Date()): DemoValues {
  const company = companyName?.trim() || DEMO_COMPANY;
  const domain = `${slug(company)}.example.com`;
  const site = `https://www.${domain}`;
  const date = today.toISOString().slice(0, 10);
  return {
    companyName: company,
    companyFullName: company,
    companyShortName: company,
    companyEmailDomain: domain,
    companyWebsiteURL: site,
    companyMailingAddress: '100 Example Street, Suite 200, Springfield, USA',
    companyPhoneNumber: '+1 555 0100',
    ceoName: 'Jordan Rivera',
    ceoEmail: `ceo@${domain}`,
    cooName: 'Casey Morgan',
    cooEmail: `coo@${domain}`,
    ctoName: 'Taylor Chen',
    ctoEmail: `cto@${domain}`,
    securityOfficerName: 'Sam Patel',
    securityOfficerEmail: `security@${domain}`,
    privacyOfficerName: 'Alex Kim',
    dataProtectionOfficerName: 'Alex Kim',
    securityCommitteeMembers: 'Jordan Rivera (CEO), Taylor Chen (CTO), Sam Patel (Security Officer)',
    securityPolicyURL: `${site}/security`,
    privacyPolicyURL: `${site}/privacy`,
    cookiePolicyURL: `${site}/cookies`,
    sourceControl: 'GitHub',
    ticketingSystem: 'Jira',
    internalHelpdeskURL: `https://help.${domain}`,
    // The spelling of one template (employee handbook).
    interalHelpDeskURL: `https://help.${domain}`,
    cmPortal: 'Jira',
    ciSystem: 'GitHub Actions',
    hrSystem: 'BambooHR',
    expenseReporting: 'Expensify',
    devWikiURL: `https://wiki.${domain}`,
    hipaaTrainingURL: `https://wiki.${domain}/hipaa-training`,
    statusPageURL: `https://status.${domain}`,
    securityScorecardURL: `https://wiki.${domain}/security-scorecard`,
    securityScorecardPeriod: 'quarterly',
    securityReportingPeriod: 'quarterly',
    securityAwarenessTrainingProvider: 'KnowBe4',
    IdP: 'Okta',
    CPA: 'an independent CPA firm',
    defaultRevision: `Version 1.0, ${date} (demo content)`,
    revisionDate: date,
    needStandardHIPAA: true,
    needStandardGDPR: true,
    needStandardHITRUST: false,
    adoptedHITRUST: false,
    needStandardNIST: false,
    needStandardPCI: false,
    supportBYODandMDM: true,
    haveSecurityScorecard: false,
  };
}

/**
 * Fills a template of the library (the subset of Mustache they use: `{{key}}`, `{{&key}}`, `{{#flag}}...
 * {{/flag}}`, `{{^flag}}...{{/flag}}`). `missing` collects keys without a value; they become empty text,
 * so no `{{...}}` is ever left.
 */
export function renderTemplate(template: string, values: DemoValues, missing?: Set<string>): string {
  const section = /\{\{([#^])\s*(\w+)\s*\}\}([\s\S]*?)\{\{\/\s*\2\s*\}\}/g;
  let text = template;
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(section, (_, kind: string, key: string, body: string) => {
      if (!(key in values)) missing?.add(key);
      const on = Boolean(values[key]);
      return (kind === '#') === on ? body : '';
    });
  }
  // `\}{1,3}`: one template closes a key with a single brace ("{{&interalHelpDeskURL}").
  return text.replace(/\{\{\{?\s*&?\s*(\w+)\s*\}{1,3}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined || typeof value === 'boolean') {
      if (value === undefined) missing?.add(key);
      return '';
    }
    return value;
  });
}

/** The text of the document's first heading, or null. */
export function firstHeading(markdown: string): string | null {
  const match = markdown.match(/^#{1,6}[ \t]+(.+?)[ \t#]*$/m);
  return match?.[1]?.trim() || null;
}

export type DemoDocument = { filename: string; title: string; text: string };

/** The library as one company's documents. */
export function demoDocuments(companyName: string | null | undefined, today = new Date()): DemoDocument[] {
  const base = demoValues(companyName, today);
  return demoTemplates().map(({ path, template }) => {
    const text = withSummary(path, renderTemplate(template, { ...base, provider: providerOf(path) }));
    const filename = `${DEMO_FOLDER}/${path}`;
    return { filename, title: firstHeading(text) ?? path, text };
  });
}

let rfqs: DemoRfq[] | undefined;
/** The sample RFQs: one per folder, its README's heading as its title, every Markdown file with its text. */
export function demoRfqs(): DemoRfq[] {
  if (!rfqs) {
    const root = join(demoDir(), 'rfq');
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true })
        .flatMap((entry) =>
          entry.isDirectory()
            ? walk(join(dir, entry.name))
            : entry.name.endsWith('.md')
              ? [join(dir, entry.name)]
              : [],
        )
        .sort();
    rfqs = readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
      .map((name) => {
        const files = walk(join(root, name)).map((file) => {
          const markdown = readFileSync(file, 'utf8');
          const path = relative(join(root, name), file);
          return { path, title: firstHeading(markdown) ?? path, markdown };
        });
        const readme = files.find((file) => file.path === 'README.md');
        return { name, title: readme?.title ?? name, files };
      });
  }
  return rfqs;
}

type DemoState = 'loaded' | 'removed';

/** Users whose library is settled (loaded or removed), so that most requests skip the look-up. */
const settled = new WeakMap<Database, Set<string>>();
const settledFor = (database: Database) => {
  const users = settled.get(database) ?? new Set<string>();
  settled.set(database, users);
  return users;
};

/** Loads under way in this process, by user. */
const inflight = new Map<string, Promise<void>>();

/** Records the state; with `onlyIfPending`, only when nothing was recorded yet (true when this call did). */
async function setState(
  database: Database,
  caller: Caller,
  state: DemoState | null,
  options: { onlyIfPending?: boolean } = {},
): Promise<boolean> {
  return withUser(database.db, caller.id, async (tx) => {
    await tx.insert(userProfiles).values({ userId: caller.id }).onConflictDoNothing();
    const updated = await tx
      .update(userProfiles)
      .set({ knowledgeDemo: state, updatedAt: sql`now()` })
      .where(
        and(
          eq(userProfiles.userId, caller.id),
          options.onlyIfPending ? isNull(userProfiles.knowledgeDemo) : undefined,
        ),
      )
      .returning({ userId: userProfiles.userId });
    return updated.length > 0;
  });
}

/**
 * Stores the library as the caller's documents and queues their processing (the same file again is left as
 * it is). `only` keeps the first n documents (tests).
 */
async function addLibrary(
  deps: KnowledgeDeps,
  caller: Caller,
  options: { only?: number } = {},
): Promise<number> {
  const [profile] = await withUser(deps.database.db, caller.id, (tx) =>
    tx
      .select({ companyName: userProfiles.companyName })
      .from(userProfiles)
      .where(eq(userProfiles.userId, caller.id)),
  );
  const documents = demoDocuments(profile?.companyName).slice(0, options.only);
  const encoder = new TextEncoder();
  // All stored first, then queued: processing that started with the first document would slow the storing of
  // the rest, and the page that asked waits for it.
  const added = [];
  for (const document of documents) {
    const { document: stored, outcome } = await addDocument(
      deps,
      caller,
      {
        filename: document.filename,
        bytes: encoder.encode(document.text),
        sourceType: 'demo',
        title: document.title,
      },
      { queue: false },
    );
    // Stored by an earlier try that failed before queueing it: queued now.
    if (outcome !== 'unchanged' || (stored.status === 'queued' && !stored.jobId)) added.push(stored);
  }
  for (const document of added) await queueProcessing(deps, caller, document);
  return documents.length;
}

export type DemoOptions = { only?: number };

/**
 * The first use of the knowledge base loads the library, once per user (unless KNOWLEDGE_DEMO=false; tests
 * have it off unless they ask): the first request claims it, so
 * concurrent first requests load it once. If storing fails, the claim is released and the next use retries
 * (documents already stored are left as they are).
 */
export async function ensureDemoLibrary(
  deps: KnowledgeDeps,
  caller: Caller,
  options: DemoOptions = {},
): Promise<void> {
  if (!deps.config.knowledgeDemo) return;
  const users = settledFor(deps.database);
  if (users.has(caller.id)) return;
  // The page asks for its list and its stats at once: the second request waits for the load the first began.
  const pending = inflight.get(caller.id);
  if (pending) return pending;
  const load = (async () => {
    const claimed = await setState(deps.database, caller, 'loaded', { onlyIfPending: true });
    if (claimed) {
      try {
        await addLibrary(deps, caller, options);
      } catch (err) {
        await setState(deps.database, caller, null).catch(() => {});
        throw err;
      }
    }
    users.add(caller.id);
  })();
  inflight.set(caller.id, load);
  try {
    await load;
  } finally {
    inflight.delete(caller.id);
  }
}

/** The state of the caller's library and how many demo documents they have. */
export async function getDemoLibrary(database: Database, caller: Caller): Promise<DemoLibrary> {
  return withUser(database.db, caller.id, async (tx) => {
    const [profile] = await tx
      .select({ state: userProfiles.knowledgeDemo })
      .from(userProfiles)
      .where(eq(userProfiles.userId, caller.id));
    const [count] = await tx
      .select({ documents: sql<number>`count(*)::int` })
      .from(documentReferences)
      .where(and(eq(documentReferences.userId, caller.id), eq(documentReferences.sourceType, 'demo')));
    return { state: profile?.state ?? 'pending', documents: Number(count?.documents ?? 0) };
  });
}

/** Loads the library on request (after a removal too); documents already there are left as they are. */
export async function loadDemoLibrary(
  deps: KnowledgeDeps,
  caller: Caller,
  options: DemoOptions = {},
): Promise<DemoLibrary> {
  await setState(deps.database, caller, 'loaded');
  settledFor(deps.database).add(caller.id);
  await addLibrary(deps, caller, options);
  return getDemoLibrary(deps.database, caller);
}

/**
 * Removes every demo document of the caller with what it contributed (entities and relationships left
 * without evidence go too), and remembers not to load the library again. A user's own uploads stay.
 */
export async function removeDemoLibrary(database: Database, caller: Caller): Promise<{ removed: number }> {
  await setState(database, caller, 'removed');
  settledFor(database).add(caller.id);
  const removed = await withUser(database.db, caller.id, async (tx) => {
    await lockUserGraph(tx, caller.id);
    const rows = await tx
      .select({ id: documentReferences.id })
      .from(documentReferences)
      .where(and(eq(documentReferences.userId, caller.id), eq(documentReferences.sourceType, 'demo')))
      .for('update');
    for (const row of rows) await removeContribution(tx, row.id);
    if (rows.length > 0) {
      await tx
        .delete(documentReferences)
        .where(and(eq(documentReferences.userId, caller.id), eq(documentReferences.sourceType, 'demo')));
    }
    return rows.length;
  });
  return { removed };
}
