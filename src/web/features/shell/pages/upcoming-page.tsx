import { ArrowLeft, Hourglass } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';

export type UpcomingPageProps = { title: string; description: string };

/** A guarded screen whose feature arrives in a later release: says what it will do and shows no made-up data. */
export function UpcomingPage({ title, description }: UpcomingPageProps) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-start gap-5 px-4 py-10 sm:px-8 sm:py-16">
      <Badge variant="secondary">
        <Hourglass aria-hidden />
        Coming in a later release
      </Badge>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      <div className="w-full rounded-xl border bg-card p-5 text-card-foreground">
        <h2 className="text-sm font-semibold">What this screen will do</h2>
        <p className="mt-2 leading-relaxed text-muted-foreground">{description}</p>
      </div>
      <p className="text-sm text-muted-foreground">
        This screen is not available yet, so there is nothing to show here today. The rest of the app works as
        usual.
      </p>
      <Button asChild variant="outline">
        <Link to="/app">
          <ArrowLeft aria-hidden />
          Back to Home
        </Link>
      </Button>
    </div>
  );
}
