/**
 * Buyer intent (issue 10 point 3): the companies the caller's own signals point to, scored by the formula of
 * src/shared/buyer-intent.ts, each with its signals, their evidence and a one-line reason. The work starts from
 * the caller's rows (documents, prospects, My Companies, people, generated documents, RFPs, events, agent runs),
 * never from the company master: only the companies those rows name are looked up and scored.
 */
import {
  ACTIVITY_WEIGHTS,
  type ActivityAction,
  ageInDays,
  decayedWeight,
  INTENT_EVIDENCE_MAX,
  INTENT_SIGNAL_KINDS,
  type IntentCompany,
  type IntentEvidence,
  type IntentList,
  type IntentSignal,
  type IntentSignalKind,
  type IntentSort,
  intentParts,
  intentScore,
  type ReasonPart,
  reasonLine,
  signalReason,
} from '../../../shared/buyer-intent.ts';
import { scoreCompany } from '../../../shared/fit-score.ts';
import type { IdealCustomerProfile } from '../../../shared/profile.ts';
import { isProspectStatus, PROSPECT_STATUS_LABELS } from '../../../shared/prospects.ts';
import { isUuid } from '../../../shared/uuid.ts';
import type { Caller } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { withUser } from '../../db/user-scope.ts';
import { organizationKey } from '../knowledge/service.ts';
import {
  agentRunRows,
  companiesById,
  eventRows,
  generatedRows,
  icpOf,
  type MentionRow,
  mentionRows,
  type NamedCompany,
  type NameProbe,
  ownCompaniesLike,
  personRows,
  projectItemRows,
  prospectRows,
  rfpRows,
  savedCompanyRows,
  sharedCompaniesLike,
} from './queries.ts';

export type IntentQuery = {
  minScore: number;
  kinds: IntentSignalKind[];
  sort: IntentSort;
  limit: number;
  offset: number;
};

type Timestamp = Date | string;
const iso = (at: Timestamp) => new Date(at).toISOString();

/** One action of the caller on a company, before scoring. */
type Action = {
  kind: Exclude<IntentSignalKind, 'document_mention' | 'fit'>;
  action: ActivityAction;
  at: Timestamp;
  evidence: IntentEvidence;
  /** The prospect behind a prospect signal (its creation and later changes are one signal). */
  prospectCreatedAt?: Timestamp;
};

type Mention = {
  documentId: string;
  title: string;
  filename: string;
  mentions: number;
  chunkId: string;
  at: Timestamp;
};

/** What the caller's rows say about one company. */
type Gathered = { mentions: Map<string, Mention>; actions: Action[] };

/** A company named by its name rather than its id (a knowledge-base entity, an RFP's issuer, a prospect). */
type ByName = { key: string; display: string; add: (into: Gathered) => void };

// --- names -> companies --------------------------------------------------------------------------------------

/** Lower case, accents kept, punctuation as spaces: the words of a name as the company data may write them. */
const looseWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}&'+]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);

const likeOf = (words: readonly string[]) =>
  `%${words.map((w) => w.replace(/[\\%_]/g, (c) => `\\${c}`)).join('%')}%`;

/**
 * The LIKE patterns that find every company whose key is `key`: its words in order (and the words as written,
 * which keep accents the key drops). A key of only one- and two-letter words ("hp", "3m") is not looked up
 * this way: no trigram index can answer it, and such a short name is too often not the company.
 */
function probesFor(key: string, display: string): NameProbe[] {
  const patterns = new Set<string>();
  for (const words of [key.split(' '), looseWords(display)]) {
    if (words.some((w) => w.length >= 3)) patterns.add(likeOf(words));
  }
  return [...patterns].map((pattern) => ({ key, pattern }));
}

