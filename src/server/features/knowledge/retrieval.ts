/**
 * Hybrid retrieval over the caller's passages (issue 8 point 3), in three lists fused into one ranking:
 * - full text: every word of the question (and a synonym of it, weighted half) weighted by how rare it is
 *   among the caller's passages (BM25's idf) and how often the question says it, times PostgreSQL's ts_rank of
 *   that word in the passage (which saturates with repetition and counts a heading word five times a word of
 *   the text); then again with the words the best passages share added (pseudo-relevance feedback);
 * - entities: the passages that mention an entity the question names (its phrases against the entities'
 *   canonical names; proper names also by trigram similarity, so "Acme Corporation" finds "Acme Corp");
 * - one hop in the graph: the passages of the entities related to those, strongest relationships first,
 *   weighted lower.
 * The lists are fused by reciprocal rank. Whether the question is answered at all is decided on the passages'
 * own words: one must hold half of the question's weight, or three of its rarer words and a fifth of its
 * weight, or mention a proper name the question names. Below that nothing is cited and the chat says it does
 * not know; above it, passages close behind the best support the answer.
 */
import { type SQL, sql } from 'drizzle-orm';
import { ENTITY_TYPES } from '../../../shared/knowledge.ts';
import type { QuestionWeights } from '../../ai/port.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { withUser } from '../../db/user-scope.ts';

export type RetrievedPassage = {
  chunkId: string;
  documentId: string;
  title: string;
  filename: string;
  section: string | null;
  page: number | null;
  text: string;
  /** How much of the question the passage holds, 0..1 (the idf-weighted share of its words). */
  relevance: number;
  /** The fused rank score (higher first). */
  fused: number;
  /** The entity that led to the passage ("Okta", or "Okta → SSO" for one hop in the graph), if one did. */
  entity: string | null;
};

export type Retrieval = {
  /** The relevant passages, best first. */
  passages: RetrievedPassage[];
  /** What each word of the question weighs among the caller's passages, by its lexeme (the answer reads it). */
  weights: QuestionWeights;
  /** How many passages the caller has in all (0: nothing uploaded or indexed yet). */
  totalPassages: number;
};

export type RetrievalOptions = {
  /** Passages returned (default 5). */
  limit?: number;
  /** At most this many passages of one document (default 2), so the sources show several documents. */
  perDocument?: number;
};

/**
 * Reciprocal rank fusion: k, and each list's weight. The entities a question names and their neighbours rank a
 * passage well below its own words: key terms match loosely, and a passage naming an entity the question names
 * is relevant on that alone (`named`). Evaluation over the demo library: 0.595 with 0.3 / 0.1, 0.59 with
 * 0.5 / 0.25; k 20 (the lists' first places count more) 0.598 against 0.595 with the usual 60.
 */
const RRF_K = 20;
const LIST_WEIGHT = { text: 1, entity: 0.3, hop: 0.1 } as const;
/** Candidates each list contributes to the fusion. */
const LIST_DEPTH = 100;
/** The full-text list's candidates: passages holding the rarest informative words, about this many. */
const CANDIDATE_BUDGET = 1000;
/** The candidates are first ranked by this many of the question's weightiest words... */
const SHORTLIST_TERMS = 8;
/** ...and the best this many of them by all its words. */
const SHORTLIST_DEPTH = 2 * LIST_DEPTH;
/** The distinct words of a question that count (a very long question is cut to these). */
const MAX_TERMS = 48;
/**
 * The relevance threshold: a passage holds at least half of the question's weight (and two of its words, when
 * it has two), or at least three of its informative words (found in at most a fifth of the passages) and a
 * fifth of its weight. Synonyms do not count here: the question's own words must be there.
 */
const RELEVANT_SHARE = 0.5;
const RELEVANT_INFORMATIVE = { words: 3, share: 0.2, maxFrequency: 0.2 } as const;
/** Once a passage is relevant, others holding at least this part of its share support the answer. */
const SUPPORTING_SHARE = 0.3;

/** A passage in one of the fused lists, with what led to it and how much that counts. */
type ListItem = { id: string; entity: string | null; named: boolean; weight: number };

