import type { FaqItem } from '../../../../../shared/pricing.ts';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '../../../../components/ui/accordion.tsx';

type FaqSectionProps = { title: string; description?: string; items: readonly FaqItem[] };

/** FAQ accordion: one answer open at a time, and the open one can be closed again. */
export function FaqSection({ title, description, items }: FaqSectionProps) {
  return (
    <section aria-labelledby="pricing-faq-heading" className="mx-auto w-full max-w-3xl">
      <div className="mb-8 text-center">
        <h2 id="pricing-faq-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {title}
        </h2>
        {description && <p className="mt-3 text-muted-foreground">{description}</p>}
      </div>
      <Accordion className="rounded-xl border bg-card px-5 sm:px-6" data-faq="">
        {items.map((item) => (
          <AccordionItem key={item.id} value={item.id}>
            <AccordionTrigger className="text-base">{item.question}</AccordionTrigger>
            <AccordionContent className="leading-relaxed">{item.answer}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}
