import { Check } from 'lucide-react';
import type { ComponentProps } from 'react';

/** A list of features or capabilities, each behind a check mark (plan cards, agent cards). */
export function CheckList({ items, ...props }: { items: readonly string[] } & ComponentProps<'ul'>) {
  return (
    <ul {...props}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2.5">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
