import { ArrowLeft, Building2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { researchHref } from '../search-params.ts';

/** A company page whose company we do not have (a typo in the address, or another user's import). */
export function CompanyNotFound({ name }: { name: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center" data-not-found>
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Building2 className="size-6" aria-hidden />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight">Company not found</h1>
      <p className="text-muted-foreground">
        We have no company called “{name}”. Search for it instead: a search also finds names that are spelt a
        little differently.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to={researchHref({ q: name })}>Search for “{name}”</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/sales-account-development">
            <ArrowLeft aria-hidden />
            Company Finder
          </Link>
        </Button>
      </div>
    </div>
  );
}
