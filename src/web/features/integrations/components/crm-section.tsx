import { ArrowRightLeft, ExternalLink, FileSpreadsheet, KeyRound, Webhook } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';

type Crm = {
  /** The address opens and highlights the tile with `?{id}=true` (the page's CRM_PARAMS). */
  id: 'salesforce' | 'hubspot' | 'pipedrive' | 'dynamics';
  name: string;
  csv: string;
  api: string;
  webhook: string;
  back: string;
};

/** What works today with each CRM: honest recipes with the files, API and webhooks Prospector has. */
const CRMS: readonly Crm[] = [
  {
    id: 'salesforce',
    name: 'Salesforce',
    csv: 'Export prospects (or My Companies) as CSV, then in Salesforce open Setup > Data Import Wizard > Accounts and Contacts, upload the file and map Name to Account Name. My People goes in the same way as contacts.',
    api: 'Create an API key with prospects:read, then have a scheduled Flow, Apex job or script read GET /api/v1/prospects (Authorization: Bearer <key>) and upsert Accounts by name.',
    webhook:
      'Send prospect.created to a Zapier, Make or n8n webhook and add a "Create Record" step (object: Account or Lead) that maps name and status; prospect.status_changed can update the same record.',
    back: 'A Salesforce report exported as CSV imports into My Companies (Account Name, Website, Industry, Billing Country are recognised).',
  },
  {
    id: 'hubspot',
    name: 'HubSpot',
    csv: 'Export My Companies as CSV, then in HubSpot go to Contacts > Import > Start an import > File from computer > One file > Companies, and map Domain to Company domain name so HubSpot deduplicates.',
    api: 'With an API key (companies:read, prospects:read), a HubSpot custom-coded workflow action or a small script reads GET /api/v1/prospects and writes Companies through HubSpot\u2019s own API.',
    webhook:
      'Point a webhook for prospect.created at Zapier, Make or n8n and add HubSpot\u2019s "Create Company" (or "Create Deal") action; map prospect.status_changed to a deal stage update.',
    back: 'A HubSpot companies export (CSV) imports into My Companies: Company name, Company Domain Name, Industry and Country are recognised.',
  },
  {
    id: 'pipedrive',
    name: 'Pipedrive',
    csv: 'Export prospects as CSV, then in Pipedrive use Import data > From a spreadsheet, choose Organizations (or Deals) and map Name and Status.',
    api: 'A script with an API key (prospects:read) reads GET /api/v1/prospects and creates Organizations and Deals through Pipedrive\u2019s API.',
    webhook:
      'Send prospect.created to Zapier, Make or n8n and add Pipedrive\u2019s "Create Organization" and "Create Deal" steps.',
    back: 'A Pipedrive organizations export (CSV) imports into My Companies.',
  },
  {
    id: 'dynamics',
    name: 'Microsoft Dynamics 365',
    csv: 'Export prospects or My Companies as CSV, then in Dynamics 365 Sales open Accounts and choose Import from CSV, mapping Name to Account Name.',
    api: 'A Power Automate flow on a schedule calls GET /api/v1/prospects with an HTTP action (Authorization: Bearer <key>) and adds or updates Account rows in Dataverse.',
    webhook:
      'Use a Power Automate flow started by "When a HTTP request is received" as the webhook URL for prospect.created, then "Add a new row" to Accounts (or send it through Zapier, Make or n8n).',
    back: 'An Accounts view exported from Dynamics (CSV) imports into My Companies.',
  },
];

/**
 * Integrations > CRM & apps (`?salesforce=true`, `?hubspot=true`, `?pipedrive=true`, `?dynamics=true`): no native
 * connector is built; each tile says so and gives the path that works today (CSV, the REST API, webhooks).
 */
export function CrmSection() {
  const [params] = useSearchParams();
  const asked = CRMS.find((crm) => params.get(crm.id) === 'true')?.id ?? null;
  return (
    <div className="flex flex-col gap-4">
      <div
        className="max-w-3xl rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm"
        role="note"
      >
        <p className="font-medium">No native CRM connector is built yet.</p>
        <p className="mt-1 text-muted-foreground">
          Prospector does not sign in to your CRM or sync with it on its own. Three paths work today: CSV
          files you import into your CRM, the REST API with an API key, and webhooks that an automation tool
          (Zapier, Make, n8n, Power Automate) turns into CRM records.
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {CRMS.map((crm) => (
          <CrmTile key={crm.id} crm={crm} highlighted={crm.id === asked} />
        ))}
      </div>
    </div>
  );
}

function CrmTile({ crm, highlighted }: { crm: Crm; highlighted: boolean }) {
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [highlighted]);
  return (
    <section ref={ref} aria-labelledby={id} data-crm={crm.id} aria-current={highlighted ? 'true' : undefined}>
      <Card className={cn('h-full', highlighted && 'border-primary ring-2 ring-primary/30')}>
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={id} className="flex items-center gap-2 text-lg font-semibold tracking-tight">
              <ArrowRightLeft className="size-5" aria-hidden="true" />
              {crm.name}
            </h2>
            <Badge variant="outline">Not built</Badge>
          </div>
          <CardDescription>
            A native connector is not built. What works with {crm.name} today:
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ol className="flex flex-col gap-3 text-sm">
            <Path
              icon={<FileSpreadsheet aria-hidden="true" />}
              title="CSV export and import"
              to="?tab=data"
              link="Import & export"
            >
              {crm.csv} {crm.back}
            </Path>
            <Path
              icon={<KeyRound aria-hidden="true" />}
              title="REST API with an API key"
              to="?tab=api"
              link="API keys"
            >
              {crm.api}{' '}
              <a href="/api/docs" className="inline-flex items-center gap-1 underline underline-offset-4">
                API docs
                <ExternalLink className="size-3" aria-hidden="true" />
              </a>
            </Path>
            <Path icon={<Webhook aria-hidden="true" />} title="Webhooks" to="?tab=webhooks" link="Webhooks">
              {crm.webhook}
            </Path>
          </ol>
        </CardContent>
      </Card>
    </section>
  );
}

function Path({
  icon,
  title,
  to,
  link,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  to: string;
  link: string;
  children: React.ReactNode;
}) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 text-muted-foreground [&_svg]:size-4">{icon}</span>
      <div className="flex flex-col gap-1">
        <p className="font-medium">
          {title} ·{' '}
          <Link to={to} className="font-normal text-primary underline-offset-4 hover:underline">
            {link}
          </Link>
        </p>
        <p className="text-muted-foreground">{children}</p>
      </div>
    </li>
  );
}
