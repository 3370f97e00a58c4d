import {
  ArrowRight,
  ChartLine,
  Cpu,
  DatabaseZap,
  ExternalLink,
  type LucideIcon,
  Rocket,
  ShieldCheck,
  Workflow,
  Zap,
} from 'lucide-react';
import { Link } from 'react-router';
import { CTA_START_FREE } from '../../../../shared/marketing.ts';
import { PRODUCT_OVERVIEW_PLANS } from '../../../../shared/pricing.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { MarketingImage } from '../components/marketing-image.tsx';
import { ProductPlanCard } from '../components/product-plan-card.tsx';
import { SectionHeader } from '../components/section-header.tsx';

type Feature<Id extends string> = { id: Id; title: string; description: string };

const PRODUCT_HERO = {
  badge: 'Product Overview',
  headline: 'Six AI agents. One workspace for the whole sales motion.',
  subheadline:
    'Prospector brings company and people data, your documents and specialised AI agents together, so research, answers and documents that took weeks are ready while you are still on the call.',
} as const;

const PRODUCT_FEATURES: readonly Feature<'speed' | 'orchestration' | 'analytics' | 'security'>[] = [
  {
    id: 'speed',
    title: 'Lightning Fast Intelligence',
    description:
      '12 weeks of analyst work in 12 minutes. Agents search company data, find people and read your documents in parallel, and return results you can act on straight away.',
  },
  {
    id: 'orchestration',
    title: 'Agent Orchestration',
    description:
      'Describe what you need in plain words. The copilot picks the right agent, fills in the filters, and agents pass companies and contacts on to each other.',
  },
  {
    id: 'analytics',
    title: 'Real-time Analytics',
    description:
      'Follow long-running work as it progresses, see every credit spent in your ledger, and track forecasts and deal momentum for your prospects.',
  },
  {
    id: 'security',
    title: 'Enterprise Security',
    description:
      'Self-hosted, with row-level security per user, httpOnly sessions, argon2id password hashing and audit logs. SSO and security reviews on Enterprise.',
  },
];

const PRODUCT_STEPS: readonly Feature<'ingest' | 'process' | 'act'>[] = [
  {
    id: 'ingest',
    title: 'Data Ingestion',
    description:
      'Bring company and people data, upload your documents (PDF, Word, spreadsheets, Markdown) and describe your ideal customer profile. Documents are split into passages and linked into a knowledge graph.',
  },
  {
    id: 'process',
    title: 'AI Processing',
    description:
      'Agents search, match and reason over that data, with the built-in engine on your own server or with any OpenAI-compatible model you connect.',
  },
  {
    id: 'act',
    title: 'Action & Results',
    description:
      'Get ranked account lists, contacts, cited answers, RFP drafts and account documents, saved to your workspace, exportable and ready to send.',
  },
];

const FEATURE_ICONS: Record<(typeof PRODUCT_FEATURES)[number]['id'], LucideIcon> = {
  speed: Zap,
  orchestration: Workflow,
  analytics: ChartLine,
  security: ShieldCheck,
};

const STEP_ICONS: Record<(typeof PRODUCT_STEPS)[number]['id'], LucideIcon> = {
  ingest: DatabaseZap,
  process: Cpu,
  act: Rocket,
};

/** Spec 1 §2.3 sends 'Start building for free' to /auth; sign-up mode fits the label. */
const START_HREF = '/auth?mode=signup';

