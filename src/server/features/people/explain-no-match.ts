/**
 * Why a people search for a title at a company found nobody (issue 25): the company is not in the user's data,
 * or we hold nobody there, or nobody there has that title; in the last case, the titles held at the company
 * that come closest to the one asked for, so the user can take one with a click.
 */
import { sql } from 'drizzle-orm';
import { classifyTitle, normalizeTitle, type PeopleNoMatch, SENIORITIES } from '../../../shared/people.ts';
import type { Caller } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { withUser } from '../../db/user-scope.ts';

/** Titles offered instead. */
const CLOSEST_TITLES = 5;
/** Distinct titles read at the companies, most held first: a big employer's long tail adds nothing. */
const TITLES_READ = 2000;

/** A title's words as the search matches them: normalised (CISO -> chief information security officer). */
const wordsOf = (title: string) => new Set(normalizeTitle(title).split(' ').filter(Boolean));

const rankOf = (seniority: string) => SENIORITIES.indexOf(seniority as (typeof SENIORITIES)[number]);

/**
 * How close a held title is to the wanted one: the share of words they have in common (Jaccard), plus the
 * same function (a security title for a security title) and, less, a near rank (a VP for a chief more than
 * an engineer). 0 when neither words nor function are shared: such a title is not offered.
 */
export function titleCloseness(wanted: string, held: string): number {
  const a = wordsOf(wanted);
  const b = wordsOf(held);
  const common = [...a].filter((word) => b.has(word)).length;
  const union = a.size + b.size - common;
  const want = classifyTitle(wanted);
  const have = classifyTitle(held);
  const sameFunction = want.department === have.department && want.department !== 'other';
  if (common === 0 && !sameFunction) return 0;
  const rankGap = Math.abs(rankOf(want.seniority) - rankOf(have.seniority)) / (SENIORITIES.length - 1);
  return (union > 0 ? common / union : 0) + (sameFunction ? 0.6 : 0) + 0.25 * (1 - rankGap);
}

type CompanyRow = { id: string; name: string };
type TitleRow = { title: string; count: number };

/** The companies the search named (by name or domain, as the search matches them, or by id). */
function companiesNamed(tx: Db, names: readonly string[], companyId: string | undefined) {
  const lowered = names.map((name) => name.trim().toLowerCase()).filter(Boolean);
  const byName = `{${lowered.map((name) => `"${name.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
  return queryRows<CompanyRow>(
    tx,
    sql`select id, name from company_master
      where lower(name) = any(${byName}::text[]) or lower(domain) = any(${byName}::text[])
        ${companyId ? sql`or id = ${companyId}::uuid` : sql``}
      order by name limit 20`,
  );
}

/** The distinct titles held at these companies with how many hold each, most held first. */
function titlesAt(tx: Db, companyIds: readonly string[]) {
  return queryRows<TitleRow>(
    tx,
    sql`select min(title) as title, count(*)::int as count from company_contacts
      where company_id = any(${`{${companyIds.join(',')}}`}::uuid[]) and title is not null and title <> ''
      group by coalesce(title_normalized, lower(title))
      order by count(*) desc, min(title) limit ${TITLES_READ}`,
  );
}

const quoted = (text: string) => `“${text}”`;
const joinedOr = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;

/** "CISO at Microsoft" -> CISO and Microsoft (at the last " at ", so "Head of Sales at Large at Acme" works). */
function splitAtCompany(title: string): { title: string; company: string } | null {
  const match = /^(.*\S)\s+(?:at|@)\s+(\S.*)$/i.exec(title.trim());
  return match?.[1] && match[2] ? { title: match[1], company: match[2] } : null;
}

/**
 * A title typed with its company ("CISO at Microsoft") and no company named: when the words after "at" name a
 * company the caller sees, the search they meant, offered rather than run (the user sees what is searched).
 */
async function titleNamingCompany(db: Db, caller: Caller, typed: string): Promise<PeopleNoMatch | null> {
  const split = splitAtCompany(typed);
  if (!split || wordsOf(split.title).size === 0) return null;
  const [company] = await withUser(db, caller.id, (tx) => companiesNamed(tx, [split.company], undefined));
  if (!company) return null;
  return {
    reason: 'title_names_company',
    message: `Nobody has the job title ${quoted(typed)}: ${company.name} is a company in your data. Search for the title ${quoted(split.title)} at ${company.name} instead.`,
    company: company.name,
    closestTitles: [],
    suggestion: { title: split.title, company: company.name },
  };
}

/**
 * Why nobody has `title` at the named companies, as the caller sees the data; null when people there do hold
 * the title (the search's other filters left them out, which the usual "no match" already says). With no
 * company named, only a title that names one ("CISO at Microsoft") is explained.
 */
export async function explainNoMatch(
  db: Db,
  caller: Caller,
  search: { title: string; companies: readonly string[]; companyId?: string },
): Promise<PeopleNoMatch | null> {
  const wanted = wordsOf(search.title);
  if (wanted.size === 0) return null;
  if (search.companies.length === 0 && !search.companyId) return titleNamingCompany(db, caller, search.title);
  return withUser(db, caller.id, async (tx) => {
    const companies = await companiesNamed(tx, search.companies, search.companyId);
    if (companies.length === 0) {
      const asked = joinedOr(search.companies.map((name) => name.trim()).filter(Boolean));
      return {
        reason: 'unknown_company',
        message: `No company called ${quoted(asked)} in your data, so no contact there.`,
        company: asked,
        closestTitles: [],
        suggestion: null,
      };
    }
    const company = joinedOr([...new Set(companies.map((c) => c.name))]);
    const titles = await titlesAt(
      tx,
      companies.map((c) => c.id),
    );
    if (titles.length === 0) {
      return {
        reason: 'no_contacts',
        message: `No contacts at ${company} in your data, with the title ${quoted(search.title)} or any other.`,
        company,
        closestTitles: [],
        suggestion: null,
      };
    }
    if (titles.some((held) => [...wanted].every((word) => wordsOf(held.title).has(word)))) return null;
    const closestTitles = titles
      .map((held) => ({ ...held, closeness: titleCloseness(search.title, held.title) }))
      .filter((held) => held.closeness > 0)
      .sort((a, b) => b.closeness - a.closeness || b.count - a.count || a.title.localeCompare(b.title))
      .slice(0, CLOSEST_TITLES)
      .map(({ title, count }) => ({ title, count }));
    return {
      reason: 'no_title',
      message: `No contact with the title ${quoted(search.title)} at ${company} in your data.`,
      company,
      closestTitles,
      suggestion: null,
    };
  });
}
