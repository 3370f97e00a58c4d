import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { createTidyUp } from './memory.ts';

const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createTidyUp', () => {
  it('gives back the heap a busy spell left once the server is quiet, not while it is busy', async () => {
    const tidyUp = createTidyUp();
    // A busy spell: 100 MB of objects kept long enough to reach the old generation, then dropped.
    let kept: string[][] | null = [];
    for (let i = 0; i < 100; i++)
      kept.push(Array.from({ length: 16_384 }, (_, j) => `row ${i} ${j} `.repeat(4)));
    await sleep(0);
    kept = null;
    const busyFor = performance.now() + 300;
    while (performance.now() < busyFor) JSON.stringify({ busy: true });
    const held = getHeapStatistics().total_heap_size;
    tidyUp();
    // Still busy over the interval just ended: nothing collected by us.
    expect(getHeapStatistics().total_heap_size).toBeGreaterThan(held - 32 * MB);

    await sleep(500);
    tidyUp();
    expect(getHeapStatistics().total_heap_size).toBeLessThan(held - 64 * MB);
  });
});
