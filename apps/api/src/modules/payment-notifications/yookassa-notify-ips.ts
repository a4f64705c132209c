import { BlockList, isIPv4 } from 'node:net';

// YOOKASSA_NOTIFY_IPS as a matcher (decision 0203): an address or a CIDR per entry, IPv4 and IPv6.

const lists = new WeakMap<readonly string[], BlockList>();

function listOf(entries: readonly string[]): BlockList {
  let list = lists.get(entries);
  if (list) return list;
  list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  lists.set(entries, list);
  return list;
}

/** Whether `ip` (as the request saw it, IPv4-mapped IPv6 included) is one of YooKassa's addresses. */
export function fromYooKassa(entries: readonly string[], ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped?.[1] ?? ip;
  try {
    return listOf(entries).check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
}
