/**
 * URLs the server fetches on a user's behalf (a user's AI provider): http(s) only, no
 * credentials in the URL, and no private, loopback or link-local address unless the operator allowed them.
 * Otherwise any user could make the server call its own admin ports or the cloud's metadata service (SSRF).
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
// The one list of non-public addresses, shared with the webhooks' guard.
import { isPrivateAddress } from './address-guard.ts';
import { AppError } from './errors.ts';

export type OutboundPolicy = {
  allowPrivate: boolean;
  /** The variable that allows private addresses, named in the refusal ("AI_PROVIDER_ALLOW_PRIVATE"). */
  allowVariable: string;
  /** What the URL is, for messages ("The base URL"). */
  label: string;
};

/**
 * The URL, checked: refuses (400) what is not http(s), carries credentials, does not resolve, or resolves to a
 * private address while the policy does not allow those. Every address the name resolves to is checked.
 */
export async function checkOutboundUrl(raw: string, policy: OutboundPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('VALIDATION_ERROR', 400, `${policy.label} is not a URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppError('VALIDATION_ERROR', 400, `${policy.label} must start with http:// or https://`);
  }
  if (url.username || url.password) {
    throw new AppError('VALIDATION_ERROR', 400, `${policy.label} must not contain a user name or password`);
  }
  if (policy.allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw new AppError('VALIDATION_ERROR', 400, `${policy.label}'s host ${host} could not be found`);
    }
  }
  if (addresses.some(isPrivateAddress)) {
    throw new AppError(
      'VALIDATION_ERROR',
      400,
      `${policy.label} points at a private or local address (${host}), which this server does not call. ` +
        `To use a model on your own machine or network, the operator sets ${policy.allowVariable}=true`,
    );
  }
  return url;
}
