import { describe, expect, it } from 'vitest';
import { createRouteMetrics } from './route-metrics.ts';

describe('route metrics', () => {
  it('counts by status and adds the histogram buckets up, as Prometheus reads them', () => {
    const metrics = createRouteMetrics();
    metrics.observe('GET', '/api/health', 200, 0.001);
    metrics.observe('GET', '/api/health', 200, 0.02);
    metrics.observe('GET', '/api/health', 503, 40);
    const text = metrics.text();
    const line = (series: string) =>
      text
        .split('\n')
        .find((l) => l.startsWith(`${series} `))
        ?.split(' ')[1];
    expect(line('http_requests_total{method="GET",route="/api/health",status="200"}')).toBe('2');
    expect(line('http_requests_total{method="GET",route="/api/health",status="503"}')).toBe('1');
    const bucket = (le: string) =>
      line(`http_request_duration_seconds_bucket{le="${le}",method="GET",route="/api/health"}`);
    expect([bucket('0.002'), bucket('0.01'), bucket('0.025'), bucket('30'), bucket('+Inf')]).toEqual([
      '1',
      '1',
      '2',
      '2',
      '3',
    ]);
    expect(Number(line('http_request_duration_seconds_sum{method="GET",route="/api/health"}'))).toBeCloseTo(
      40.021,
    );
    expect(line('http_request_duration_seconds_count{method="GET",route="/api/health"}')).toBe('3');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('escapes what a label value may not hold', () => {
    const metrics = createRouteMetrics();
    metrics.observe('GET', '/a"b\\c', 404, 0.1);
    expect(metrics.text()).toContain('route="/a\\"b\\\\c"');
  });
});
