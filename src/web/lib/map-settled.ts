/**
 * Runs `work` on every item, a few at a time (a table selection can be hundreds of rows), and settles each:
 * one failure does not stop the others. Results are in the items' order.
 */
export async function mapSettled<T, R>(
  items: readonly T[],
  work: (item: T) => Promise<R>,
  concurrency = 4,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T).then(
        (value) => ({ status: 'fulfilled', value }) as const,
        (reason: unknown) => ({ status: 'rejected', reason }) as const,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
