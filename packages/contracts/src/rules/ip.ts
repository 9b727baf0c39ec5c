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