/**
 * A word of the question (or a synonym of one: `synonym`), as the tsquery that finds it, with how many
 * passages hold it and what it weighs: its idf, more when the question repeats it, less for a synonym.
 */
type Term = {
  tsquery: string;
  df: number;
  idf: number;
  weight: number;
  informative: boolean;
  synonym: boolean;
};

/**
 * BM25's inverse document frequency. A word no passage holds counts as much as the rarest word held, not more:
 * it cannot be found, and a question's stray word should not outweigh the words that are found.
 */
const idf = (df: number, total: number) =>
  Math.log(1 + (total - Math.max(df, 1) + 0.5) / (Math.max(df, 1) + 0.5));

/** A synonym counts this much of the word the question used. */
const SYNONYM_WEIGHT = 0.5;

/**
 * ts_rank's weights for the four labels (D, C, B, A): a word of the document's title (A, the first heading of the
 * passage's path) counts five times a word of its text (B), a word of the headings below it (C) twice. Headings
 * say what a passage is about, and the title says it of every passage of its document.
 */
export const RANK_WEIGHTS = '{0.1,0.4,0.2,1.0}';

/**
 * Words of a question that ask rather than say what about ("which ... do we use", "how often", "please tell
 * me"): PostgreSQL's english stopwords do not drop them, and a passage need not hold them to answer.
 */
const FILLER =
  /\b(how (often|much|many|quickly|soon|fast|long|far|frequently)|use[sd]?|using|need(s|ed)?|want(s|ed)?|know|tell|please|get|gets|got|make|way|like|also|us|thing|things|kind|sort|exactly|actually|really|must|shall|could|would|might|may|currently|ever|anything|something)\b/gi;

/**
 * The question with the subject it states first said twice, when more sentences follow ("Cabling security.
 * Power and telecommunications cabling ... shall be protected"), as questionnaires and requirements put it: the
 * subject's words then weigh more than the detail's. Evaluation: recall@5 from 0.595 to 0.595-0.601.
 */
function withSubject(query: string): string {
  const subject = query.match(/^(.+?[.?!:;])\s+\S/)?.[1];
  return subject ? `${query} ${subject}` : query;
}

/** The question without its filler words (kept whole when nothing else is left). */
export function questionWords(query: string): string {
  const words = query.replace(FILLER, ' ').replace(/\s+/g, ' ').trim();
  return words || query;
}

/**
 * Words that business and IT documents use for one another: a question about suppliers should find the
 * vendor procedure. Each group is a set of interchangeable words or phrases.
 */
const SYNONYMS: readonly (readonly string[])[] = [
  ['supplier', 'vendor', 'third party', 'subcontractor', 'service provider'],
  ['employee', 'staff', 'personnel', 'workforce', 'worker'],
  ['customer', 'client'],
  ['information', 'data'],
  ['log-on', 'logon', 'login', 'log in', 'sign-in', 'sign in'],
  ['password', 'passphrase', 'credentials'],
  ['malware', 'malicious code', 'virus', 'antivirus', 'anti-malware', 'ransomware'],
  ['cryptography', 'cryptographic', 'encryption', 'encrypted'],
  ['removable media', 'usb', 'flash drive', 'external storage'],
  ['teleworking', 'remote work', 'remote access', 'work from home'],
  ['business continuity', 'disaster recovery'],
  ['incident', 'breach', 'security event'],
  ['logging', 'audit trail', 'audit log', 'event log'],
  ['vulnerability', 'weakness', 'security flaw'],
  ['patch', 'security update'],
  ['equipment', 'hardware', 'devices'],
  ['premises', 'facility', 'office', 'building'],
  ['termination', 'offboarding', 'leaving the company'],
  ['onboarding', 'new hire', 'hiring'],
  ['training', 'awareness', 'education'],
  ['contract', 'agreement'],
  ['non-disclosure', 'nda', 'confidentiality agreement'],
  ['personal data', 'personal information', 'pii', 'personally identifiable information'],
  ['segregation', 'separation'],
  ['authorities', 'regulators', 'law enforcement'],
  ['capacity', 'scalability', 'scaling'],
  ['clock synchronization', 'time synchronization', 'ntp'],
  ['e-mail', 'email', 'electronic messaging'],
  ['mobile device', 'laptop', 'smartphone', 'endpoint'],
  ['data center', 'datacenter', 'server room'],
  ['disposal', 'destruction', 'wiping', 'sanitization'],
  ['risk assessment', 'risk analysis'],
  ['price', 'pricing', 'cost', 'fee'],
  ['uptime', 'availability', 'service level'],
  ['sso', 'single sign-on'],
  ['mfa', 'multi-factor', 'two-factor', '2fa'],
  ['support', 'help desk', 'helpdesk', 'service desk'],
  ['invoice', 'billing'],
  ['headquarters', 'head office'],
];
const MAX_SYNONYMS = 12;

