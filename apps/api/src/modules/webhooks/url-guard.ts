import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Server-side request forgery guard. Endpoint URLs are chosen by users, and the API
 * POSTs to them from inside the deployment: without a guard a user could make it call
 * 127.0.0.1, the cloud metadata address or a database on the private network. In
 * production (unless WEBHOOK_ALLOW_PRIVATE=true) an endpoint must be https and its host
 * must resolve to public addresses only, checked at registration and again at every
 * delivery on the address the connection actually uses (a name that resolved to a public
 * address at registration may resolve to 127.0.0.1 later: DNS rebinding).
 */

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata: 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (maps onto IPv4, private ones included)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address an IPv4-mapped or -compatible IPv6 address carries (::ffff:7f00:1 is 127.0.0.1), else null. */
function embeddedIpv4(ip: string): string | null {
  const lower = ip.toLowerCase();
  const dotted = /^(?:::ffff:|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:::ffff:|::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex?.[1] && hex[2]) {
    const hi = parseInt(hex[1], 16);
    const lo = parseInt(hex[2], 16);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return null;
}

/** True for loopback, private, link-local, unique-local, multicast and reserved addresses. */
export function isPrivateAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(ip);
    return v4 ? blocked.check(v4, 'ipv4') : blocked.check(ip, 'ipv6');
  }
  return true; // not an address at all: refuse
}

export type Lookup = (hostname: string) => Promise<LookupAddress[]>;

/** Every address the system resolver gives for a name. */
export const systemLookup: Lookup = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))));

/** The host of a URL without IPv6 brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

export class RefusedUrl extends Error {}

/**
 * Why a URL may not be an endpoint, or null. With `allowPrivate` only the scheme is
 * checked (http or https); without it the URL must be https and every address of its host
 * public (a host that does not resolve is refused too).
 */
export async function refusalOf(raw: string, options: { allowPrivate: boolean; lookup?: Lookup }): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a full URL starting with https://';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Only https:// URLs can receive webhooks';
  if (options.allowPrivate) return null;
  if (url.protocol !== 'https:') return 'Only https:// URLs can receive webhooks';
  const host = hostOf(url);
  if (isIP(host)) return isPrivateAddress(host) ? 'This URL points at a private, loopback or link-local address: use a public https address' : null;
  if (host === 'localhost' || host.endsWith('.localhost')) return 'This URL points at a private, loopback or link-local address: use a public https address';
  let addresses: LookupAddress[];
  try {
    addresses = await (options.lookup ?? systemLookup)(host);
  } catch {
    return `The host ${host} could not be resolved`;
  }
  if (!addresses.length) return `The host ${host} could not be resolved`;
  if (addresses.some((a) => isPrivateAddress(a.address))) return 'This URL points at a private, loopback or link-local address: use a public https address';
  return null;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that resolves through `lookup` and refuses private
 * addresses: the connection is made to the address checked here, so a rebinding
 * resolver cannot hand the socket another one.
 */
export function guardedLookup(lookup: Lookup, allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    lookup(hostname).then(
      (addresses) => {
        const bad = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
        if (bad || !addresses.length) {
          const err: NodeJS.ErrnoException = new RefusedUrl(bad ? `${hostname} resolves to a private address (${bad.address}): refused` : `${hostname} did not resolve`);
          err.code = 'EWEBHOOKREFUSED';
          callback(err, '', 4);
          return;
        }
        if (options.all) callback(null, addresses);
        else {
          const [first] = addresses;
          callback(null, first?.address ?? '', first?.family ?? 4);
        }
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 4),
    );
  };
}
