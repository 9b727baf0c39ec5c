import { BlockList, isIP } from 'node:net';
import { isIpOrCidr } from '@verigate/contracts';

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The address a call comes from, with an IPv4-mapped IPv6 address ('::ffff:1.2.3.4') as plain IPv4. */
export function clientAddress(ip: string): string {
  const address = ip.trim().toLowerCase();
  return MAPPED_IPV4.exec(address)?.[1] ?? address;
}

/** Addresses a matcher remembers its answer for. */
const REMEMBERED_ADDRESSES = 64;

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/**
 * A matcher for a list of addresses and CIDR ranges, IPv4 or IPv6 (node:net's BlockList does the
 * matching); entries the contracts' rules would refuse are ignored, and a mapped IPv4 address
 * matches as plain IPv4.
 */
export function addressMatcher(entries: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    if (!isIpOrCidr(entry)) continue;
    const [rawAddress = '', rawPrefix] = entry.split('/');
    const mapped = MAPPED_IPV4.exec(rawAddress.toLowerCase())?.[1];
    if (rawPrefix === undefined) {
      const address = mapped ?? rawAddress;
      list.addAddress(address, family(address));
    } else if (mapped && Number(rawPrefix) >= 96) {
      list.addSubnet(mapped, Number(rawPrefix) - 96, 'ipv4');
    } else {
      list.addSubnet(rawAddress, Number(rawPrefix), family(rawAddress));
    }
  }
  // The list never changes once built and calls come from few addresses: the answer per address
  // is kept (a check builds a SocketAddress), a bounded few, so many addresses cannot grow it.
  const answers = new Map<string, boolean>();
  return (ip) => {
    const known = answers.get(ip);
    if (known !== undefined) return known;
    const address = clientAddress(ip);
    const allowed = isIP(address) !== 0 && list.check(address, family(address));
    if (answers.size >= REMEMBERED_ADDRESSES) answers.clear();
    answers.set(ip, allowed);
    return allowed;
  };
}