const mentions = (text: string, phrase: string) =>
  new RegExp(
    `(^|[^\\p{L}\\p{N}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(s|es)?($|[^\\p{L}\\p{N}])`,
    'iu',
  ).test(text);

/** The synonyms of the question's words that it does not use itself, each with the phrase it stands for. */
export function synonymsOf(question: string): { phrase: string; of: string }[] {
  const found: { phrase: string; of: string }[] = [];
  for (const group of SYNONYMS) {
    const said = group.find((phrase) => mentions(question, phrase));
    if (!said) continue;
    for (const phrase of group) {
      if (!mentions(question, phrase) && !found.some((f) => f.phrase === phrase))
        found.push({ phrase, of: said });
    }
  }
  return found.slice(0, MAX_SYNONYMS);
}

/** A PostgreSQL array literal of texts. */
function toArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

/**
 * How many of the caller's passages hold `lexemes` (kept per word in knowledge_word_counts): a word's count, or
 * for a phrase its rarest word's (at most that many passages say the phrase). A question's words are counted
 * so; its synonym phrases, rarer and fewer, are counted exactly through the search index.
 */
const passagesHolding = (userId: string, lexemes: SQL) =>
  sql`(select case when count(*) = cardinality(${lexemes}) then min(k.passages) else 0 end::int
      from knowledge_word_counts k where k.user_id = ${userId} and k.lexeme = any(${lexemes}))`;

/**
 * The question's words (PostgreSQL's english parser and stemmer, with how often the question says each) and
 * their synonyms, with how many of the caller's passages hold each, and the caller's passage count.
 */
async function termsOf(tx: Db, userId: string, query: string): Promise<{ terms: Term[]; total: number }> {
  const synonyms = synonymsOf(query);
  const rows = await queryRows<{
    tsquery: string | null;
    qtf: number;
    synonym: boolean;
    df: number;
    said_df: number | null;
    total: number;
  }>(
    tx,
    sql`with words as (
          select quote_literal(t.lexeme) as tsquery, array[t.lexeme] as lexemes,
            coalesce(array_length(t.positions, 1), 1) as qtf, false as synonym, null::text[] as said
          from unnest(to_tsvector('english', ${questionWords(withSubject(query))})) as t
          limit ${MAX_TERMS}
        ), synonyms as (
          select phraseto_tsquery('english', s.phrase)::text as tsquery, tsvector_to_array(to_tsvector('english', s.phrase)) as lexemes,
            1 as qtf, true as synonym, tsvector_to_array(to_tsvector('english', s.said)) as said
          from unnest(${toArray(synonyms.map((s) => s.phrase))}::text[], ${toArray(synonyms.map((s) => s.of))}::text[])
            as s(phrase, said)
        ), terms as (
          select * from words
          union all
          select * from synonyms
          where tsquery <> '' and cardinality(said) > 0 and tsquery not in (select tsquery from words)
        ), total as (
          -- A document's chunk_count is its passages while it has any (0 once its contribution is removed).
          select coalesce(sum(chunk_count), 0)::int as total from document_references where user_id = ${userId}
        )
        select t.tsquery, t.qtf, t.synonym, total.total,
          case when cardinality(t.lexemes) > 1
            then (select count(*)::int from knowledge_passages_matching(t.tsquery::tsquery))
            else ${passagesHolding(userId, sql`t.lexemes`)} end as df,
          case when t.said is null then null else ${passagesHolding(userId, sql`t.said`)} end as said_df
        from total left join terms t on true`,
  );
  const total = rows[0]?.total ?? 0;
  const terms = rows
    .filter((row): row is typeof row & { tsquery: string } => row.tsquery !== null)
    .map((row) => {
      // A synonym weighs at most what the word the question said weighs: a rare synonym of a common word
      // ("service level" for "availability") must not outrank the passages that say the word itself.
      const rarity =
        row.said_df === null ? idf(row.df, total) : Math.min(idf(row.df, total), idf(row.said_df, total));
      const weight = rarity * (1 + Math.log(row.qtf)) * (row.synonym ? SYNONYM_WEIGHT : 1);
      return {
        tsquery: row.tsquery,
        df: row.df,
        idf: idf(row.df, total),
        weight,
        informative: row.df > 0 && row.df <= Math.max(1, RELEVANT_INFORMATIVE.maxFrequency * total),
        synonym: row.synonym,
      };
    });
  return { terms, total };
}

