/**
 * What the next document is made of: the template, the company, the contact, the prospect and the notes.
 * The company comes first from the company context in the address (spec 1 §3: Company Finder's companies
 * "selected for generation", or a hand-off); the one chosen is written back to the front of that list, so the
 * shared workflow, which reads the address, records it as the company being worked on.
 */
import { useQueries } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  type CompanyContext,
  type ContextCompany,
  parseCompanyContext,
} from '../../../shared/company-context.ts';
import { DOC_TEMPLATES, type DocTemplate, type GenerateRequest } from '../../../shared/docgen.ts';
import type { ProspectSummary } from '../../../shared/prospects.ts';
import { isUuid } from '../../../shared/uuid.ts';
import { useCompanyContext } from '../../lib/company-context.ts';
import { type CompanyOption, companyQueryOptions, useProspectOptions } from './api.ts';

/** A company of the context, as found in our data (or not). */
export type ContextChoice = {
  key: string;
  name: string;
  company: CompanyOption | null;
  status: 'pending' | 'found' | 'missing';
};

const DEFAULT_TEMPLATE: DocTemplate = 'proposal';

/** The context's id for a company when it carries one (`id` or `companyId`), else its exact name. */
const lookupOf = (company: ContextCompany): string => {
  for (const field of ['id', 'companyId'] as const) {
    const value = company[field];
    if (typeof value === 'string' && isUuid(value)) return value;
  }
  return company.name.trim();
};

function contextInAddress(search: string): CompanyContext | null {
  try {
    return parseCompanyContext(search);
  } catch (err) {
    console.warn('Ignoring the companies query parameter:', err instanceof Error ? err.message : err);
    return null;
  }
}

const sameCompany = (a: ContextCompany, b: { id: string; name: string }) =>
  a.id === b.id || a.companyId === b.id || a.name.trim().toLowerCase() === b.name.trim().toLowerCase();

export function useComposer() {
  const [params, setParams] = useSearchParams();
  const stored = useCompanyContext();
  // The context the page was opened with; the page's own writes to the address do not change it.
  const [opened] = useState(() => contextInAddress(params.toString()));
  const context = opened ?? stored;
  const entries = useMemo(
    () =>
      (context?.companies ?? []).filter(
        (company, index, all) => all.findIndex((other) => lookupOf(other) === lookupOf(company)) === index,
      ),
    [context],
  );

  const lookups = useQueries({
    queries: entries.map((entry) => companyQueryOptions(lookupOf(entry))),
  });
  const choices: ContextChoice[] = entries.map((entry, index) => {
    const lookup = lookups[index];
    return {
      key: lookupOf(entry),
      name: entry.name,
      company: lookup?.data ?? null,
      status: lookup?.data ? 'found' : lookup?.isError ? 'missing' : 'pending',
    };
  });

  const [template, setTemplate] = useState<DocTemplate>(DEFAULT_TEMPLATE);
  const [company, setCompanyState] = useState<CompanyOption | null>(null);
  /** The user chose or cleared a company: the context no longer picks one. */
  const [chosen, setChosen] = useState(false);
  const [contact, setContact] = useState<{ id: string; name: string } | null>(null);
  const [prospectId, setProspectId] = useState('');
  /** The company the prospect was last prefilled for. */
  const [prefilledFor, setPrefilledFor] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const prospects = useProspectOptions();

  // Spec 1 §3: the first company of the context is the one to write for, once we know it.
  const firstFound = choices.find((choice) => choice.status !== 'missing');
  const contextCompany = firstFound?.company ?? null;
  useEffect(() => {
    if (!chosen && !company && contextCompany) setCompanyState(contextCompany);
  }, [chosen, company, contextCompany]);

  // The prospect follows the company: the user's prospect for it, when there is one.
  useEffect(() => {
    if (!company || !prospects.data || prefilledFor === company.id) return;
    setProspectId(prospects.data.find((prospect) => prospect.company?.id === company.id)?.id ?? '');
    setPrefilledFor(company.id);
  }, [company, prospects.data, prefilledFor]);

  const recordInAddress = useCallback(
    (next: CompanyOption | null) =>
      setParams(
        (current) => {
          const address = new URLSearchParams(current);
          const rest = entries.filter((entry) => !next || !sameCompany(entry, next));
          const list = next ? [{ id: next.id, name: next.name }, ...rest] : rest;
          if (list.length > 0) address.set('companies', JSON.stringify(list));
          else address.delete('companies');
          return address;
        },
        { replace: true },
      ),
    [entries, setParams],
  );

  const setCompany = useCallback(
    (next: CompanyOption | null) => {
      setChosen(true);
      setCompanyState(next);
      setContact(null);
      if (!next) {
        setProspectId('');
        setPrefilledFor(null);
      }
      recordInAddress(next);
    },
    [recordInAddress],
  );

  /** A prospect of another company brings its company along. */
  const chooseProspect = useCallback(
    (id: string) => {
      setProspectId(id);
      const prospect: ProspectSummary | undefined = prospects.data?.find((p) => p.id === id);
      if (prospect?.company && prospect.company.id !== company?.id) {
        const next = {
          id: prospect.company.id,
          name: prospect.company.name,
          location: null,
          primaryIndustry: null,
        };
        setChosen(true);
        setCompanyState(next);
        setContact(null);
        setPrefilledFor(next.id);
        recordInAddress(next);
      }
    },
    [company, prospects.data, recordInAddress],
  );

  const request: GenerateRequest = {
    template,
    ...(company ? { companyId: company.id } : {}),
    ...(contact ? { contactId: contact.id } : {}),
    ...(prospectId ? { prospectId } : {}),
    ...(notes.trim() ? { notes: notes.trim() } : {}),
  };

  return {
    context,
    choices,
    /** The context's companies are still being looked up, and none is chosen yet. */
    resolving: !chosen && !company && choices.some((choice) => choice.status === 'pending'),
    template,
    setTemplate: (next: string) => {
      if ((DOC_TEMPLATES as readonly string[]).includes(next)) setTemplate(next as DocTemplate);
    },
    company,
    setCompany,
    contact,
    setContact,
    prospectId,
    chooseProspect,
    prospects,
    notes,
    setNotes,
    request,
  };
}

export type Composer = ReturnType<typeof useComposer>;
