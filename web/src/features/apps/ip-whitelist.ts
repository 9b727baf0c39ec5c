import { ALL_IPS, normaliseIp } from '@verigate/contracts';

/** ['ALL'] (seed 000 §3): every address may call the app; whitelisting is off. */
export const allowsAll = (ips: readonly string[]) => ips.length === 0 || (ips.length === 1 && ips[0] === ALL_IPS);

/** A CIDR range ('203.0.113.0/24') rather than one address. */
export const isRange = (ip: string) => ip.includes('/');

/** The same addresses, in any order and spelling ('::1' = '0:0::1'). */
export function sameAddresses(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const left = new Set(a.map(normaliseIp));
  return b.every((ip) => left.has(normaliseIp(ip)));
}
