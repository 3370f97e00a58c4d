/** API requests sent and not yet answered (until their response headers arrive). */
const pending = new Set<Promise<unknown>>();

/** Counts a request as in flight until it is answered or fails. */
export function track<T>(request: Promise<T>): Promise<T> {
  pending.add(request);
  const done = () => pending.delete(request);
  request.then(done, done);
  return request;
}

/** Resolves once every request sent so far is answered, or after `timeoutMs`, whichever comes first. */
export function requestsSettled(timeoutMs: number): Promise<void> {
  if (pending.size === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    void Promise.allSettled([...pending]).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
