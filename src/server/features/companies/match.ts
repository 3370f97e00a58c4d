/**
 * Research input: each line of a pasted list (a company name, a domain or web address, or a ticker) matched to
 * a company the caller may see, with a confidence and the reason. Names are compared by the keys the company
 * data is merged by (`nameKey`, `matchKey`), then by trigram similarity.
 */
import { sql } from 'drizzle-orm';
import { type LineMatch, MATCH_MIN_CONFIDENCE, type MatchCandidate } from '../../../shared/company-match.ts';
import type { Caller } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { prominence } from '../../db/schema.ts';
import { withUser } from '../../db/user-scope.ts';
import { REAL_SOURCES } from './data/build-company-rows.ts';
import { matchKey } from './data/large-companies.ts';
import { nameKey, tidy, webAddress } from './data/names.ts';

/** As typed: 'SAP', 'BRK.B', 'BRK-B'. */
const TICKER = /^[A-Z]{1,5}([.-][A-Z]{1,2})?$/;
/** Second-level labels of country domains ('bbc.co.uk', 'sapphire.com.pk'). */
const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'edu', 'ne', 'or']);
/** Names looked at per line and scope: the exact name first, then the most similar. */
const NAMES_PER_LINE = 10;
const AMBIGUOUS_SHOWN = 5;
const NEAR_SHOWN = 3;

/** How a line is looked up: its domain, its domain's name ('microsoft' of microsoft.com), tickers, the line as a name. */
type Via = 'domain' | 'label' | 'ticker' | 'name';
type Probe = { line: number; via: Via; term: string };

type CandidateRow = Omit<MatchCandidate, 'confidence' | 'reason'> & {
  line: number;
  via: Via;
  term: string;
  prominence: number;
  similarity: number;
};

/** 'microsoft.com' -> 'microsoft', 'news.bbc.co.uk' -> 'bbc': how a company's name often appears in its domain. */
function domainLabel(domain: string): string {
  const labels = domain.split('.').slice(0, -1);
  if (labels.length > 1 && SECOND_LEVEL.has(labels.at(-1) ?? '')) labels.pop();
  return labels.at(-1) ?? '';
}

function probesOf(line: string, i: number): Probe[] {
  const probes: Probe[] = [];
  // A dot and no space: a domain or web address. 'J.Crew' and 'Booking.com' are names too.
  const domain = line.includes('.') && !/\s/.test(line) ? webAddress(line).domain : null;
  if (domain) {
    probes.push({ line: i, via: 'domain', term: domain });
    const label = domainLabel(domain);
    if (label) probes.push({ line: i, via: 'label', term: label });
  }
  if (TICKER.test(line)) {
    for (const ticker of new Set([line, line.replace('.', '-'), line.replace('-', '.')])) {
      probes.push({ line: i, via: 'ticker', term: ticker });
    }
  }
  if (!line.includes('/')) probes.push({ line: i, via: 'name', term: line });
  return probes;
}

/** How well known a company is (as a search without words orders), to order equally good candidates. */
const PROMINENCE = prominence({ employees: sql`c.employees`, source: sql`c.source`, ticker: sql`c.ticker` });

/**
 * The companies every probe finds, in one statement: among the shared rows (`owner` null) or the owner's
 * imports. Apart, as a search looks at them (see search.ts): under the application role the trigram and
 * `lower()` conditions could not use the shared rows' indexes.
 */
function findCandidates(tx: Db, owner: string | null, probes: Probe[]): Promise<CandidateRow[]> {
  const scope = owner ? sql`c.owner_id = ${owner}::uuid` : sql`c.owner_id is null`;
  // Only the real sources list tickers: their source index spares a read of a million synthetic rows.
  const listed = owner
    ? sql`true`
    : sql`c.source in (${sql.join(
        REAL_SOURCES.map((source) => sql`${source}`),
        sql`, `,
      )})`;
  const columns = sql`p.line, p.via, p.term, c.id, c.name, c.domain, c.primary_industry as industry,
    c.country, c.size, c.ticker, ${PROMINENCE}::int as prominence,
    similarity(p.term, c.name)::float8 as similarity`;
  return queryRows<CandidateRow>(
    tx,
    sql`with p as (
        select * from jsonb_to_recordset(${JSON.stringify(probes)}::jsonb) as p(line int, via text, term text)
      )
      select ${columns} from p join company_master c on lower(c.domain) = p.term
        where p.via = 'domain' and ${scope}
      union all
      select ${columns} from p join company_master c on c.ticker = p.term
        where p.via = 'ticker' and ${scope} and ${listed}
      union all
      select ${columns} from p cross join lateral (
          select c.id, c.name, c.domain, c.primary_industry, c.country, c.size, c.ticker, c.employees, c.source
          from company_master c
          where ${scope} and (lower(c.name) = lower(p.term) or p.term % c.name or p.term <% c.name)
          order by lower(c.name) = lower(p.term) desc, similarity(p.term, c.name) desc, ${PROMINENCE} desc
          limit ${NAMES_PER_LINE}
        ) c
        where p.via in ('label', 'name')`,
  );
}

