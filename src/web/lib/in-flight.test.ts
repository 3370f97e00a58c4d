import { describe, expect, it } from 'vitest';
import { requestsSettled, track } from './in-flight.ts';

/** A promise with its resolve and reject in hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Whether `promise` has settled once queued callbacks have run. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
}

describe('requestsSettled', () => {
  it('resolves at once when nothing is in flight', async () => {
    expect(await isSettled(requestsSettled(60_000))).toBe(true);
  });

  it('waits for every tracked request, answered or failed', async () => {
    const answered = deferred();
    const failed = deferred();
    void track(answered.promise);
    track(failed.promise).catch(() => undefined);
    const settled = requestsSettled(60_000);
    expect(await isSettled(settled)).toBe(false);
    answered.resolve();
    expect(await isSettled(settled)).toBe(false);
    failed.reject(new Error('offline'));
    expect(await isSettled(settled)).toBe(true);
    expect(await isSettled(requestsSettled(60_000))).toBe(true);
  });

  it('gives up waiting after its time', async () => {
    const hanging = deferred();
    void track(hanging.promise);
    const gaveUp = requestsSettled(20);
    expect(await isSettled(gaveUp)).toBe(false);
    await gaveUp;
    // A new wait still counts the hanging request.
    expect(await isSettled(requestsSettled(60_000))).toBe(false);
    hanging.resolve();
    expect(await isSettled(requestsSettled(60_000))).toBe(true);
  });
});