/** For each key, the company whose name has exactly that key: the caller's own import first, then shared data. */
function pickByKey(own: readonly NamedCompany[], shared: readonly NamedCompany[]): Map<string, string> {
  const chosen = new Map<string, string>();
  for (const row of [...own, ...shared]) {
    if (!chosen.has(row.key) && organizationKey(row.name) === row.key) chosen.set(row.key, row.id);
  }
  return chosen;
}

// --- gathering -----------------------------------------------------------------------------------------------

function gatheredFor(byCompany: Map<string, Gathered>, companyId: string): Gathered {
  let entry = byCompany.get(companyId);
  if (!entry) {
    entry = { mentions: new Map(), actions: [] };
    byCompany.set(companyId, entry);
  }
  return entry;
}

const addMention = (row: MentionRow) => (into: Gathered) => {
  const seen = into.mentions.get(row.documentId);
  if (seen) seen.mentions += row.mentions;
  else
    into.mentions.set(row.documentId, {
      documentId: row.documentId,
      title: row.title,
      filename: row.filename,
      mentions: row.mentions,
      chunkId: row.chunkId,
      at: row.documentAt,
    });
};

const addAction = (action: Action) => (into: Gathered) => {
  into.actions.push(action);
};

const agentName = (agentId: string) => agentId.charAt(0).toUpperCase() + agentId.slice(1);

/** The caller's signals, by company id, and the companies' rows; everything the caller's rows point to. */
async function gather(db: Db, caller: Caller) {
  const byCompany = new Map<string, Gathered>();
  const byName: ByName[] = [];

  const read = await withUser(db, caller.id, async (tx) => {
    const [mentions, saved, projectItems, prospects, people, generated, rfps, events, runs, icp] = [
      await mentionRows(tx, caller.id),
      await savedCompanyRows(tx, caller.id),
      await projectItemRows(tx, caller.id),
      await prospectRows(tx, caller.id),
      await personRows(tx, caller.id),
      await generatedRows(tx, caller.id),
      await rfpRows(tx, caller.id),
      await eventRows(tx, caller.id),
      await agentRunRows(tx, caller.id),
      await icpOf(tx, caller.id),
    ];

    for (const row of mentions)
      byName.push({ key: row.canonical, display: row.entityName, add: addMention(row) });
    for (const row of saved) {
      addAction({
        kind: 'saved_company',
        action: 'savedCompany',
        at: row.at,
        evidence: { label: 'Saved to My Companies', detail: null, at: iso(row.at), link: null },
      })(gatheredFor(byCompany, row.companyId));
    }
    for (const row of projectItems) {
      addAction({
        kind: 'project',
        action: 'projectAdded',
        at: row.at,
        evidence: {
          label: row.projectName,
          detail: 'Sales project',
          at: iso(row.at),
          link: { type: 'project', id: row.projectId },
        },
      })(gatheredFor(byCompany, row.companyId));
    }
    for (const row of prospects) {
      const link = { type: 'prospect' as const, id: row.id };
      const actions: Action[] = [
        {
          kind: 'prospect',
          action: 'prospectCreated',
          at: row.createdAt,
          prospectCreatedAt: row.createdAt,
          evidence: {
            label: `Prospect “${row.name}” created`,
            detail: `Status: ${isProspectStatus(row.status) ? PROSPECT_STATUS_LABELS[row.status] : row.status}`,
            at: iso(row.createdAt),
            link,
          },
        },
      ];
      if (row.updates > 0 && row.lastUpdateAt) {
        // Each change weighs as of the last one: the count and the latest time are what the rows keep apart.
        for (let i = 0; i < row.updates; i++) {
          actions.push({
            kind: 'prospect',
            action: 'prospectUpdated',
            at: row.lastUpdateAt,
            prospectCreatedAt: row.createdAt,
            evidence: {
              label: `Prospect updated ${row.updates === 1 ? 'once' : `${row.updates} times`}`,
              detail: null,
              at: iso(row.lastUpdateAt),
              link,
            },
          });
        }
      }
      if (row.companyId) for (const a of actions) addAction(a)(gatheredFor(byCompany, row.companyId));
      else {
        const key = organizationKey(row.name);
        if (key) byName.push({ key, display: row.name, add: (into) => into.actions.push(...actions) });
      }
    }
    for (const row of people) {
      addAction({
        kind: 'people',
        action: row.action === 'saved' ? 'personSaved' : 'contactFound',
        at: row.at,
        evidence: {
          label: `${row.action === 'saved' ? 'Saved' : 'Contact found for'} ${row.name}`,
          detail: row.title,
          at: iso(row.at),
          link: { type: 'contact', id: row.contactId },
        },
      })(gatheredFor(byCompany, row.companyId));
    }
    for (const row of generated) {
      const action = addAction({
        kind: 'generated_document',
        action: 'documentGenerated',
        at: row.at,
        evidence: {
          label: row.title,
          detail: 'Generated document',
          at: iso(row.at),
          link: { type: 'generated_document', id: row.id },
        },
      });
      if (row.companyId) action(gatheredFor(byCompany, row.companyId));
      else if (row.companyName) {
        const key = organizationKey(row.companyName);
        if (key) byName.push({ key, display: row.companyName, add: action });
      }
    }
    for (const row of rfps) {
      const key = organizationKey(row.issuer);
      if (!key) continue;
      byName.push({
        key,
        display: row.issuer,
        add: addAction({
          kind: 'rfp',
          action: 'rfp',
          at: row.at,
          evidence: {
            label: row.title,
            detail: `RFP issued by ${row.issuer}`,
            at: iso(row.at),
            link: { type: 'rfp', id: row.id },
          },
        }),
      });
    }
    for (const row of events) {
      if (!row.companyId || !isUuid(row.companyId)) continue;
      addAction({
        kind: 'event',
        action: 'event',
        at: row.at,
        evidence: { label: row.summary, detail: row.type, at: iso(row.at), link: null },
      })(gatheredFor(byCompany, row.companyId));
    }

    const probes = dedupeProbes(byName.flatMap((n) => probesFor(n.key, n.display)));
    const own = await ownCompaniesLike(tx, caller.id, probes);
    return { probes, own, runs, icp: icp as IdealCustomerProfile | undefined };
  });

  // Shared companies by name, outside the caller's transaction (see queries.ts), then every company's row.
  const keyed = pickByKey(read.own, await sharedByProbes(db, read.probes));
  for (const named of byName) {
    const id = keyed.get(named.key);
    if (id) named.add(gatheredFor(byCompany, id));
  }
  const companies = await withUser(db, caller.id, (tx) => companiesById(tx, [...byCompany.keys()]));
  return { byCompany, companies, runs: read.runs, segments: read.icp?.segments ?? [] };
}

