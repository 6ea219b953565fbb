import { isIPv4, isIPv6 } from 'node:net';

/**
 * Who is asking, for budgets counted per person: the address and its network.
 * - IPv4: the address itself, and its /24.
 * - IPv6: the /64 as the address (a host picks new privacy addresses inside its /64 at will, so one
 *   IPv6 address is no person) and the /56 as the network (what a subscriber is usually given).
 * An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is its IPv4 address. Anything else stands for itself.
 */
export function clientNetwork(ip: string): { address: string; network: string } {
  const v4 = ip.toLowerCase().startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(v4)) return { address: v4, network: `${v4.split('.').slice(0, 3).join('.')}.0/24` };
  const groups = isIPv6(ip) ? ipv6Groups(ip) : null;
  if (!groups) return { address: ip, network: ip };
  const hex = (g: number[]) => g.map((n) => n.toString(16)).join(':');
  return {
    address: `${hex(groups.slice(0, 4))}::/64`,
    network: `${hex([...groups.slice(0, 3), groups[3]! & 0xff00])}::/56`,
  };
}

/** The 8 groups of an IPv6 address (zone dropped, '::' expanded, a dotted IPv4 tail read as 2 groups). */
function ipv6Groups(ip: string): number[] | null {
  let text = ip.split('%')[0]!.toLowerCase();
  const tail = text.slice(text.lastIndexOf(':') + 1);
  if (tail.includes('.')) {
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  const zeros = rest === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<number>(Math.max(0, zeros)).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}