/** The words two names differ by once the legal forms and group words are dropped: "'Group', 'AG'". */
function droppedWords(a: string, b: string): string {
  const kept = new Set(matchKey(a).split(' '));
  const isKept = (word: string) =>
    nameKey(word)
      .split(' ')
      .every((key) => kept.has(key));
  const words = [a, b]
    .flatMap((name) => tidy(name).split(' '))
    .map((word) => word.replace(/^[,;(]+|[,;)]+$/g, ''))
    .filter((word) => word && !isKept(word));
  const distinct = [...new Map(words.map((word) => [word.toLowerCase(), word])).values()];
  return distinct.length > 0
    ? `without ${distinct.map((word) => `'${word}'`).join(', ')}`
    : 'written differently';
}

/** A name as similar as this (trigram similarity 0.5) is a match: 50 (Low); an exact one would be 75. */
const similar = (similarity: number) => ({
  confidence: Math.round(25 + 50 * similarity),
  reason: `Similar name, ${Math.round(similarity * 100)}% alike`,
});

/** How sure a probe's find is, and why; under MATCH_MIN_CONFIDENCE it is only a name to suggest. */
function assess(row: CandidateRow, line: string): { confidence: number; reason: string } {
  switch (row.via) {
    case 'domain':
      return { confidence: 95, reason: `Same domain ${row.domain}` };
    case 'ticker':
      return { confidence: 95, reason: `Ticker ${row.ticker}` };
    case 'label':
      if ([nameKey, matchKey].some((key) => key(row.name).replace(/\s/g, '') === row.term)) {
        return { confidence: 75, reason: `Name matches the domain ${webAddress(line).domain}` };
      }
      // Only a whole name is a match: 'delta' of delta.com is not surely Delta Air Lines.
      return { ...similar(row.similarity), confidence: Math.min(45, similar(row.similarity).confidence) };
    case 'name':
      if (line.toLowerCase() === row.name.toLowerCase()) return { confidence: 95, reason: 'Same name' };
      if (nameKey(line) === nameKey(row.name)) {
        return { confidence: 90, reason: `Same name ${droppedWords(line, row.name)}` };
      }
      if (matchKey(line) === matchKey(row.name)) {
        return { confidence: 80, reason: `Same name ${droppedWords(line, row.name)}` };
      }
      return similar(row.similarity);
  }
}

type Ranked = { candidate: MatchCandidate; prominence: number };

const byRank = (a: Ranked, b: Ranked) =>
  b.candidate.confidence - a.candidate.confidence ||
  b.prominence - a.prominence ||
  a.candidate.name.localeCompare(b.candidate.name);

const shown = (list: Ranked[], n: number) => list.slice(0, n).map((ranked) => ranked.candidate);

/** A line's verdict from what its probes found: the best company, a choice of equals, or the nearest names. */
function decide(line: string, rows: CandidateRow[]): LineMatch {
  const best = new Map<string, Ranked>();
  for (const row of rows) {
    const { id, name, domain, industry, country, size, ticker, prominence } = row;
    const candidate = { id, name, domain, industry, country, size, ticker, ...assess(row, line) };
    const held = best.get(id);
    if (!held || candidate.confidence > held.candidate.confidence) best.set(id, { candidate, prominence });
  }
  const ranked = [...best.values()].sort(byRank);
  const matches = ranked.filter((r) => r.candidate.confidence >= MATCH_MIN_CONFIDENCE);
  const top = matches[0]?.candidate;
  if (!top) {
    const near = shown(ranked, NEAR_SHOWN);
    const reason =
      near.length > 0 ? 'No match; near names to pick from' : 'No company with this name, domain or ticker';
    return { line, status: 'unmatched', confidence: 0, reason, company: null, candidates: near };
  }
  // Equals: the same confidence from a key (name, domain, ticker), or within 5 points for similar names.
  const margin = top.confidence >= 80 ? 0 : 5;
  const equals = matches.filter((r) => r.candidate.confidence >= top.confidence - margin).length;
  if (equals > 1) {
    return {
      line,
      status: 'ambiguous',
      confidence: top.confidence,
      reason: `${top.reason} (${equals} companies)`,
      company: null,
      candidates: shown(matches, AMBIGUOUS_SHOWN),
    };
  }
  return {
    line,
    status: 'matched',
    confidence: top.confidence,
    reason: top.reason,
    company: top,
    candidates: [],
  };
}

/**
 * Matches each line (trimmed, non-empty: the route checks) to the shared companies and the caller's own
 * imports, in two statements whatever the number of lines.
 */
export async function matchCompanies(db: Db, caller: Caller, lines: readonly string[]): Promise<LineMatch[]> {
  const tidied = lines.map(tidy);
  const probes = tidied.flatMap(probesOf);
  const shared = await findCandidates(db, null, probes);
  const own = await withUser(db, caller.id, (tx) => findCandidates(tx, caller.id, probes));
  const byLine = tidied.map((): CandidateRow[] => []);
  for (const row of [...shared, ...own]) byLine[Number(row.line)]?.push(row);
  return tidied.map((line, i) => decide(line, byLine[i] ?? []));
}
