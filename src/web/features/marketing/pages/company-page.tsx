import { ArrowRight, Boxes, Code2, DatabaseZap, type LucideIcon, ServerCog } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { PROSE } from '../components/legal-document.tsx';

const PRINCIPLES: readonly { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: ServerCog,
    title: 'Works out of the box',
    text: 'One install command gives a working product with an embedded database, demo data and a built-in AI engine. No API key, no cloud account.',
  },
  {
    icon: DatabaseZap,
    title: 'The server is the source of truth',
    text: 'Credits, permissions, validation and passwords are enforced on the server and in the database, never only in the browser.',
  },
  {
    icon: Boxes,
    title: 'Real parts',
    text: 'Real PostgreSQL everywhere, the embedded one included, so the same SQL runs on a laptop and in production.',
  },
  {
    icon: Code2,
    title: 'Open by default',
    text: 'The code, the API description and the architecture notes are all there to read, audit and change.',
  },
];

/** About the open-source project (spec 1 §2.1 /company). */
export function CompanyPage() {
  return (
    <main>
      <section aria-labelledby="company-heading" className="px-4 pt-16 pb-16 sm:px-6 sm:pt-24 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          <p className="text-sm font-semibold text-primary">About</p>
          <h1
            id="company-heading"
            className="mt-2 text-4xl font-semibold tracking-tight text-balance sm:text-6xl"
          >
            Sales intelligence you can run yourself
          </h1>
          <p className="mt-6 text-lg leading-relaxed text-pretty text-muted-foreground sm:text-xl">
            Prospector is an open-source AI sales-agent platform. Any team can install it on its own
            infrastructure, point it at its own data, and give every seller a research team of AI agents.
          </p>
        </div>
      </section>

      <section aria-labelledby="principles-heading" className="px-4 pb-20 sm:px-6 lg:px-8">
        <h2 id="principles-heading" className="sr-only">
          Principles
        </h2>
        <ul className="mx-auto grid max-w-6xl gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {PRINCIPLES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border bg-card p-6 shadow-xs">
              <span className="flex size-10 items-center justify-center rounded-xl bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-4 font-semibold tracking-tight">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="story-heading"
        className="border-t bg-muted/40 px-4 py-20 sm:px-6 sm:py-24 lg:px-8"
      >
        <div className="mx-auto max-w-3xl">
          <div className={PROSE}>
            <h2 id="story-heading" className="mt-0!">
              Our mission
            </h2>
            <p>
              Sales teams spend most of their week looking for information: which companies fit, who to talk
              to, what the answer to a customer&apos;s question is, and where last year&apos;s proposal went.
              The tools that do this well are expensive, closed, and keep your data on someone else&apos;s
              servers. Prospector&apos;s mission is to give every sales team that capability on terms they
              control.
            </p>

            <h2>Open source</h2>
            <p>
              The whole platform, from the agents and the knowledge graph to the credit system and this
              website, is published under the MIT licence. You can read how every answer is produced, change
              what does not fit your process, and contribute improvements back. Developers can explore the{' '}
              <a href="/api/docs">API reference</a> of this installation, which is generated from the same
              schemas the server validates against.
            </p>

            <h2>Self-hosting</h2>
            <p>
              A single Node.js process serves the app and the API. By default it stores everything in an
              embedded PostgreSQL database (PGlite) on local disk and answers with a built-in AI engine that
              runs offline. For larger teams, point it at a PostgreSQL server; for richer prose, connect any
              OpenAI-compatible model endpoint: OpenAI, Azure, or a model you host yourself with Ollama or
              vLLM. Neither is required.
            </p>

            <h2>How your data is handled</h2>
            <ul>
              <li>
                Your data stays in your installation&apos;s database. The project never receives a copy.
              </li>
              <li>
                Every user&apos;s rows are isolated twice: by the queries themselves and by PostgreSQL
                row-level security.
              </li>
              <li>Passwords are stored only as salted argon2id hashes; sessions live in httpOnly cookies.</li>
              <li>There are no third-party trackers or advertising cookies.</li>
              <li>
                Prompts leave the server only if the operator connects an external AI endpoint. The{' '}
                <Link to="/privacy">Privacy policy</Link> has the details.
              </li>
            </ul>

            <h2>Contact</h2>
            <p>
              For questions about an account on this installation, talk to the team that runs it. For bugs,
              feature ideas and security reports about the software, see the ways to reach the project.
            </p>
          </div>
          <Button asChild className="mt-8">
            <Link to="/contact">
              How to reach us
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
      </section>
    </main>
  );
}
