import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import {
  BRAND_NAME,
  COPYRIGHT_YEAR,
  CTA_START_FREE,
  FOOTER_COLUMN_LIMIT,
  FOOTER_COLUMNS,
  FOOTER_HEADLINE,
  LEGAL_NAV,
} from '../../../../shared/marketing.ts';
import { Button } from '../../../components/ui/button.tsx';
import { openAuthModal } from '../../../lib/auth-modal.ts';
import { Logo } from './logo.tsx';
import { NavItemLink } from './nav-item-link.tsx';

/** Keeps the word joined to an em dash on one line, so a line never starts with the dash. */
function KeepDashTogether({ text }: { text: string }) {
  const match = /\S*—\S*/.exec(text);
  if (!match) return text;
  return (
    <>
      {text.slice(0, match.index)}
      <span className="whitespace-nowrap">{match[0]}</span>
      {text.slice(match.index + match[0].length)}
    </>
  );
}

/** Public footer (spec 1 §2.4): headline and call to action, three link columns, copyright and legal links. */
export function PublicFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="flex flex-col gap-8 lg:flex-row lg:items-end lg:justify-between">
          <h2 className="max-w-2xl text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
            <KeepDashTogether text={FOOTER_HEADLINE} />
          </h2>
          <Button size="lg" className="self-start lg:self-auto" onClick={() => openAuthModal('signup')}>
            {CTA_START_FREE}
            <ArrowRight aria-hidden />
          </Button>
        </div>

        <div className="mt-16 grid grid-cols-2 gap-x-6 gap-y-10 border-t pt-12 sm:grid-cols-3 lg:grid-cols-[2fr_1fr_1fr_1fr]">
          <div className="col-span-2 sm:col-span-3 lg:col-span-1">
            <Logo />
            <p className="mt-4 max-w-xs text-sm leading-relaxed text-muted-foreground">
              Open-source AI sales agents you run on your own infrastructure, with your own data.
            </p>
          </div>
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.title} aria-labelledby={`footer-${column.title.toLowerCase()}`}>
              <h3 id={`footer-${column.title.toLowerCase()}`} className="text-sm font-semibold">
                {column.title}
              </h3>
              <ul className="mt-4 space-y-3 text-sm">
                {column.items.slice(0, FOOTER_COLUMN_LIMIT).map((item) => (
                  <li key={item.href}>
                    <NavItemLink
                      item={item}
                      className="text-muted-foreground transition-colors hover:text-foreground"
                    />
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>

        <div className="mt-12 flex flex-col gap-4 border-t pt-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {COPYRIGHT_YEAR} {BRAND_NAME}. Open-source software.
          </p>
          <nav aria-label="Legal">
            <ul className="flex gap-6">
              {LEGAL_NAV.map((item) => (
                <li key={item.href}>
                  <Link to={item.href} className="transition-colors hover:text-foreground">
                    {item.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