/** A term's rank in a passage: ts_rank with heading words counting most, without length normalisation. */
const termRank = (term: Term) =>
  sql`ts_rank(${RANK_WEIGHTS}::float4[], c.search_vector, ${term.tsquery}::tsquery, 0)::float8`;

/** Each term's rank in a passage, as one SQL array (one entry per term). */
const rankArray = (terms: readonly Term[]) => sql`array[${sql.join(terms.map(termRank), sql`, `)}]::float8[]`;

/**
 * Pseudo-relevance feedback (RM3's idea): the words the best FEEDBACK.passages of the first ranking share (held
 * by at least two of them, and by at most a fifth of all passages) are what the question is about in this
 * library's own words; the FEEDBACK.words weightiest of them rank the shortlist a second time, each weighing
 * FEEDBACK.weight of its idf. A requirement that says "privileged access rights" then also finds the procedure
 * that says "administrator accounts". Evaluation (recall@5): 0.598 -> 0.606 with RRF_K 20.
 */
const FEEDBACK = { passages: 5, words: 8, weight: 0.3, maxFrequency: 0.2 } as const;

/**
 * The full-text list: passages holding the question's informative words, by the terms' weighted ranks, then
 * by the feedback words. A long question over a large library would rank most passages by every word; so the
 * candidates hold one of its rarest informative words (as many of them as CANDIDATE_BUDGET passages allow),
 * are first ranked by its SHORTLIST_TERMS weightiest words, and only the best of those by all of them. Of
 * passages that score alike, the shorter (the one more about those words) comes first, then the library's order.
 */
