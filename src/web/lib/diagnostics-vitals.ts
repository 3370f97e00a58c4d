import { onCLS, onINP, onLCP } from 'web-vitals';
import { rateVital, VITAL_UNITS, type VitalName, type VitalReading } from '../../shared/diagnostics.ts';
import { recordVital } from './diagnostics.ts';

/**
 * Spec 1 §9's web vitals against their reference values: LCP 2500 ms, INP 100 ms, CLS 0.1. Every change is
 * kept (the report shows the latest); the debug log gets a line when a vital first goes over its reference.
 * Loaded after the page, with the measuring library.
 */
export function measureVitals(current: Readonly<Partial<Record<VitalName, VitalReading>>>): void {
  const onVital = (metric: { name: string; value: number }) => {
    if (!(metric.name in VITAL_UNITS)) return;
    const name = metric.name as VitalName;
    const reading = rateVital(name, metric.value);
    const unit = VITAL_UNITS[name];
    const wentOver = reading.rating === 'over' && current[name]?.rating !== 'over';
    recordVital(
      name,
      reading,
      wentOver ? `${name} ${reading.value}${unit} over the ${reading.reference}${unit} reference` : undefined,
    );
  };
  onLCP(onVital, { reportAllChanges: true });
  onINP(onVital, { reportAllChanges: true });
  onCLS(onVital, { reportAllChanges: true });
}
