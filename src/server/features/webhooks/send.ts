/**
 * One attempt at delivering a webhook: a signed JSON POST with a deadline, redirects not followed, the target
 * address checked again at connection time (address-guard.ts). Never throws: the outcome says what happened.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  DELIVERY_HEADER,
  EVENT_HEADER,
  SECRET_PREFIX,
  SIGNATURE_HEADER,
  signedContent,
  type WebhookPayload,
} from '../../../shared/events.ts';
import { guardedLookup, resolveTarget, TargetRefused } from '../../http/address-guard.ts';

/** The target's answer kept in the delivery log. */
export const RESPONSE_EXCERPT_MAX = 2000;

export type SendOutcome = {
  ok: boolean;
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
};

export const generateSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`. */
export function signatureHeader(secret: string, body: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(signedContent(timestamp, body)).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export type SendRequest = {
  url: string;
  secret: string;
  payload: WebhookPayload;
  deliveryId: string;
  allowPrivate: boolean;
  timeoutMs: number;
  userAgent: string;
  /** Seconds since the epoch for the signature (tests pin it). */
  now?: Date;
};

export async function sendWebhook(req: SendRequest): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: string, status: number | null = null, body: string | null = null): SendOutcome => ({
    ok: false,
    status,
    body,
    error,
    durationMs: elapsed(),
  });
  let target: URL;
  try {
    target = new URL(req.url);
    // A literal IP is never looked up by the connection: checked here.
    await resolveTarget(target.hostname, req.allowPrivate);
  } catch (err) {
    return failed(err instanceof TargetRefused ? err.message : `Invalid URL: ${req.url}`);
  }
  const body = JSON.stringify(req.payload);
  const timestamp = Math.floor((req.now ?? new Date()).getTime() / 1000);
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'user-agent': req.userAgent,
    [SIGNATURE_HEADER]: signatureHeader(req.secret, body, timestamp),
    [EVENT_HEADER]: req.payload.type,
    [DELIVERY_HEADER]: req.deliveryId,
  };
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;

  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(outcome);
    };
    const outgoing = send(target, {
      method: 'POST',
      headers,
      agent: false,
      lookup: guardedLookup(req.allowPrivate) as never,
    });
    // One deadline for the whole exchange: connecting, the answer's headers and the excerpt of its body.
    const deadline = setTimeout(() => {
      finish(failed(`No answer within ${Math.round(req.timeoutMs / 1000)} s (timed out)`));
      outgoing.destroy();
    }, req.timeoutMs);
    outgoing.on('error', (err: NodeJS.ErrnoException) => {
      const message = err.code === 'EWEBHOOKTARGET' ? err.message : `${err.code ?? 'Error'}: ${err.message}`;
      finish(failed(message));
    });
    outgoing.on('response', (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      let excerpt = '';
      const done = () => {
        const text = excerpt.slice(0, RESPONSE_EXCERPT_MAX);
        if (status >= 200 && status < 300) {
          finish({ ok: true, status, body: text, error: null, durationMs: elapsed() });
        } else if (status >= 300 && status < 400) {
          const location = response.headers.location;
          finish(
            failed(
              `Redirects are not followed (${status}${location ? ` to ${location.slice(0, 300)}` : ''}); use the final URL`,
              status,
              text,
            ),
          );
        } else {
          finish(failed(`The target answered ${status}`, status, text));
        }
        response.destroy();
        outgoing.destroy();
      };
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        excerpt += chunk;
        // Enough for the log: the rest is not read.
        if (excerpt.length >= RESPONSE_EXCERPT_MAX) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    outgoing.end(body);
  });
}
