import { Bug, Building2, Code2, type LucideIcon, ShieldAlert, UserRoundCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Channel = { id: string; icon: LucideIcon; title: string; when: string; body: ReactNode };

const CHANNELS: readonly Channel[] = [
  {
    id: 'operator',
    icon: Building2,
    title: 'The operator of this installation',
    when: 'Accounts, sign-in problems, plans, credits and Enterprise enquiries',
    body: (
      <>
        <p>
          This copy of Prospector is run by an organisation, usually your own company&apos;s IT or revenue
          operations team. They create and remove accounts, set plan limits and credit amounts, connect AI
          providers and restore backups. Contact them the way you normally reach your internal IT support.
        </p>
        <p>
          The authors of the open-source software have no access to this installation or its data and cannot
          reset passwords or change credits for you.
        </p>
      </>
    ),
  },
  {
    id: 'privacy',
    icon: UserRoundCheck,
    title: 'Privacy and data requests',
    when: 'Access, correction, export or deletion of your personal data',
    body: (
      <p>
        The operator is the controller of the data this installation holds, so these requests go to them as
        well. The <Link to="/privacy">Privacy policy</Link> describes what is stored and why.
      </p>
    ),
  },
  {
    id: 'issues',
    icon: Bug,
    title: 'Bugs and feature requests',
    when: 'Something in the software does not work, or could work better',
    body: (
      <p>
        Open an issue in the public issue tracker of the Prospector repository your installation was built
        from. Include the version (the <code>/api/health</code> endpoint reports it), the steps to reproduce
        and what you expected to happen; signed in, Profile &gt; Diagnostics &gt; Copy diagnostics gives you
        the version, your browser and the recent errors without personal data. Leave out personal data,
        customer documents and secrets: issues are public.
      </p>
    ),
  },
  {
    id: 'security',
    icon: ShieldAlert,
    title: 'Security vulnerabilities',
    when: 'You found a way to bypass authentication, reach another user’s data or similar',
    body: (
      <p>
        Please do not open a public issue. Report it privately through the repository&apos;s private
        vulnerability reporting (security advisories), with the affected version, the impact and the steps to
        reproduce. If the problem is specific to how an installation is configured, tell its operator as well.
      </p>
    ),
  },
  {
    id: 'developers',
    icon: Code2,
    title: 'Developers and integrations',
    when: 'Building on the API or contributing code',
    body: (
      <p>
        The <a href="/api/docs">API reference</a> of this installation is generated from the schemas the
        server validates against. Contributions are welcome as pull requests to the repository.
      </p>
    ),
  },
];

/** How to reach the people behind this installation and the open-source project (spec 1 §2.1 /contact). */
export function ContactPage() {
  return (
    <main className="px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
      <div className="mx-auto max-w-5xl">
        <header className="max-w-3xl">
          <p className="text-sm font-semibold text-primary">Contact</p>
          <h1 className="mt-2 text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
            Who to contact, and how
          </h1>
          <p className="mt-6 text-lg leading-relaxed text-pretty text-muted-foreground">
            Prospector is open-source software that organisations install and run themselves. There is no
            central help desk or sales team behind this site: the right person to ask depends on what you
            need.
          </p>
        </header>

        <ul className="mt-14 grid gap-5 md:grid-cols-2">
          {CHANNELS.map(({ id, icon: Icon, title, when, body }) => (
            <li
              key={id}
              data-channel={id}
              className="flex flex-col rounded-2xl border bg-card p-6 shadow-xs first:md:col-span-2 sm:p-8"
            >
              <div className="flex items-start gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
                  <Icon className="size-5" aria-hidden />
                </span>
                <div>
                  <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
                  <p className="mt-0.5 text-sm text-muted-foreground">{when}</p>
                </div>
              </div>
              <div className="mt-5 space-y-3 text-[0.95rem] leading-7 [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em]">
                {body}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </main>
  );
}
