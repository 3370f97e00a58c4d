/**
 * Requests counted and timed by route pattern in plain numbers, and written in Prometheus' text format when
 * /metrics is scraped. prom-client validates and hashes the labels of every observation, even through a
 * series it handed out: 5% of what a request such as /api/health costs the server. Routes, methods and
 * statuses are few, so are the series here.
 */

/** Seconds: from a cached health answer to a long upload or export. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const REQUESTS = 'http_requests_total';
const DURATION = 'http_request_duration_seconds';

type Timing = { labels: string; buckets: number[]; sum: number; count: number };
type Answers = { labels: string; count: number };

/** A label value as the text format writes it (backslash, quote and line break escaped). */
const labelValue = (value: string) => value.replace(/[\\"\n]/g, (ch) => (ch === '\n' ? '\\n' : `\\${ch}`));

export function createRouteMetrics() {
  const timings = new Map<string, Timing>();
  const answers = new Map<string, Answers>();

  return {
    observe(method: string, route: string, status: number, seconds: number): void {
      const key = `${method} ${route}`;
      let timing = timings.get(key);
      if (!timing) {
        const labels = `method="${labelValue(method)}",route="${labelValue(route)}"`;
        timing = { labels, buckets: LATENCY_BUCKETS.map(() => 0), sum: 0, count: 0 };
        timings.set(key, timing);
      }
      // Each bucket counts the requests up to its bound; the text adds them up.
      const bucket = LATENCY_BUCKETS.findIndex((bound) => seconds <= bound);
      if (bucket >= 0) timing.buckets[bucket] = (timing.buckets[bucket] ?? 0) + 1;
      timing.sum += seconds;
      timing.count += 1;
      const answerKey = `${key} ${status}`;
      let answer = answers.get(answerKey);
      if (!answer) {
        answer = { labels: `${timing.labels},status="${status}"`, count: 0 };
        answers.set(answerKey, answer);
      }
      answer.count += 1;
    },

    /** The two metrics in Prometheus' text format (version 0.0.4), as prom-client writes its own. */
    text(): string {
      const lines = [
        `# HELP ${REQUESTS} HTTP requests answered, by method, route pattern and status`,
        `# TYPE ${REQUESTS} counter`,
        ...[...answers.values()].map(({ labels, count }) => `${REQUESTS}{${labels}} ${count}`),
        `# HELP ${DURATION} Time to answer an HTTP request, by method and route pattern`,
        `# TYPE ${DURATION} histogram`,
      ];
      for (const { labels, buckets, sum, count } of timings.values()) {
        let below = 0;
        LATENCY_BUCKETS.forEach((bound, i) => {
          below += buckets[i] ?? 0;
          lines.push(`${DURATION}_bucket{le="${bound}",${labels}} ${below}`);
        });
        lines.push(`${DURATION}_bucket{le="+Inf",${labels}} ${count}`);
        lines.push(`${DURATION}_sum{${labels}} ${sum}`);
        lines.push(`${DURATION}_count{${labels}} ${count}`);
      }
      return `${lines.join('\n')}\n`;
    },
  };
}

export type RouteMetrics = ReturnType<typeof createRouteMetrics>;