/**
 * What each name pattern finds among the shared companies, kept for SHARED_TTL_MS per database: the shared
 * rows change only when the company data is loaded, and a page of buyer intent is read again and again.
 */
const SHARED_TTL_MS = 10 * 60_000;
const SHARED_MAX_PATTERNS = 20_000;
const sharedFound = new WeakMap<Db, Map<string, { at: number; rows: NamedCompany[] }>>();

async function sharedByProbes(db: Db, probes: readonly NameProbe[]): Promise<NamedCompany[]> {
  let cache = sharedFound.get(db);
  if (!cache) {
    cache = new Map();
    sharedFound.set(db, cache);
  }
  const now = Date.now();
  const id = (p: NameProbe) => `${p.key}\u0000${p.pattern}`;
  const missing = probes.filter((p) => {
    const hit = cache.get(id(p));
    return !hit || now - hit.at > SHARED_TTL_MS;
  });
  if (missing.length > 0) {
    const found = await sharedCompaniesLike(db, missing);
    if (cache.size + missing.length > SHARED_MAX_PATTERNS) cache.clear();
    for (const probe of missing) cache.set(id(probe), { at: now, rows: [] });
    for (const { pattern, ...row } of found) cache.get(id({ key: row.key, pattern }))?.rows.push(row);
  }
  return probes.flatMap((p) => cache.get(id(p))?.rows ?? []);
}

