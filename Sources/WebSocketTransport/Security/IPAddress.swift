import Foundation
import NIOCore

/// An IP address as its bytes: 4 for IPv4, 16 for IPv6. An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`)
/// is its IPv4 address, since a dual-stack socket reports IPv4 clients that way and the same client must
/// count (and be trusted) as one.
package struct IPAddress: Hashable, Sendable {
    package let bytes: [UInt8]

    /// The address `text` names; nil for anything else (a host name, `unknown`, a port, brackets).
    package init?(_ text: some StringProtocol) {
        guard let address = try? SocketAddress(ipAddress: String(text), port: 0) else { return nil }
        switch address {
        case .v4(let v4):
            bytes = withUnsafeBytes(of: v4.address.sin_addr) { Array($0) }
        case .v6(let v6):
            let all = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
            let isMapped = all[0..<10].allSatisfy { $0 == 0 } && all[10] == 0xFF && all[11] == 0xFF
            bytes = isMapped ? Array(all[12...]) : all
        case .unixDomainSocket:
            return nil
        }
    }

    package var isIPv4: Bool { bytes.count == 4 }

    /// The address as text: dotted decimal for IPv4; for IPv6 eight lowercase hextets with the longest
    /// run of zeros shortened (`inet_ntop`), so that one address is always written one way.
    package var text: String {
        if isIPv4 { return bytes.map(String.init).joined(separator: ".") }
        return (try? SocketAddress(packedIPAddress: ByteBuffer(bytes: bytes), port: 0).ipAddress) ?? hextets(8)
    }

    /// The first `count` 16-bit groups of an IPv6 address, in hexadecimal without leading zeros,
    /// joined by colons (`2001:db8:1:2` for a /64).
    package func hextets(_ count: Int) -> String {
        stride(from: 0, to: count * 2, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            .joined(separator: ":")
    }
}

/// An IP address or a CIDR block of them (`127.0.0.1`, `10.0.0.0/8`, `2001:db8::/32`): what
/// `--trusted-proxy` names.
package struct IPAddressRange: Sendable {
    package let network: IPAddress
    /// How many leading bits an address must share with `network` to be in the range.
    package let prefixLength: Int

    /// The range `text` names; nil when it is not an address with an optional `/length` that fits the
    /// address's family. A block of IPv4-mapped addresses (`::ffff:10.0.0.0/104`) is the IPv4 block.
    package init?(_ text: some StringProtocol) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(parts[0]) else { return nil }
        let written = parts[0].contains(":") ? 128 : 32
        var length = written
        if parts.count == 2 {
            guard parts[1].allSatisfy(\.isASCIIDigit), let given = Int(parts[1]), (0...written).contains(given) else { return nil }
            length = given
        }
        // A mapped IPv4 address written as IPv6 counts its prefix over the whole 128 bits.
        if address.isIPv4 && written == 128 {
            guard length >= 96 else { return nil }
            length -= 96
        }
        network = address
        prefixLength = length
    }

    package func contains(_ address: IPAddress) -> Bool {
        guard address.bytes.count == network.bytes.count else { return false }
        var remaining = prefixLength
        for (mine, theirs) in zip(network.bytes, address.bytes) where remaining > 0 {
            let mask: UInt8 = remaining >= 8 ? 0xFF : ~(0xFF >> UInt8(remaining))
            guard mine & mask == theirs & mask else { return false }
            remaining -= 8
        }
        return true
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