async function textList(tx: Db, userId: string, terms: readonly Term[], total: number): Promise<string[]> {
  const matchable = terms.filter((term) => term.df > 0);
  if (matchable.length === 0) return [];
  // Candidates hold at least one informative word (or any word when the question has none): a question's common
  // words would otherwise bring in most passages to be ranked.
  const informative = matchable.filter((term) => term.informative);
  const byRarity = (informative.length > 0 ? informative : matchable).toSorted((a, b) => a.df - b.df);
  let budget = CANDIDATE_BUDGET;
  const wanted = byRarity.filter((term, index) => {
    budget -= term.df;
    return index === 0 || budget >= 0;
  });
  const any = sql.join(
    wanted.map((term) => sql`${term.tsquery}::tsquery`),
    sql` || `,
  );
  const score = (scoring: readonly Term[]) =>
    sql.join(
      scoring.map((term) => sql`${term.weight}::float8 * ${termRank(term)}`),
      sql` + `,
    );
  const shortlist = matchable.toSorted((a, b) => b.weight - a.weight).slice(0, SHORTLIST_TERMS);
  const idfOf = (df: SQL) => sql`ln(1 + (${total}::float8 - ${df} + 0.5) / (${df} + 0.5))`;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`with matching as materialized (select id from knowledge_passages_matching(${any}) as m(id)),
        shortlist as (
          select c.id, c.search_vector, c.text, c.ordinal, d.filename from matching m
          join document_chunks c on c.id = m.id and c.user_id = ${userId}
          join document_references d on d.id = c.document_id and d.user_id = ${userId} and d.status = 'indexed'
          order by ${score(shortlist)} desc, length(c.text), d.filename, c.ordinal, c.id
          limit ${SHORTLIST_DEPTH}
        ),
        ranked as materialized (select c.*, ${score(matchable)} as score from shortlist c),
        best as (
          select search_vector from ranked
          order by score desc, length(text), filename, ordinal, id
          limit ${FEEDBACK.passages}
        ),
        feedback as materialized (
          select to_tsquery('simple', quote_literal(w.lexeme)) as query,
            ${FEEDBACK.weight}::float8 * ${idfOf(sql`k.passages`)} as weight
          from best b cross join unnest(b.search_vector) w
          join knowledge_word_counts k on k.user_id = ${userId} and k.lexeme = w.lexeme
          where k.passages <= ${FEEDBACK.maxFrequency * total}::float8
            and quote_literal(w.lexeme) <> all(${toArray(terms.map((term) => term.tsquery))}::text[])
          group by w.lexeme, k.passages
          having count(*) >= 2
          order by count(*) * ${idfOf(sql`k.passages`)} desc, w.lexeme
          limit ${FEEDBACK.words}
        )
        select c.id from ranked c
        order by c.score + coalesce((
            select sum(f.weight * ts_rank(${RANK_WEIGHTS}::float4[], c.search_vector, f.query, 0)) from feedback f
          ), 0) desc, length(c.text), c.filename, c.ordinal, c.id
        limit ${LIST_DEPTH}`,
  );
  return rows.map((row) => row.id);
}

const STOPWORDS = new Set(
  `a an and are as at be by can do does for from has have how i in is it its of on or our the their them they this
  to was we what when where which who why will with you your about any all into over under`.split(/\s+/),
);
const CORPORATE = /\s+(inc|incorporated|corp|corporation|co|company|ltd|limited|llc|plc|gmbh|ag|sa|bv)$/;

/**
 * What the question may call an entity: its phrases of one to four words (not starting or ending with a
 * function word), lower-cased, also with a plural last word made singular and a company suffix dropped, as
 * canonical names are kept; and its capitalised spans ("Acme Corporation"), for trigram matching.
 */
export function entityCandidates(query: string): { canonical: string[]; names: string[] } {
  const words = query.match(/[\p{L}\p{N}][\p{L}\p{N}&.'-]*/gu)?.map((w) => w.replace(/[.']+$/, '')) ?? [];
  const canonical = new Set<string>();
  for (let start = 0; start < words.length; start++) {
    for (let length = 1; length <= 4 && start + length <= words.length; length++) {
      const phrase = words.slice(start, start + length).map((w) => w.toLowerCase());
      const first = phrase[0] ?? '';
      const last = phrase.at(-1) ?? '';
      if (STOPWORDS.has(first) || STOPWORDS.has(last) || (length === 1 && first.length < 2)) continue;
      const text = phrase.join(' ');
      canonical.add(text);
      if (/[^s]s$/.test(last) && last.length > 3) canonical.add(text.replace(/s$/, ''));
      if (CORPORATE.test(text)) canonical.add(text.replace(CORPORATE, ''));
    }
  }
  const names = new Set<string>();
  for (const span of query.matchAll(/\b\p{Lu}[\p{L}\p{N}&-]*(?:\s+\p{Lu}[\p{L}\p{N}&-]*)*/gu)) {
    const name = span[0];
    // A capitalised function word opening a sentence ("What", "How") is not a name.
    if (name.length >= 3 && !STOPWORDS.has(name.toLowerCase())) names.add(name);
  }
  return { canonical: [...canonical].slice(0, 200), names: [...names].slice(0, 3) };
}

type MatchedEntity = { id: string; name: string; type: string; similarity: number; weight: number };

/** Proper names: what a question names on purpose. Key terms are the documents' own phrases, weaker evidence. */
const PROPER_TYPES = ['organization', 'person', 'product', 'technology', 'place'];

