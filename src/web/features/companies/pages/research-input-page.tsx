import { BookmarkPlus, ListChecks, Loader2, Table2, Upload } from 'lucide-react';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  type LineMatch,
  listLines,
  MATCH_MAX_LINE_LENGTH,
  MATCH_MAX_LINES,
  type MatchCandidate,
  matchSummary,
} from '../../../../shared/company-match.ts';
import { AddToProject } from '../../../components/add-to-project.tsx';
import { reportSaveMany } from '../../../components/research-layout.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toastFailure } from '../../../lib/toast.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSaveMany } from '../api.ts';
import { MatchResults, pickedCompany } from '../components/match-results.tsx';
import { useMatchCompanies } from '../match-api.ts';
import { MAX_NAMED, researchHref } from '../search-params.ts';

/** A list of 500 companies is a few KB; anything much larger is not one. */
const MAX_FILE_BYTES = 1024 * 1024;

/** What is wrong with the list before it is sent, or null. */
function listProblem(lines: readonly string[]): string | null {
  if (lines.length === 0) return 'Paste or upload at least one company name, domain or ticker.';
  if (lines.length > MATCH_MAX_LINES) {
    return `The list has ${lines.length} companies: match at most ${MATCH_MAX_LINES} at a time.`;
  }
  const long = lines.findIndex((line) => line.length > MATCH_MAX_LINE_LENGTH);
  return long >= 0
    ? `Line ${long + 1} is longer than ${MATCH_MAX_LINE_LENGTH} characters: shorten or remove it.`
    : null;
}

/** The first column of a text or CSV file, a company a line. */
async function readList(file: File): Promise<string> {
  const text = await file.text();
  if (!/\.csv$/i.test(file.name) && file.type !== 'text/csv') return text;
  const { parse } = await import('papaparse');
  return parse<string[]>(text, { skipEmptyLines: true })
    .data.map((row) => row[0] ?? '')
    .join('\n');
}

/** The chosen companies, once each, in the list's order. */
function chosenCompanies(matches: readonly LineMatch[], picks: Record<number, string>): MatchCandidate[] {
  const byId = new Map<string, MatchCandidate>();
  matches.forEach((match, i) => {
    const company = pickedCompany(match, picks[i]);
    if (company && !byId.has(company.id)) byId.set(company.id, company);
  });
  return [...byId.values()];
}

/**
 * `/research-input`: paste or upload a list of company names, domains or tickers; each line is matched to a
 * company with a confidence and the reason, the unclear ones offer candidates to pick, and the companies open
 * as a research table or go to My Companies or a sales project in one click.
 */
export function ResearchInputPage() {
  useDocumentTitle('Research Input');
  const id = useId();
  const navigate = useNavigate();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [picks, setPicks] = useState<Record<number, string>>({});
  const match = useMatchCompanies();
  const saveMany = useSaveMany();
  const lines = useMemo(() => listLines(text), [text]);
  const matches = match.data?.matches ?? null;
  const chosen = useMemo(() => chosenCompanies(matches ?? [], picks), [matches, picks]);
  const ids = chosen.map((company) => company.id);

  const onMatch = (event: FormEvent) => {
    event.preventDefault();
    const found = listProblem(lines);
    setProblem(found);
    if (found) return;
    match.mutate(lines, {
      onSuccess: (result) =>
        setPicks(
          Object.fromEntries(result.matches.flatMap((m, i) => (m.company ? [[i, m.company.id]] : []))),
        ),
      onError: (err) => toastFailure('Could not match the list', err),
    });
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setProblem('The file is larger than 1 MB: upload a list of company names, domains or tickers.');
      return;
    }
    try {
      setText(await readList(file));
      setProblem(null);
    } catch {
      setProblem('The file could not be read: upload a text or CSV file.');
    }
  };

  const onSaveAll = () =>
    saveMany.mutate(ids, {
      onSuccess: (result) =>
        reportSaveMany(result, { list: 'My Companies', one: 'company', many: 'companies' }),
      onError: (err) => toastFailure('Could not save the companies', err),
    });

  const chosenName = chosen.length === 1 ? (chosen[0]?.name ?? '') : `${chosen.length} companies`;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Research Input</h1>
        <p className="text-muted-foreground">
          Paste or upload a list of companies. Each line is matched to a company with how sure the match is
          and why; the result opens as a research table, or goes to My Companies or a sales project in one
          click.
        </p>
      </header>

      <form onSubmit={onMatch} className="flex flex-col gap-3">
        <Label htmlFor={`${id}-list`}>Companies, one per line: name, domain or ticker</Label>
        <Textarea
          id={`${id}-list`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={8}
          placeholder={'Stripe\nmicrosoft.com\nAAPL'}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
          spellCheck={false}
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {lines.length === 1 ? '1 company' : `${lines.length} companies`} (at most {MATCH_MAX_LINES}). A CSV
          file gives its first column. Matching is free.
        </p>
        {problem && (
          <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={match.isPending}>
            {match.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <ListChecks aria-hidden />}
            Match
          </Button>
          <Button type="button" variant="outline" onClick={() => fileInput.current?.click()}>
            <Upload aria-hidden />
            Upload a file
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".txt,.csv,text/plain,text/csv"
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            onChange={(event) => {
              void onFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </div>
      </form>

      {matches && (
        <section aria-labelledby={`${id}-results`} className="flex flex-col gap-4" data-match-section>
          <div className="flex flex-col gap-1">
            <h2 id={`${id}-results`} className="text-lg font-semibold tracking-tight">
              Matches
            </h2>
            <p role="status" className="text-sm text-muted-foreground" data-match-summary>
              {matchSummary(matches)}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2" data-match-actions>
            <span className="text-sm font-medium">
              {chosen.length === 1 ? '1 company chosen' : `${chosen.length} companies chosen`}
            </span>
            <Button
              onClick={() =>
                navigate(researchHref({ companies: chosen.map((c) => c.name).slice(0, MAX_NAMED) }))
              }
              disabled={chosen.length === 0}
            >
              <Table2 aria-hidden />
              Open as research table
            </Button>
            <Button
              variant="outline"
              onClick={onSaveAll}
              disabled={chosen.length === 0 || saveMany.isPending}
            >
              {saveMany.isPending ? (
                <Loader2 className="animate-spin" aria-hidden />
              ) : (
                <BookmarkPlus aria-hidden />
              )}
              Save all to My Companies
            </Button>
            <AddToProject kind="company" refIds={ids} name={chosenName} />
          </div>
          {chosen.length > MAX_NAMED && (
            <p className="text-sm text-muted-foreground">
              The research table opens with the first {MAX_NAMED} of them; saving and adding to a project take
              all {chosen.length}.
            </p>
          )}
          <MatchResults
            matches={matches}
            picks={picks}
            onPick={(line, companyId) => setPicks((current) => ({ ...current, [line]: companyId }))}
          />
        </section>
      )}
    </div>
  );
}
