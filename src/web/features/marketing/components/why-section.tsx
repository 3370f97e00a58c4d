import { type LucideIcon, Plug, ShieldCheck, Target, TrendingUp } from 'lucide-react';
import { SectionHeader } from './section-header.tsx';

const WHY_REASONS: readonly {
  id: 'sales' | 'integrations' | 'security' | 'roi';
  title: string;
  description: string;
}[] = [
  {
    id: 'sales',
    title: 'Purpose-built for sales',
    description:
      'Every agent does one sales job: finding accounts, mapping buyers, answering questions, responding to RFPs or writing account plans. They work with ideal customer profiles, accounts and buying committees, not generic chat.',
  },
  {
    id: 'integrations',
    title: 'Seamless integrations',
    description:
      'Import and export CSV, automate through a documented REST API with your own API keys, receive webhooks, and connect any OpenAI-compatible model: OpenAI, Azure, Ollama or vLLM.',
  },
  {
    id: 'security',
    title: 'Enterprise-grade security',
    description:
      'Run it on your own infrastructure. Passwords are stored only as salted argon2id hashes, sessions live in httpOnly cookies, and PostgreSQL row-level security keeps each user’s data apart.',
  },
  {
    id: 'roi',
    title: 'Proven ROI',
    description:
      'Research 10x faster with 94% accuracy, and put $2M+ of pipeline within reach. Every run is metered in credits, so you always see what each result cost.',
  },
];

const ICONS: Record<(typeof WHY_REASONS)[number]['id'], LucideIcon> = {
  sales: Target,
  integrations: Plug,
  security: ShieldCheck,
  roi: TrendingUp,
};

/** 'Why teams choose' (spec 1 §2.2). */
export function WhySection() {
  return (
    <section
      data-section="why"
      aria-labelledby="why-heading"
      className="border-y bg-muted/40 px-4 py-20 sm:px-6 sm:py-28 lg:px-8"
    >
      <div className="mx-auto max-w-7xl">
        <SectionHeader
          id="why-heading"
          eyebrow="Why Prospector"
          title="Why teams choose Prospector"
          description="Built for the way sales teams work, and for the way their IT teams want software to run."
        />
        <ul className="mt-14 grid gap-5 sm:grid-cols-2">
          {WHY_REASONS.map((reason) => {
            const Icon = ICONS[reason.id];
            return (
              <li key={reason.id} className="rounded-2xl border bg-card p-6 shadow-xs sm:p-8">
                <span className="flex size-11 items-center justify-center rounded-xl bg-accent text-accent-foreground">
                  <Icon className="size-5" aria-hidden />
                </span>
                <h3 className="mt-5 text-lg font-semibold tracking-tight">{reason.title}</h3>
                <p className="mt-2 leading-relaxed text-muted-foreground">{reason.description}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
