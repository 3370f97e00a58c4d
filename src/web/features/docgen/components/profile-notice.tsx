import { UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useProfile } from '../../../lib/profile.ts';

/**
 * Documents speak for the seller's company: without its name or what it sells in the profile, every document
 * marks them missing. Says so before anything is spent.
 */
export function ProfileNotice() {
  const profile = useProfile();
  if (!profile.data) return null;
  const { name, offering } = profile.data.company;
  const lacking = [!name.trim() && 'your company name', !offering.trim() && 'what you sell'].filter(
    (item): item is string => Boolean(item),
  );
  if (lacking.length === 0) return null;
  return (
    <aside
      aria-label="Your profile"
      className="flex flex-col gap-3 rounded-xl border border-amber-500/60 bg-amber-500/10 p-4 text-sm sm:flex-row sm:items-center"
      data-profile-notice
    >
      <UserRound className="hidden size-5 shrink-0 text-amber-700 sm:block dark:text-amber-300" aria-hidden />
      <p className="min-w-0 flex-1">
        <span className="font-medium">Your profile lacks {lacking.join(' and ')}.</span> Documents are written
        in your company's name, so without {lacking.length === 1 ? 'it' : 'them'} they mark{' '}
        {lacking.length === 1 ? 'it' : 'them'} missing.
      </p>
      <Button asChild size="sm" variant="outline" className="self-start sm:self-center">
        <Link to="/profile">Complete your profile</Link>
      </Button>
    </aside>
  );
}
