import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '@verigate/contracts';

/** Where a delivery connects: the address that was checked, so a second DNS answer cannot swap in another. */
export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

type GuardResult = { ok: true; target: CheckedTarget } | { ok: false; message: string };

/** Loopback, private, shared (CGNAT), link-local (cloud metadata), unspecified, multicast and reserved ranges. */
const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  refused.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  refused.addSubnet(network, prefix, 'ipv6');
/**
 * IPv4-mapped IPv6 (::ffff:a.b.c.d) reaches the IPv4 address it carries. Kept in a list of its
 * own: a BlockList matches IPv4 addresses against an IPv6 rule for that range too.
 */
const mapped = new BlockList();
mapped.addSubnet('::ffff:0:0', 96, 'ipv6');

export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return refused.check(address, 'ipv4');
  if (family === 6) return mapped.check(address, 'ipv6') || refused.check(address, 'ipv6');
  return true;
}

/**
 * Checks a webhook URL where it points now: https unless `allowHttp`, and every address its host
 * resolves to outside the refused ranges unless `allowPrivate`. Run at creation and before every
 * attempt (DNS answers change); the attempt then connects to the address checked here.
 */
export async function checkTarget(raw: string, { allowHttp, allowPrivate }: { allowHttp: boolean; allowPrivate: boolean }): Promise<GuardResult> {
  if (!URL.canParse(raw)) return { ok: false, message: WEBHOOK_MESSAGES.urlInvalid };
  const url = new URL(raw);
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) return { ok: false, message: WEBHOOK_MESSAGES.urlNotHttps };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      return { ok: false, message: WEBHOOK_MESSAGES.urlUnresolvable };
    }
  }
  const [first] = addresses;
  if (!first) return { ok: false, message: WEBHOOK_MESSAGES.urlUnresolvable };
  if (!allowPrivate && addresses.some(({ address }) => isRefusedAddress(address))) return { ok: false, message: WEBHOOK_MESSAGES.urlPrivate };
  return { ok: true, target: { url, address: first.address, family: first.family === 6 ? 6 : 4 } };
}
