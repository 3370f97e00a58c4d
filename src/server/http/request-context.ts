/**
 * The request a piece of work belongs to, for log lines written far from the HTTP layer (a slow query: spec 1
 * §8): its id, which the request's own log line carries too, and its route template, never its parameters.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export type RequestContext = { reqId: string; route(): string };

const storage = new AsyncLocalStorage<RequestContext>();

export const runInRequest = <T>(context: RequestContext, work: () => T): T => storage.run(context, work);

/** The request being served here, or undefined (a job, start-up). */
export const currentRequest = (): RequestContext | undefined => storage.getStore();