function dedupeProbes(probes: readonly NameProbe[]): NameProbe[] {
  const seen = new Set<string>();
  return probes.filter((p) => {
    const id = `${p.key}\u0000${p.pattern}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

// --- scoring -------------------------------------------------------------------------------------------------

const ACTIVITY_KINDS = INTENT_SIGNAL_KINDS.filter(
  (k): k is Action['kind'] => k !== 'document_mention' && k !== 'fit',
);

const latest = (times: readonly Timestamp[]) =>
  times.length === 0 ? null : iso(new Date(Math.max(...times.map((t) => new Date(t).getTime()))));

/** Runs of an agent whose input names the company (as a whole word sequence). */
function runsNaming(
  name: string,
  runs: readonly { id: string; agentId: string; inputSummary: string; at: Timestamp }[],
) {
  const key = organizationKey(name);
  if (key.replace(/\s/g, '').length < 3) return [];
  return runs.filter((run) => ` ${organizationKey(run.inputSummary)} `.includes(` ${key} `));
}

function scored(
  company: Awaited<ReturnType<typeof companiesById>>[number],
  gathered: Gathered,
  runs: Parameters<typeof runsNaming>[1],
  segments: IdealCustomerProfile['segments'],
  now: Date,
): IntentCompany | null {
  const actions = [...gathered.actions];
  for (const run of runsNaming(company.name, runs)) {
    actions.push({
      kind: 'agent_run',
      action: 'agentRun',
      at: run.at,
      evidence: {
        label: run.inputSummary,
        detail: `${agentName(run.agentId)} run`,
        at: iso(run.at),
        link: { type: 'agent', id: run.agentId },
      },
    });
  }
  const mentions = [...gathered.mentions.values()].sort(
    (a, b) => b.mentions - a.mentions || a.title.localeCompare(b.title),
  );
  if (mentions.length === 0 && actions.length === 0) return null;

  const fit = scoreCompany(company, segments);
  const weightOf = (a: Action) => decayedWeight(ACTIVITY_WEIGHTS[a.action], ageInDays(a.at, now));
  const activity = actions.reduce((sum, a) => sum + weightOf(a), 0);
  const parts = intentParts(fit?.score ?? null, mentions.length, activity);

  const signals: IntentSignal[] = [];
  const reasons: ReasonPart[] = [];
  if (mentions.length > 0) {
    const lastAt = latest(mentions.map((m) => m.at));
    const reason = signalReason('document_mention', { count: mentions.length, lastAt }, now);
    signals.push({
      kind: 'document_mention',
      count: mentions.length,
      lastAt,
      points: round1(parts.documents),
      reason,
      evidence: mentions.slice(0, INTENT_EVIDENCE_MAX).map((m) => ({
        label: m.title,
        detail: `${m.mentions === 1 ? '1 mention' : `${m.mentions} mentions`} · ${m.filename}`,
        at: iso(m.at),
        link: { type: 'document', id: m.documentId },
      })),
    });
    reasons.push({ text: reason, weight: parts.documents });
  }
  for (const kind of ACTIVITY_KINDS) {
    const mine = actions
      .filter((a) => a.kind === kind)
      .sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime());
    if (mine.length === 0) continue;
    const weight = mine.reduce((sum, a) => sum + weightOf(a), 0);
    const points = activity > 0 ? (parts.activity * weight) / activity : 0;
    const lastAt = latest(mine.map((a) => a.at));
    const firstAt = mine.find((a) => a.prospectCreatedAt)?.prospectCreatedAt ?? null;
    // People count once each, whether saved, looked up or both.
    const count = kind === 'people' ? new Set(mine.map((a) => a.evidence.link?.id)).size : mine.length;
    const reason = signalReason(kind, { count, lastAt, firstAt }, now);
    // A prospect's changes are one line of evidence, however many there were.
    const evidence = mine
      .map((a) => a.evidence)
      .filter((e, i, all) => all.findIndex((o) => o.label === e.label && o.at === e.at) === i)
      .slice(0, INTENT_EVIDENCE_MAX);
    signals.push({ kind, count, lastAt, points: round1(points), reason, evidence });
    reasons.push({ text: reason, weight: points });
  }
  // A fit of 0 (nothing of the ICP matches) is shown on the company, but is no signal.
  if (fit && fit.score > 0) {
    const reason = signalReason('fit', { count: fit.score, lastAt: null }, now);
    signals.push({
      kind: 'fit',
      count: fit.score,
      lastAt: null,
      points: round1(parts.fit),
      reason,
      evidence: [{ label: fit.reason, detail: `Tier ${fit.tier}`, at: null, link: null }],
    });
    // The fit closes the line: it supports intent, it is not intent.
    reasons.push({ text: reason, weight: -1 });
  }

  const strongest = reasons
    .filter((r) => r.weight >= 0)
    .sort((a, b) => b.weight - a.weight)
    .slice(0, 3);
  return {
    company: {
      id: company.id,
      name: company.name,
      domain: company.domain,
      primaryIndustry: company.primaryIndustry,
      size: company.size,
      location: company.location ?? ([company.city, company.country].filter(Boolean).join(', ') || null),
    },
    score: intentScore(parts),
    parts: { fit: round1(parts.fit), documents: round1(parts.documents), activity: round1(parts.activity) },
    fit: fit ? { score: fit.score, tier: fit.tier, reason: fit.reason } : null,
    reason: reasonLine([...strongest, ...reasons.filter((r) => r.weight < 0)]),
    kinds: signals.map((s) => s.kind),
    signals,
    lastSignalAt: latest(signals.flatMap((s) => (s.lastAt ? [s.lastAt] : []))),
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

const time = (at: string | null) => (at ? new Date(at).getTime() : 0);

const ORDER: Record<IntentSort, (a: IntentCompany, b: IntentCompany) => number> = {
  score: (a, b) =>
    b.score - a.score ||
    time(b.lastSignalAt) - time(a.lastSignalAt) ||
    a.company.name.localeCompare(b.company.name),
  recent: (a, b) =>
    time(b.lastSignalAt) - time(a.lastSignalAt) ||
    b.score - a.score ||
    a.company.name.localeCompare(b.company.name),
  name: (a, b) => a.company.name.localeCompare(b.company.name) || b.score - a.score,
};

/** The caller's buyer intent: every company their signals point to, scored, filtered, sorted, one page. */
export async function listBuyerIntent(
  db: Db,
  caller: Caller,
  query: IntentQuery,
  now = new Date(),
): Promise<IntentList> {
  const { byCompany, companies, runs, segments } = await gather(db, caller);
  const all = companies
    .map((company) => {
      const gathered = byCompany.get(company.id);
      return gathered ? scored(company, gathered, runs, segments, now) : null;
    })
    .filter((c): c is IntentCompany => c !== null && c.score >= query.minScore);

  const kindCounts = Object.fromEntries(INTENT_SIGNAL_KINDS.map((k) => [k, 0])) as Record<
    IntentSignalKind,
    number
  >;
  for (const company of all) for (const kind of company.kinds) kindCounts[kind] += 1;

  const matching = query.kinds.length ? all.filter((c) => c.kinds.some((k) => query.kinds.includes(k))) : all;
  matching.sort(ORDER[query.sort]);
  const page = matching.slice(query.offset, query.offset + query.limit);
  const end = query.offset + page.length;
  return {
    companies: page,
    total: matching.length,
    kindCounts,
    nextOffset: end < matching.length ? end : null,
    computedAt: now.toISOString(),
  };
}
