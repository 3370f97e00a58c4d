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
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215)
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local (fd00:ec2::254 is AWS's metadata service)
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 read as two groups). */
function ipv6Groups(address: string): number[] {
  const dotted = /\d+\.\d+\.\d+\.\d+$/.exec(address);
  const [a = 0, b = 0, c = 0, d = 0] = dotted ? dotted[0].split('.').map(Number) : [];
  const text = dotted
    ? `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
    : address;
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const ipv4 = (high = 0, low = 0) => [high >> 8, high & 255, low >> 8, low & 255].join('.');

/**
 * The IPv4 addresses an IPv6 address carries, and so reaches through a translator or tunnel: IPv4-compatible
 * (::/96, `::127.0.0.1`), IPv4-mapped (::ffff:0:0/96), SIIT (::ffff:0:0:0/96), 6to4 (2002::/16, bits 16-48),
 * Teredo (2001::/32: the server in bits 32-64, the client in the last 32 bits inverted) and ISATAP (::5efe:a.b.c.d).
 */
function embeddedIpv4(address: string): string[] {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = ipv6Groups(address);
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0) {
    if (g4 === 0 && (g5 === 0 || g5 === 0xffff)) return [ipv4(g6, g7)];
    if (g4 === 0xffff && g5 === 0) return [ipv4(g6, g7)];
  }
  if (g0 === 0x2002) return [ipv4(g1, g2)];
  if (g0 === 0x2001 && g1 === 0) return [ipv4(g2, g3), ipv4(g6 ^ 0xffff, g7 ^ 0xffff)];
  if ((g4 === 0 || g4 === 0x200) && g5 === 0x5efe) return [ipv4(g6, g7)];
  return [];
}

/**
 * Loopback, private, link-local, unique-local, metadata, multicast or otherwise not a public address. An IPv6
 * address that carries an IPv4 address is judged by that address too: `[::127.0.0.1]` is loopback.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) {
    return blocked.check(bare, 'ipv6') || embeddedIpv4(bare).some((v4) => blocked.check(v4, 'ipv4'));
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
