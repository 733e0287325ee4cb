// Which IP addresses the crawler may connect to: public unicast only. Private, loopback, link-local,
// unique-local, multicast, unspecified, documentation and other reserved ranges are refused, and so are
// IPv6 forms that carry such an IPv4 address (IPv4-mapped, SIIT, NAT64, 6to4). Link-local and cloud
// metadata addresses are refused even where a setting lifts the rule (alwaysRefusedReason).
import { isIP } from 'node:net';

/** The longest IPv6 text (eight groups of four, or six and a dotted quad: 45 characters). */
const IPV6_TEXT_MAX = 45;

type Range = readonly [bytes: number[], prefix: number];

const v4 = (cidr: string): Range => {
  const [ip, prefix] = cidr.split('/');
  return [ip!.split('.').map(Number), Number(prefix)];
};
const v6 = (cidr: string): Range => {
  const [ip, prefix] = cidr.split('/');
  return [ipv6Bytes(ip!)!, Number(prefix)];
};

const BLOCKED_V4: Array<[Range, string]> = [
  [v4('0.0.0.0/8'), 'unspecified'],
  [v4('10.0.0.0/8'), 'private'],
  [v4('100.64.0.0/10'), 'shared address space'],
  [v4('127.0.0.0/8'), 'loopback'],
  [v4('169.254.0.0/16'), 'link-local'],
  [v4('172.16.0.0/12'), 'private'],
  [v4('192.0.0.0/24'), 'reserved'],
  [v4('192.0.2.0/24'), 'documentation'],
  [v4('192.88.99.0/24'), 'reserved'],
  [v4('192.168.0.0/16'), 'private'],
  [v4('198.18.0.0/15'), 'benchmarking'],
  [v4('198.51.100.0/24'), 'documentation'],
  [v4('203.0.113.0/24'), 'documentation'],
  [v4('224.0.0.0/4'), 'multicast'],
  [v4('240.0.0.0/4'), 'reserved'],
];

const BLOCKED_V6: Array<[Range, string]> = [
  [v6('::/128'), 'unspecified'],
  [v6('::1/128'), 'loopback'],
  [v6('::/96'), 'reserved'], // IPv4-compatible (deprecated)
  [v6('100::/64'), 'reserved'],
  [v6('64:ff9b:1::/48'), 'reserved'],
  [v6('2001::/23'), 'reserved'],
  [v6('2001:db8::/32'), 'documentation'],
  [v6('fc00::/7'), 'unique-local'],
  [v6('fe80::/10'), 'link-local'],
  [v6('fec0::/10'), 'site-local'],
  [v6('ff00::/8'), 'multicast'],
];

/** IPv6 prefixes whose address embeds an IPv4 address at a byte offset; that IPv4 address is checked. */
const EMBEDS_V4: Array<[Range, number]> = [
  [v6('::ffff:0:0/96'), 12], // IPv4-mapped
  [v6('::ffff:0:0:0/96'), 12], // IPv4-translated (SIIT)
  [v6('64:ff9b::/96'), 12], // NAT64
  [v6('2002::/16'), 2], // 6to4
];

function inRange(bytes: number[], [net, prefix]: Range): boolean {
  for (let bit = 0; bit < prefix; bit += 8) {
    const take = Math.min(8, prefix - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (net[bit / 8]! & mask)) return false;
  }
  return true;
}

/**
 * The IPv4 address an IPv6 address embeds (IPv4-mapped, IPv4-translated, NAT64 or 6to4), as a dotted quad, or
 * undefined: the same IPv4 host under another spelling, which every check must see as that host.
 */
export function embeddedIpv4(bytes: readonly number[]): string | undefined {
  const found = EMBEDS_V4.find(([range]) => inRange(bytes as number[], range));
  return found ? bytes.slice(found[1], found[1] + 4).join('.') : undefined;
}

/** The 16 bytes of an IPv6 address (with an optional trailing dotted quad), or undefined. */
export function ipv6Bytes(address: string): number[] | undefined {
  let ip = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  // The longest IPv6 text is 45 characters; the trailing-quad expression below backtracks on long digit runs.
  if (ip.length > IPV6_TEXT_MAX) return undefined;
  const tail: number[] = [];
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (quad) {
    tail.push(...quad[1]!.split('.').map(Number));
    if (tail.some((b) => b > 255)) return undefined;
    ip = ip.slice(0, -quad[1]!.length) + '0:0';
  }
  const halves = ip.split('::');
  if (halves.length > 2) return undefined;
  const parse = (s: string) => (s === '' ? [] : s.split(':'));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const fill = 8 - head.length - rest.length;
  if ((halves.length === 2 && fill < 1) || (halves.length === 1 && fill !== 0)) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? fill : 0).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return undefined;
    const n = parseInt(g, 16);
    bytes.push(n >> 8, n & 0xff);
  }
  if (quad) bytes.splice(12, 4, ...tail);
  return bytes;
}

/**
 * An address in one spelling: IPv4 dotted quad (also for an IPv6 address that embeds one: IPv4-mapped,
 * IPv4-translated, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`, which a NAT64 or 6to4 network routes to that IPv4
 * host), else IPv6 as 8 groups.
 */
export function canonicalAddress(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  if (isIP(bare) === 4) return bare.split('.').map(Number).join('.');
  const bytes = ipv6Bytes(bare);
  if (!bytes) return bare.toLowerCase();
  const v4 = embeddedIpv4(bytes);
  if (v4 !== undefined) return v4;
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  return groups.join(':');
}

/**
 * Addresses no setting lifts: link-local ones (the cloud metadata service at 169.254.169.254, fe80::/10)
 * and the metadata services at other addresses (AWS over IPv6, Alibaba Cloud). No legitimate crawl, webhook
 * or agent server is there, and they hand out the machine's cloud credentials.
 */
const ALWAYS_V4: Array<[Range, string]> = [
  [v4('169.254.0.0/16'), 'link-local'],
  [v4('100.100.100.200/32'), 'cloud metadata'],
];
const ALWAYS_V6: Array<[Range, string]> = [
  [v6('fe80::/10'), 'link-local'],
  [v6('fd00:ec2::254/128'), 'cloud metadata'],
];

/** The first range of the table holding the address (an IPv6 form carrying an IPv4 address as that address). */
function classify(address: string, v4Table: Array<[Range, string]>, v6Table: Array<[Range, string]>) {
  const family = isIP(address.replace(/^\[|\]$/g, '').split('%')[0]!);
  if (family === 4) {
    const bytes = address.split('.').map(Number);
    return v4Table.find(([range]) => inRange(bytes, range))?.[1];
  }
  if (family === 6) {
    const bytes = ipv6Bytes(address);
    if (!bytes) return 'invalid';
    const v4 = embeddedIpv4(bytes);
    if (v4 !== undefined) return classify(v4, v4Table, v6Table);
    return v6Table.find(([range]) => inRange(bytes, range))?.[1];
  }
  return 'invalid';
}

/** Why an address may not be fetched ('loopback', 'private', ...), or undefined for a public unicast address. */
export const blockedReason = (address: string): string | undefined => classify(address, BLOCKED_V4, BLOCKED_V6);

/** Why an address is refused whatever the settings ('link-local', 'cloud metadata'), or undefined. */
export const alwaysRefusedReason = (address: string): string | undefined => classify(address, ALWAYS_V4, ALWAYS_V6);