/** How much a matched entity counts: a proper name fully, a key term less, a date or an amount little. */
const entityWeight = (type: string, similarity: number) =>
  similarity * (PROPER_TYPES.includes(type) ? 1 : type === 'term' ? 0.4 : 0.2);

/**
 * Whether naming the entity makes its passages relevant on their own: a proper name the documents know
 * ("Okta", "Acme Corp"), named as such; not a place (an office's city says little about what is asked), a key
 * term, a date or an amount.
 */
const NAMED_TYPES = ['organization', 'person', 'product', 'technology'];
const isNamedThing = (entity: MatchedEntity) =>
  NAMED_TYPES.includes(entity.type) && entity.similarity >= 0.9 && entity.name.trim().length >= 2;

/** The caller's entities the question names, strongest first. */
async function matchEntities(tx: Db, userId: string, query: string): Promise<MatchedEntity[]> {
  const { canonical, names } = entityCandidates(query);
  if (canonical.length === 0 && names.length === 0) return [];
  const proper = toArray(PROPER_TYPES);
  // Exact canonical names through the (user, type, canonical name) index; proper names also by trigram
  // similarity ("Acme Corporation" for "Acme Corp"), one indexed search per name.
  const byName =
    names.length === 0
      ? sql``
      : sql`union all
        select e.id, e.name, e.entity_type, similarity(e.name, n.name)::float8 as similarity
        from unnest(${toArray(names)}::text[]) as n(name)
        cross join lateral (
          select * from knowledge_entities e
          where e.user_id = ${userId} and e.name % n.name and e.entity_type = any(${proper}::text[])
          order by similarity(e.name, n.name) desc limit 3
        ) e`;
  const rows = await queryRows<{ id: string; name: string; type: string; similarity: number }>(
    tx,
    sql`select id, max(name) as name, max(entity_type) as type, max(similarity) as similarity
        from (
          select e.id, e.name, e.entity_type, 1::float8 as similarity
          from knowledge_entities e
          where e.user_id = ${userId}
            and e.entity_type = any(${toArray(ENTITY_TYPES)}::text[])
            and e.canonical_name = any(${toArray(canonical)}::text[])
          ${byName}
        ) found
        where similarity >= 0.6
        group by id`,
  );
  return rows
    .map((row) => ({ ...row, weight: entityWeight(row.type, row.similarity) }))
    .sort((a, b) => b.weight - a.weight || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1))
    .slice(0, 8);
}

/**
 * An entity's passages in order (`r` its entity_document_refs, `d` and `c` their document and passage): the most
 * mentions first, then the shorter passage (more about it), then where it stands in the library. Ties are many
 * (most mentions are one), and a random id decided which passages were kept and the evaluation moved from run
 * to run.
 */
const PASSAGES_OF_ENTITY = sql.raw('r.mention_count desc, length(c.text), d.filename, c.ordinal, r.chunk_id');

/** The passages mentioning the matched entities, most mentions first, in the entities' order. */
async function entityList(tx: Db, userId: string, entities: readonly MatchedEntity[]): Promise<ListItem[]> {
  if (entities.length === 0) return [];
  const rows = await queryRows<{ chunk_id: string; entity_id: string }>(
    tx,
    sql`select r.chunk_id, r.entity_id from unnest(${toArray(entities.map((e) => e.id))}::uuid[])
          with ordinality as m(id, position)
        cross join lateral (
          select r.chunk_id, r.entity_id from entity_document_refs r
          join document_references d on d.id = r.document_id and d.user_id = ${userId} and d.status = 'indexed'
          join document_chunks c on c.id = r.chunk_id and c.user_id = ${userId}
          where r.user_id = ${userId} and r.entity_id = m.id
          order by ${PASSAGES_OF_ENTITY} limit 10
        ) r
        order by m.position
        limit ${LIST_DEPTH}`,
  );
  const byId = new Map(entities.map((e) => [e.id, e]));
  return rows.map((row) => {
    const entity = byId.get(row.entity_id);
    return {
      id: row.chunk_id,
      entity: entity?.name ?? null,
      named: entity ? isNamedThing(entity) : false,
      weight: entity?.weight ?? 0,
    };
  });
}

