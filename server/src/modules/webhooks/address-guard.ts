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

/** Loopback, private, shared (CGNAT), link-local (cloud metadata), unspecified, multicast and reserved IPv4 ranges. */
const refusedV4 = new BlockList();
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
  refusedV4.addSubnet(network, prefix, 'ipv4');

/**
 * IPv6 ranges refused whatever follows the prefix: unspecified and loopback, IPv4-compatible
 * (::a.b.c.d) and IPv4-mapped (::ffff:a.b.c.d) addresses, which reach the IPv4 address they carry,
 * IPv4-translated (::ffff:0:a.b.c.d), local-use NAT64, discard-only, Teredo (its IPv4 addresses
 * are obfuscated, and a relay decides where it goes), documentation, unique-local, link-local,
 * site-local and multicast. Kept apart from the IPv4 list: a BlockList matches IPv4 addresses
 * against an IPv6 rule for ::ffff:0:0/96 too.
 */
const refusedV6 = new BlockList();
for (const [network, prefix] of [
  ['::', 96],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  refusedV6.addSubnet(network, prefix, 'ipv6');

/** IPv6 ranges that route to an IPv4 address written inside them: refused when that address is. */
const EMBEDDING: ReadonlyArray<{ range: BlockList; word: number }> = [
  // NAT64's well-known prefix: the IPv4 address it translates to is the last 32 bits.
  { network: '64:ff9b::', prefix: 96, word: 6 },
  // 6to4: the IPv4 address of the tunnel's far end follows the 2002: prefix.
  { network: '2002::', prefix: 16, word: 1 },
].map(({ network, prefix, word }) => {
  const range = new BlockList();
  range.addSubnet(network, prefix, 'ipv6');
  return { range, word };
});

/** The eight 16-bit words of a valid IPv6 address without a zone index. */
function ipv6Words(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const words = (part: string) => (part === '' ? [] : part.split(':').map((word) => parseInt(word, 16)));
  const [head = '', tail] = text.split('::');
  if (tail === undefined) return words(head);
  const before = words(head);
  const after = words(tail);
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}

export function isRefusedAddress(given: string): boolean {
  const family = isIP(given);
  if (family === 4) return refusedV4.check(given, 'ipv4');
  if (family !== 6) return true;
  // A zone index (fe80::1%eth0) names an interface, not an address.
  const address = given.split('%')[0]!;
  if (refusedV6.check(address, 'ipv6')) return true;
  const carrier = EMBEDDING.find(({ range }) => range.check(address, 'ipv6'));
  if (!carrier) return false;
  const words = ipv6Words(address);
  const high = words[carrier.word]!;
  const low = words[carrier.word + 1]!;
  return refusedV4.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4');
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
