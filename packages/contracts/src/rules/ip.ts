import { isIP } from './ip-address.js';

export const IP_MESSAGES = {
  trailingComma: 'IP address cannot start with a ,',
  duplicate: 'This IP Address already exists',
  invalid: 'Enter a valid IP Address',
  saved: 'IP Whitelisting successfully saved',
} as const;

export const ALL_IPS = 'ALL';

/**
 * Parses the comma-separated entry field against the current list and the removed list.
 * Accepts IPv4, IPv6 and CIDR ranges of either; answers the new entries or the first problem.
 */
export function parseIpEntry(entry: string, existing: readonly string[], removed: readonly string[] = []): { ips: string[] } | { error: string } {
  const trimmed = entry.trim();
  if (trimmed.startsWith(',') || trimmed.endsWith(',')) return { error: IP_MESSAGES.trailingComma };
  const parts = trimmed.split(',').map((part) => part.trim());
  const seen = new Set([...existing, ...removed].map(normaliseIp));
  const ips: string[] = [];
  for (const part of parts) {
    if (!isIpOrCidr(part)) return { error: IP_MESSAGES.invalid };
    if (isTooWide(part)) return { error: tooWideMessage(part) };
    const normalised = normaliseIp(part);
    if (seen.has(normalised)) return { error: IP_MESSAGES.duplicate };
    seen.add(normalised);
    ips.push(part);
  }
  return { ips };
}

export function isIpOrCidr(value: string): boolean {
  const [address, prefix, extra] = value.split('/');
  if (extra !== undefined || !address) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** The shortest prefix a whitelisted range may have: anything wider lets most of the internet call with the app's keys. */
export const MIN_PREFIX = { 4: 8, 6: 32 } as const;

/** A CIDR range wider than /8 (IPv4) or /32 (IPv6), 0.0.0.0/0 and ::/0 among them. */
export function isTooWide(value: string): boolean {
  if (!isIpOrCidr(value)) return false;
  const [address = '', prefix] = value.split('/');
  if (prefix === undefined) return false;
  const version = isIP(address) as 4 | 6;
  return Number(prefix) < MIN_PREFIX[version];
}

export const tooWideMessage = (range: string): string =>
  `${range} would let far too many addresses call with this app's keys: whitelist ranges of /${MIN_PREFIX[4]} or longer (IPv4) or /${MIN_PREFIX[6]} or longer (IPv6), or turn IP whitelisting off to allow all addresses`;

const PRIVATE_IPV4: ReadonlyArray<readonly [number, number]> = [
  [0x0a000000, 8],
  [0xac100000, 12],
  [0xc0a80000, 16],
];

/** An address (or range) in 10/8, 172.16/12, 192.168/16 or fc00::/7: never the source of a call over the internet. */
export function isPrivateAddress(value: string): boolean {
  if (!isIpOrCidr(value)) return false;
  const [address = ''] = value.split('/');
  if (isIP(address) === 6) return (parseInt(expandIpv6(address)[0]!, 16) & 0xfe00) === 0xfc00;
  const number = address.split('.').reduce((sum, byte) => sum * 256 + Number(byte), 0);
  return PRIVATE_IPV4.some(([network, bits]) => Math.floor(number / 2 ** (32 - bits)) === Math.floor(network / 2 ** (32 - bits)));
}

/** Shown beside the whitelist when one of its entries is private; such an entry is kept, it just never matches. */
export const privateAddressHint = (address: string): string =>
  `${address} is a private address: calls reach Verigate from your public internet address, so whitelist that one (your network's outgoing address) instead`;

/** Lower-case, and IPv6 compressed the same way, so '::1' and '0:0::1' count as one entry. */
export function normaliseIp(value: string): string {
  const [address = '', prefix] = value.trim().toLowerCase().split('/');
  const canonical =
    isIP(address) === 6
      ? expandIpv6(address)
          .map((group) => group.replace(/^0+(?=.)/, ''))
          .join(':')
      : address;
  return prefix === undefined ? canonical : `${canonical}/${Number(prefix)}`;
}

export function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const last = right.at(-1) ?? left.at(-1) ?? '';
  const embedded = last.includes('.') ? ipv4ToGroups(last) : null;
  if (embedded) (right.length ? right : left).splice(-1, 1, ...embedded);
  const missing = 8 - left.length - right.length;
  const groups = tail === undefined ? left : [...left, ...Array<string>(missing).fill('0'), ...right];
  return groups.map((group) => group.padStart(4, '0'));
}

function ipv4ToGroups(ipv4: string): string[] {
  const bytes = ipv4.split('.').map(Number);
  return [((bytes[0]! << 8) | bytes[1]!).toString(16), ((bytes[2]! << 8) | bytes[3]!).toString(16)];
}
