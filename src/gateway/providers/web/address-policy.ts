import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

/**
 * Which addresses the gateway's own fetches may reach. Only global unicast counts as public: loopback,
 * private, link-local, carrier-grade NAT, multicast, reserved ranges and the IPv6 forms that embed an
 * IPv4 address (mapped, NAT64, 6to4, Teredo) are all refused unless private addresses are allowed.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false
  let addr = ipaddr.parse(ip)
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address()
  return addr.range() === 'unicast'
}

/** An address the policy refused: the fetch names the host and address and says how to allow it. */
export class BlockedAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address}, a loopback, private or link-local address; fetches there are refused (tools.web_search.allow_private_addresses allows them).`)
    this.name = 'BlockedAddressError'
  }
}

export type AddressCheck = (ip: string) => boolean

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void
export type LookupFunction = (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback) => void

/**
 * A `lookup` for net.connect that resolves the name and refuses it when any address it resolves to is
 * not allowed. The connection then goes to exactly the addresses checked, so a name that changes its
 * answer between a check and the connect (DNS rebinding) cannot slip through.
 */
export function guardedLookup(allowed: AddressCheck, resolve: LookupFunction = dnsLookup as unknown as LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, options.all ? [] : '', undefined)
      const list = addresses as LookupAddress[]
      const bad = list.find((a) => !allowed(a.address))
      if (bad) return callback(Object.assign(new BlockedAddressError(hostname, bad.address), { code: 'EADDRBLOCKED' }), options.all ? [] : '', undefined)
      if (options.all) return callback(null, list)
      const first = list[0]
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', undefined)
      callback(null, first.address, first.family)
    })
  }
}

/** A URL's host when it is an IP literal (`127.0.0.1`, `[::1]`): net.connect skips `lookup` for those. */
export function literalAddress(url: URL): string | null {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
  return isIP(host) ? host : null
}
