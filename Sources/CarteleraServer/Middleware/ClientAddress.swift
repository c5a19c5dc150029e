#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore

/// A client's IP address as the rate limits count it: the address's bytes, without the port (every connection of a
/// client shares its budget), hashed as two words instead of written as text for every request.
struct ClientAddress: Hashable, Sendable {
    private var high: UInt64 = 0, low: UInt64 = 0
    private var family: UInt8 = 0

    /// The address of `socket`'s IPv4 or IPv6 address; one shared value for no address (or a Unix socket's).
    init(_ socket: SocketAddress?) {
        switch socket {
        case .v4(let address):
            family = 4
            low = UInt64(address.address.sin_addr.s_addr)
        case .v6(let address):
            family = 6
            (high, low) = withUnsafeBytes(of: address.address.sin6_addr) { bytes in
                (bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self), bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            }
        case .unixDomainSocket, nil:
            break
        }
    }

    /// The address as text, as `SocketAddress.ipAddress` writes it (`inet_ntop`); nil without an IP address.
    var text: String? {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written: UnsafePointer<CChar>?
        switch family {
        case 4:
            var address = in_addr(s_addr: UInt32(truncatingIfNeeded: low))
            written = inet_ntop(AF_INET, &address, &text, socklen_t(text.count))
        case 6:
            // The two words were read from the address's sixteen bytes in memory order, and are put back the same way.
            var address = (high, low)
            written = inet_ntop(AF_INET6, &address, &text, socklen_t(text.count))
        default:
            return nil
        }
        guard written != nil else { return nil }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