/** One hop: the passages of the entities most strongly related to the matched ones. */
async function hopList(tx: Db, userId: string, entities: readonly MatchedEntity[]): Promise<ListItem[]> {
  if (entities.length === 0) return [];
  const ids = toArray(entities.map((e) => e.id));
  const rows = await queryRows<{ chunk_id: string; from_id: string; from_name: string; to_name: string }>(
    tx,
    sql`with matched as (select id from unnest(${ids}::uuid[]) as m(id)),
        related as (
          select r.source_entity_id as from_id, r.target_entity_id as to_id, r.weight
          from knowledge_relationships r join matched m on m.id = r.source_entity_id
          where r.user_id = ${userId}
          union all
          select r.target_entity_id, r.source_entity_id, r.weight
          from knowledge_relationships r join matched m on m.id = r.target_entity_id
          where r.user_id = ${userId}
        ),
        strongest as (
          select distinct on (to_id) from_id, to_id, weight from related
          where to_id not in (select id from matched)
          order by to_id, weight desc, from_id
        ),
        top as (
          select s.*, t.name as to_name, t.mention_count from strongest s
          join knowledge_entities t on t.id = s.to_id and t.user_id = ${userId}
          order by s.weight desc, t.mention_count desc, t.name, s.to_id
          limit 10
        )
        select p.chunk_id, f.id as from_id, f.name as from_name, top.to_name
        from top
        join knowledge_entities f on f.id = top.from_id and f.user_id = ${userId}
        cross join lateral (
          select r.chunk_id from entity_document_refs r
          join document_references d on d.id = r.document_id and d.user_id = ${userId} and d.status = 'indexed'
          join document_chunks c on c.id = r.chunk_id and c.user_id = ${userId}
          where r.user_id = ${userId} and r.entity_id = top.to_id
          order by ${PASSAGES_OF_ENTITY} limit 4
        ) p
        order by top.weight desc, top.mention_count desc, top.to_name, top.to_id
        limit ${LIST_DEPTH}`,
  );
  const weights = new Map(entities.map((e) => [e.id, e.weight]));
  return rows.map((row) => ({
    id: row.chunk_id,
    entity: `${row.from_name} → ${row.to_name}`,
    named: false,
    weight: weights.get(row.from_id) ?? 0,
  }));
}

type Candidate = {
  id: string;
  document_id: string;
  title: string;
  filename: string;
  section: string | null;
  page: number | null;
  text: string;
  ranks: number[];
};

/** The candidates' passages with each term's rank in them. */
async function loadCandidates(
  tx: Db,
  userId: string,
  ids: readonly string[],
  terms: readonly Term[],
): Promise<Candidate[]> {
  const ranks: SQL = terms.length > 0 ? rankArray(terms) : sql`array[]::float8[]`;
  return queryRows<Candidate>(
    tx,
    sql`select c.id, c.document_id, d.title, d.filename, c.section, c.page, c.text, ${ranks} as ranks
        from document_chunks c
        join document_references d on d.id = c.document_id and d.user_id = ${userId}
        where c.user_id = ${userId} and c.id = any(${toArray(ids)}::uuid[])`,
  );
}

/** Whether a passage is relevant on its own words, and how much of the question it holds (its weight's share). */
export function judgeRelevance(terms: readonly Term[], ranks: readonly number[]) {
  let held = 0;
  let all = 0;
  let matched = 0;
  let informative = 0;
  terms.forEach((term, index) => {
    // Synonyms rank passages but do not make one relevant: the question's own words must be there.
    if (term.synonym) return;
    all += term.weight;
    if ((ranks[index] ?? 0) > 0) {
      held += term.weight;
      matched += 1;
      if (term.informative) informative += 1;
    }
  });
  const share = all > 0 ? held / all : 0;
  const words = terms.filter((term) => !term.synonym).length;
  // Half of "capital of France" is one word: a passage about capital expenditure does not answer it.
  const relevant =
    (share >= RELEVANT_SHARE && matched >= Math.min(2, words)) ||
    (informative >= RELEVANT_INFORMATIVE.words && share >= RELEVANT_INFORMATIVE.share);
  return { share, relevant };
}

