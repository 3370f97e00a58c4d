/**
 * SSRF guard of outgoing webhooks: a target must resolve to public addresses only. Checked when a webhook is
 * saved, and again at each send through the connection's own DNS lookup, so a name that resolved to a public
 * address at creation and to 127.0.0.1 later (DNS rebinding) is refused: the address checked is the one used.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_PRIVATE_ADDRESS, webhookUnresolvable } from '../../shared/events.ts';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT (and Alibaba's metadata service)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the cloud metadata services (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64: reaches IPv4 addresses, private ones included
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local (fd00:ec2::254 is AWS's metadata service)
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** An IPv4 address written as IPv6 (`::ffff:127.0.0.1`, `::ffff:7f00:1`) as the IPv4 address it is. */
function mappedIpv4(address: string): string | null {
  const match = /^::ffff:(?:0:)?(.+)$/i.exec(address);
  if (!match?.[1]) return null;
  const rest = match[1];
  if (isIP(rest) === 4) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(rest);
  if (!hex?.[1] || !hex[2]) return null;
  const high = Number.parseInt(hex[1], 16);
  const low = Number.parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Loopback, private, link-local, unique-local, metadata, multicast or otherwise not a public address. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) {
    const v4 = mappedIpv4(bare);
    return v4 ? blocked.check(v4, 'ipv4') : blocked.check(bare, 'ipv6');
  }
  return true;
}

/** Why a target is refused: a message for the user. */
export class TargetRefused extends Error {
  override name = 'TargetRefused';
}

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => {
      if (err || addresses.length === 0) reject(new TargetRefused(webhookUnresolvable(host)));
      else resolve(addresses);
    });
  });
}

/**
 * The addresses a host resolves to, refused (TargetRefused) when any of them is not public and private targets
 * are not allowed: one private answer among public ones is how rebinding is usually tried.
 */
export async function resolveTarget(host: string, allowPrivate: boolean): Promise<LookupAddress[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  const addresses = family ? [{ address: bare, family }] : await resolveAll(bare);
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
    throw new TargetRefused(WEBHOOK_PRIVATE_ADDRESS);
  }
  return addresses;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for `http.request` that connects only to addresses resolveTarget accepted. */
export function guardedLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number | string },
    callback: LookupCallback,
  ) => {
    resolveTarget(hostname, allowPrivate).then(
      (addresses) => {
        const wanted = options.family === 6 || options.family === 'IPv6' ? 6 : options.family === 4 ? 4 : 0;
        const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
        const list = usable.length > 0 ? usable : addresses;
        if (options.all) callback(null, list);
        else callback(null, list[0]?.address ?? '', list[0]?.family ?? 4);
      },
      (err: Error) => callback(Object.assign(err, { code: 'EWEBHOOKTARGET' }), '', 0),
    );
  };
}
