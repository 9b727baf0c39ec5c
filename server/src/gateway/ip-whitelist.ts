import { ALL_IPS } from '@verigate/contracts';
import { addressMatcher } from '../platform/ip-addresses.js';

export { clientAddress } from '../platform/ip-addresses.js';

/**
 * A matcher for an app's IP whitelist (seed 000 §4): ['ALL'] lets every address in; otherwise the
 * client address must equal an entry or fall in a CIDR range, IPv4 or IPv6.
 */
export function whitelistMatcher(entries: readonly string[]): (ip: string) => boolean {
  if (entries.includes(ALL_IPS)) return () => true;
  return addressMatcher(entries);
}
