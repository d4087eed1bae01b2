/**
 * Whether a URL's host is one the public internet could serve. A cover is fetched by the owner's
 * WebView (and by anyone the folder is shown to), so an address on the viewer's own machine or
 * network (`http://127.0.0.1/`, a router at `192.168.1.1`, a cloud's metadata at `169.254.169.254`)
 * would make the product fetch it for whoever wrote it. The host is read after the WHATWG URL parser
 * has normalised it, so every notation of an address (`0x7f.1`, `2130706433`, `017700000001`, `127.1`,
 * `[::ffff:127.0.0.1]`) arrives here as the address a browser would connect to.
 *
 * A name is judged by its text only: a public name that resolves to a private address (DNS rebinding)
 * cannot be told from here; the pages' own CSP and the WebView are the next line there.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net'

/** Special-purpose ranges no cover can live on (IANA special registries, RFC 6890 and successors). */
const NOT_PUBLIC = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network" (0.0.0.0 reaches the local machine)
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4')
}
// An IPv4-mapped address (`::ffff:7f00:1`) is judged by the IPv4 ranges above: BlockList maps it.
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 with an embedded IPv4 address
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some stacks)
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6')
}

/** Names that always mean this machine or a local network, whatever DNS says. */
const LOCAL_NAME = /(?:^|\.)(?:localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/

/** `hostname` as `URL` gives it (`127.0.0.1`, `[::1]`, `example.com.`): true when it may be public. */
export function isPublicHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (host === '') return false
  if (host.startsWith('[') && host.endsWith(']')) {
    const address = host.slice(1, -1)
    return isIPv6(address) && !NOT_PUBLIC.check(address, 'ipv6')
  }
  if (isIPv4(host)) return !NOT_PUBLIC.check(host, 'ipv4')
  // A name with no dot (`intranet`, `router`) is resolved on the local network's search domains.
  return host.includes('.') && !LOCAL_NAME.test(host)
}
