/// The key per-address limits count a client under.
enum AddressGroup {
    /// An IPv4 address as itself; an IPv6 address by its /64 prefix (`2001:db8:1:2::/64`), since one
    /// subscriber is given a whole /64 and may use any address in it; an IPv4-mapped IPv6 address
    /// (`::ffff:10.0.0.1`) as its IPv4 address. Anything else (`unknown`) as itself.
    static func key(of address: String) -> String {
        guard address.contains(":"), let parsed = IPAddress(address) else { return address }
        return parsed.isIPv4 ? parsed.text : parsed.hextets(4) + "::/64"
    }
}