/** The product overview page (spec 1 §2.3, spec 2 §2.5). */
export function ProductPage() {
  return (
    <main>
      <section
        aria-labelledby="product-heading"
        className="relative isolate overflow-hidden px-4 pt-16 pb-20 sm:px-6 sm:pt-24 sm:pb-28 lg:px-8"
      >
        <div
          aria-hidden
          className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[radial-gradient(50%_60%_at_30%_0%,color-mix(in_oklab,var(--color-primary)_18%,transparent),transparent)]"
        />
        <div className="mx-auto grid max-w-7xl items-center gap-12 lg:grid-cols-[1fr_1.1fr]">
          <div>
            <Badge variant="secondary" className="px-3 py-1 text-sm">
              {PRODUCT_HERO.badge}
            </Badge>
            <h1
              id="product-heading"
              className="mt-5 text-4xl font-semibold tracking-tight text-balance sm:text-5xl lg:text-6xl"
            >
              {PRODUCT_HERO.headline}
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-muted-foreground">
              {PRODUCT_HERO.subheadline}
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg">
                <Link to={START_HREF}>
                  {CTA_START_FREE}
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/enhanced-pricing">See pricing</Link>
              </Button>
            </div>
          </div>
          <div className="overflow-hidden rounded-3xl border shadow-2xl shadow-primary/15">
            <MarketingImage
              name="agents"
              alt="The six Prospector agents around the copilot that hands work between them"
              width={1200}
              height={630}
              eager
              className="w-full"
            />
          </div>
        </div>
      </section>

      <section
        aria-labelledby="features-heading"
        className="border-y bg-muted/40 px-4 py-20 sm:px-6 sm:py-28 lg:px-8"
      >
        <div className="mx-auto max-w-7xl">
          <SectionHeader
            id="features-heading"
            eyebrow="Platform"
            title="Built to find, understand and act"
            description="The same platform behind every agent: fast research, orchestration between agents, live insight and security you control."
          />
          <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {PRODUCT_FEATURES.map((feature) => {
              const Icon = FEATURE_ICONS[feature.id];
              return (
                <li
                  key={feature.id}
                  data-feature={feature.id}
                  className="rounded-2xl border bg-card p-6 shadow-xs"
                >
                  <span className="flex size-11 items-center justify-center rounded-xl bg-accent text-accent-foreground">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <h3 className="mt-5 font-semibold tracking-tight">{feature.title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{feature.description}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section aria-labelledby="how-heading" className="px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
        <div className="mx-auto max-w-7xl">
          <SectionHeader
            id="how-heading"
            eyebrow="How it works"
            title="From raw data to results in three steps"
          />
          <ol className="mt-14 grid gap-5 md:grid-cols-3">
            {PRODUCT_STEPS.map((step, index) => {
              const Icon = STEP_ICONS[step.id];
              return (
                <li
                  key={step.id}
                  data-step={step.id}
                  className="relative rounded-2xl border bg-card p-6 sm:p-8"
                >
                  <div className="flex items-center justify-between">
                    <span className="flex size-11 items-center justify-center rounded-xl bg-primary text-primary-foreground">
                      <Icon className="size-5" aria-hidden />
                    </span>
                    <span className="text-sm font-semibold text-muted-foreground tabular-nums" aria-hidden>
                      {String(index + 1).padStart(2, '0')}
                    </span>
                  </div>
                  <h3 className="mt-5 text-lg font-semibold tracking-tight">
                    <span className="sr-only">Step {index + 1}: </span>
                    {step.title}
                  </h3>
                  <p className="mt-2 leading-relaxed text-muted-foreground">{step.description}</p>
                </li>
              );
            })}
          </ol>
        </div>
      </section>

      <section
        aria-labelledby="plans-heading"
        className="border-y bg-muted/40 px-4 py-20 sm:px-6 sm:py-28 lg:px-8"
      >
        <div className="mx-auto max-w-6xl">
          <SectionHeader
            id="plans-heading"
            eyebrow="Plans"
            title="Start small, grow into every agent"
            description="Try one agent on your own pipeline, then bring in the whole team."
          />
          <div className="mt-14 grid gap-5 md:grid-cols-3">
            {PRODUCT_OVERVIEW_PLANS.map((plan) => (
              <ProductPlanCard key={plan.name} plan={plan} />
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="product-cta-heading" className="px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
        <div className="relative isolate mx-auto max-w-4xl overflow-hidden rounded-3xl bg-primary px-6 py-14 text-center text-primary-foreground sm:px-12">
          <div
            aria-hidden
            className="absolute inset-0 -z-10 bg-[radial-gradient(60%_80%_at_50%_0%,rgb(255_255_255/0.18),transparent)]"
          />
          <h2
            id="product-cta-heading"
            className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
          >
            Put your AI sales team to work today
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-pretty opacity-90">
            Create an account in under a minute and run your first search before your next call.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg" variant="secondary">
              <Link to={START_HREF}>{CTA_START_FREE}</Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="ghost"
              className="text-primary-foreground hover:bg-white/15 hover:text-primary-foreground"
            >
              <a href="/app" target="_blank" rel="noopener noreferrer">
                Open the app
                <ExternalLink aria-hidden />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </Button>
          </div>
        </div>
      </section>
    </main>
  );
}
