import { BlockList, isIP } from 'node:net';

/**
 * Which addresses Signet's outbound client may connect to (issue 17, point 5). Every address in
 * the IANA special-purpose registries is refused — loopback, private, shared (CGNAT), link-local
 * (with the 169.254.169.254 metadata service), "this network", documentation, benchmarking,
 * multicast and reserved — unless the installation allows it (`SIGNET_OUTBOUND_ALLOW`).
 * `BlockList` matches IPv4-mapped IPv6 (`::ffff:127.0.0.1`) against the IPv4 ranges itself.
 */
const REFUSED_RANGES: readonly (readonly [string, number, 'ipv4' | 'ipv6'])[] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.88.99.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  // Unspecified, loopback and the deprecated IPv4-compatible form (::a.b.c.d).
  ['::', 96, 'ipv6'],
  // NAT64, 6to4 and Teredo embed an IPv4 address a relay would reach on our behalf.
  ['64:ff9b::', 96, 'ipv6'],
  ['64:ff9b:1::', 48, 'ipv6'],
  ['100::', 64, 'ipv6'],
  ['2001::', 23, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
  ['2002::', 16, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['fec0::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const refused = new BlockList();
for (const [network, prefix, family] of REFUSED_RANGES) refused.addSubnet(network, prefix, family);

/** The installation's exceptions: host names (exactly, not their subdomains) and addresses or CIDRs. */
export interface OutboundAllowList {
  hosts: ReadonlySet<string>;
  addresses: BlockList;
}

/** A URL's host as compared: lower case, without IPv6 brackets or a final dot. */
export function hostKey(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

const familyOf = (address: string): 'ipv4' | 'ipv6' => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/**
 * `SIGNET_OUTBOUND_ALLOW`: a comma list such as `127.0.0.1,10.0.0.0/8,intranet.example`, for
 * on-premises integrations. Throws on start when an entry is neither a host name nor an address.
 */
export function parseOutboundAllow(raw: string | undefined): OutboundAllowList {
  const hosts = new Set<string>();
  const addresses = new BlockList();
  for (const entry of (raw ?? '').split(',').map((e) => e.trim())) {
    if (!entry) continue;
    const [base = '', prefix, extra] = entry.split('/');
    const address = hostKey(base);
    if (isIP(address)) {
      const bits = prefix === undefined ? (isIP(address) === 6 ? 128 : 32) : Number(prefix);
      const max = isIP(address) === 6 ? 128 : 32;
      if (extra !== undefined || !Number.isInteger(bits) || bits < 0 || bits > max)
        throw new Error(`SIGNET_OUTBOUND_ALLOW: "${entry}" is not an address or a CIDR range`);
      addresses.addSubnet(address, bits, familyOf(address));
    } else if (
      prefix === undefined &&
      /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(address)
    ) {
      hosts.add(address);
    } else {
      throw new Error(`SIGNET_OUTBOUND_ALLOW: "${entry}" is not a host name, an address or a CIDR range`);
    }
  }
  return { hosts, addresses };
}

/** Whether the outbound client may connect to this (resolved) address. */
export function addressAllowed(address: string, allow: OutboundAllowList): boolean {
  const family = familyOf(address);
  return allow.addresses.check(address, family) || !refused.check(address, family);
}
