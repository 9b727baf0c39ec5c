import { BlockList, isIP } from 'node:net';
import { isIpOrCidr } from '@verigate/contracts';

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The address a call comes from, with an IPv4-mapped IPv6 address ('::ffff:1.2.3.4') as plain IPv4. */
export function clientAddress(ip: string): string {
  const address = ip.trim().toLowerCase();
  return MAPPED_IPV4.exec(address)?.[1] ?? address;
}

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
  return (ip) => {
    const address = clientAddress(ip);
    return isIP(address) !== 0 && list.check(address, family(address));
  };
}
