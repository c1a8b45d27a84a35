import NIOCore

/// The key per-address limits count a client under.
enum AddressGroup {
    /// An IPv4 address as itself; an IPv6 address by its /64 prefix (`2001:db8:1:2::/64`), since one
    /// subscriber is given a whole /64 and may use any address in it; an IPv4-mapped IPv6 address
    /// (`::ffff:10.0.0.1`) as its IPv4 address. Anything else (`unknown`) as itself.
    static func key(of address: String) -> String {
        guard address.contains(":"), case .v6(let v6)? = try? SocketAddress(ipAddress: address, port: 0) else { return address }
        let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        let hextets = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return hextets.joined(separator: ":") + "::/64"
    }
}
