import { useSearchParams } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AiProviderSection } from '../components/ai-provider-section.tsx';
import { ApiKeysSection } from '../components/api-keys-section.tsx';
import { CrmSection } from '../components/crm-section.tsx';
import { ImportExportSection } from '../components/import-export-section.tsx';
import { WebhooksSection } from '../components/webhooks-section.tsx';

const TABS = [
  { id: 'api', label: 'API keys', Section: ApiKeysSection },
  { id: 'webhooks', label: 'Webhooks', Section: WebhooksSection },
  { id: 'data', label: 'Import & export', Section: ImportExportSection },
  { id: 'ai', label: 'AI provider', Section: AiProviderSection },
  { id: 'crm', label: 'CRM & apps', Section: CrmSection },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** The CRM tiles the address can open (`?salesforce=true`), as the spec's links do. */
export const CRM_PARAMS = ['salesforce', 'hubspot', 'pipedrive', 'dynamics'] as const;

/** Which tab the address asks for: `?tab=`, or the spec's `?ai-llms=true` and `?salesforce=true` links. */
function tabOf(params: URLSearchParams): TabId {
  if (params.get('ai-llms') === 'true') return 'ai';
  if (CRM_PARAMS.some((crm) => params.get(crm) === 'true')) return 'crm';
  const tab = params.get('tab');
  return TABS.find((t) => t.id === tab)?.id ?? 'api';
}

/**
 * `/integrations` (issue 10): what wires Prospector into a team's stack: API keys for the REST API, outgoing
 * webhooks, CSV import and export, the AI provider, and how CRMs connect today.
 */
export function IntegrationsPage() {
  useDocumentTitle('Integrations');
  const [params, setParams] = useSearchParams();
  const active = tabOf(params);
  const { Section } = TABS.find((t) => t.id === active) ?? TABS[0];
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Integrations</h1>
        <p className="text-sm text-muted-foreground">
          Connect Prospector to the rest of your stack: the REST API, webhooks, CSV files, your AI model and
          your CRM.
        </p>
      </header>
      <div role="tablist" aria-label="Integrations" className="flex gap-1 overflow-x-auto border-b">
        {TABS.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`integrations-tab-${tab.id}`}
            aria-selected={tab.id === active}
            aria-controls="integrations-panel"
            onClick={() => setParams({ tab: tab.id })}
            className={cn(
              '-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium transition-colors',
              tab.id === active
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <section id="integrations-panel" role="tabpanel" aria-labelledby={`integrations-tab-${active}`}>
        <Section />
      </section>
    </div>
  );
}
