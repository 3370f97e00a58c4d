import { ArrowLeft, Newspaper, Radar } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { companyNews, companySignals, type FeedItem } from '../../../../shared/company-feed.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { companyPath } from '../../../lib/company-path.ts';
import { formatDate } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCompany } from '../api.ts';
import { CompanyNotFound } from '../components/company-not-found.tsx';

type Kind = 'news' | 'signals';

const TEXT: Record<Kind, { title: string; empty: (name: string) => string; sources: string[] }> = {
  news: {
    title: 'Company news',
    empty: (name) => `No news about ${name} yet`,
    sources: [
      'Mentions of the company in documents you upload to your knowledge base, newest first, each linked to the passage.',
      'Changes in your own records: when you saved the company, and changes to its status, tags and notes.',
    ],
  },
  signals: {
    title: 'AI signals',
    empty: (name) => `No signals about ${name} yet`,
    sources: [
      'Signals found in your own documents: the company mentioned in a new proposal, RFP or meeting note.',
      'Changes in your own records that suggest a next step, such as a status that has not moved for a while.',
    ],
  },
};

/**
 * `/company-news/{companyName}` and `/ai-signals/{companyName}`: built only from data the user holds (their
 * My Companies entry, import and ICP fit), with an honest empty state that says what would appear here.
 * Never invented news or signals.
 */
export function CompanyFeedPage({ kind }: { kind: Kind }) {
  const { companyName = '' } = useParams();
  const company = useCompany(companyName);
  const text = TEXT[kind];
  const name = company.data?.name ?? companyName;
  useDocumentTitle(`${text.title}: ${name}`);
  const Icon = kind === 'news' ? Newspaper : Radar;

  if (company.error instanceof ApiError && company.error.status === 404) {
    return <CompanyNotFound name={companyName} />;
  }
  const back = company.data ? companyPath(company.data) : null;
  const items = !company.data
    ? []
    : kind === 'news'
      ? companyNews(company.data)
      : companySignals(company.data, new Date());

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-10">
      {back && (
        <Link
          to={back}
          className="inline-flex items-center gap-1.5 self-start text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {name}
        </Link>
      )}
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {text.title}: {name}
      </h1>
      {company.isError ? (
        <LoadError message="Failed to load the company" onRetry={() => void company.refetch()} />
      ) : !company.data ? (
        <Skeleton className="h-56 w-full" />
      ) : items.length > 0 ? (
        <FeedList items={items} kind={kind} />
      ) : (
        <Card>
          <CardContent className="flex flex-col items-center gap-4 p-8 text-center" data-empty-feed={kind}>
            <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <Icon className="size-6" aria-hidden />
            </span>
            <h2 className="text-lg font-semibold">{text.empty(company.data.name)}</h2>
            <p className="max-w-lg text-sm text-muted-foreground">
              This page shows only what comes from data you hold, so it stays empty until there is some. We do
              not make up news or signals. What will appear here:
            </p>
            <ul className="flex max-w-lg list-disc flex-col gap-2 pl-5 text-left text-sm">
              {text.sources.map((source) => (
                <li key={source}>{source}</li>
              ))}
            </ul>
            {back && (
              <Button asChild variant="outline">
                <Link to={back}>Back to {company.data.name}</Link>
              </Button>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}

function FeedList({ items, kind }: { items: FeedItem[]; kind: Kind }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        {kind === 'news'
          ? 'From your own records, newest first. Mentions in your documents will join them.'
          : 'Next steps your own records suggest. Signals from your documents will join them.'}
      </p>
      <ol className="flex flex-col gap-3" aria-label={TEXT[kind].title}>
        {items.map((item) => (
          <li key={item.kind}>
            <Card>
              <CardContent className="flex flex-col gap-1 p-4 sm:p-5" data-feed-item={item.kind}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <h2 className="font-medium">{item.title}</h2>
                  {item.at && (
                    <time dateTime={item.at} className="text-sm text-muted-foreground">
                      {formatDate(item.at)}
                    </time>
                  )}
                </div>
                <p className="text-sm text-muted-foreground">{item.detail}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ol>
    </div>
  );
}