/**
 * The passages of the caller that answer `query` best, each relevant on its own (none when nothing is), with
 * their document, section, page and the entity that led to them.
 */
export function retrievePassages(
  db: Db,
  userId: string,
  query: string,
  options: RetrievalOptions = {},
): Promise<Retrieval> {
  const limit = options.limit ?? 5;
  const perDocument = options.perDocument ?? 2;
  return withUser(db, userId, async (tx) => {
    const { terms, total } = await termsOf(tx, userId, query);
    if (total === 0) return { passages: [], totalPassages: 0, weights: {} };
    const weights = Object.fromEntries(
      terms
        .filter((term) => !term.synonym && /^'[^']+'$/.test(term.tsquery))
        .map((term) => [term.tsquery.slice(1, -1), term.weight]),
    );

    const entities = await matchEntities(tx, userId, query);
    const text = await textList(tx, userId, terms, total);
    const entity = await entityList(tx, userId, entities);
    const hop = await hopList(tx, userId, entities);

    // `named`: the passage mentions an entity the question names, which makes it relevant on its own.
    const fused = new Map<string, { score: number; entity: string | null; named: boolean }>();
    const add = (list: ListItem[], weight: number) => {
      const seen = new Set<string>();
      let rank = 0;
      for (const item of list) {
        if (seen.has(item.id)) continue;
        seen.add(item.id);
        rank += 1;
        const current = fused.get(item.id) ?? { score: 0, entity: null, named: false };
        current.score += (weight * item.weight) / (RRF_K + rank);
        current.entity ??= item.entity;
        current.named ||= item.named;
        fused.set(item.id, current);
      }
    };
    add(
      text.map((id) => ({ id, entity: null, named: false, weight: 1 })),
      LIST_WEIGHT.text,
    );
    add(entity, LIST_WEIGHT.entity);
    add(hop, LIST_WEIGHT.hop);

    // Ties keep the lists' order (a stable sort over entries added text list first).
    const ranked = [...fused.entries()].sort((a, b) => b[1].score - a[1].score);
    const top = ranked.slice(0, Math.max(limit * 10, 50));
    const candidates = new Map(
      (
        await loadCandidates(
          tx,
          userId,
          top.map(([id]) => id),
          terms,
        )
      ).map((c) => [c.id, c]),
    );

    // Relevant on its own (or naming what the question names); then, once one is, passages close behind it
    // support the answer too.
    const judged = top.flatMap(([id, fusedEntry]) => {
      const candidate = candidates.get(id);
      if (!candidate) return [];
      const verdict = judgeRelevance(terms, candidate.ranks);
      const relevant = verdict.relevant || fusedEntry.named;
      const share = verdict.relevant
        ? verdict.share
        : fusedEntry.named
          ? Math.max(verdict.share, RELEVANT_SHARE)
          : verdict.share;
      return [{ candidate, fusedEntry, relevant, share }];
    });
    const best = Math.max(0, ...judged.filter((j) => j.relevant).map((j) => j.share));
    if (best === 0) return { passages: [], totalPassages: total, weights };
    const passages: RetrievedPassage[] = [];
    const perDocumentCount = new Map<string, number>();
    for (const { candidate, fusedEntry, relevant, share } of judged) {
      if (!relevant && share < SUPPORTING_SHARE * best) continue;
      const count = perDocumentCount.get(candidate.document_id) ?? 0;
      if (count >= perDocument) continue;
      perDocumentCount.set(candidate.document_id, count + 1);
      passages.push({
        chunkId: candidate.id,
        documentId: candidate.document_id,
        title: candidate.title,
        filename: candidate.filename,
        section: candidate.section,
        page: candidate.page,
        text: candidate.text,
        relevance: Math.round(share * 1000) / 1000,
        fused: fusedEntry.score,
        entity: fusedEntry.entity,
      });
      if (passages.length >= limit) break;
    }
    return { passages, totalPassages: total, weights };
  });
}
