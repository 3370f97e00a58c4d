import { type ReactNode, useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from './ui/card.tsx';

/** A titled card of a detail page (the company page's About, Fit, Key people). */
export function SectionCard({
  title,
  description,
  icon,
  children,
}: {
  title: string;
  description?: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Card>
        <CardHeader>
          <h2 id={id} className="flex items-center gap-2 text-lg leading-tight font-semibold tracking-tight">
            {icon}
            {title}
          </h2>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}
