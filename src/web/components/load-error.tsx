import { cn } from '../lib/cn.ts';
import { Button } from './ui/button.tsx';

/** Data that could not be loaded: what failed (a spec 1 §8 text) and a way to try again. */
export function LoadError({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div role="alert" className={cn('flex flex-col items-start gap-3', className)}>
      <p className="font-medium">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
