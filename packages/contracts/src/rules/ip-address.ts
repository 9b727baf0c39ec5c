const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

/** 4 or 6 for a valid IP address, else 0 — the browser has no node:net, so both sides use this. */
export function isIP(value: string): 0 | 4 | 6 {
  if (IPV4.test(value)) return 4;
  return isIpv6(value) ? 6 : 0;
}

function isIpv6(value: string): boolean {
  if (!value.includes(':') || value.split('::').length > 2) return false;
  let groups = value.split(':');
  const last = groups.at(-1) ?? '';
  let width = 8;
  if (last.includes('.')) {
    if (!IPV4.test(last)) return false;
    groups = groups.slice(0, -1);
    width = 6;
  }
  const compressed = value.includes('::');
  const filled = groups.filter((group) => group !== '');
  if (!filled.every((group) => HEX_GROUP.test(group))) return false;
  if (compressed)
    return (
      filled.length < width && !/:{3}/.test(value) && !(value.startsWith(':') && !value.startsWith('::')) && !(value.endsWith(':') && !value.endsWith('::'))
    );
  return groups.length === width;
}
