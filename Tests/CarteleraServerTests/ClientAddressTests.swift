@testable import CarteleraServer
import NIOCore
import Testing

@Suite struct ClientAddressTests {
    /// The access log's client is the text NIO writes for the socket's address, whichever family it is.
    @Test(arguments: ["127.0.0.1", "10.20.30.40", "255.255.255.255", "0.0.0.0", "::1", "::", "2001:db8::8a2e:370:7334",
                      "fe80::1:2:3:4", "::ffff:192.0.2.128", "2001:db8:1:2:3:4:5:6"])
    func writesTheAddressAsNIODoes(_ ip: String) throws {
        let socket = try SocketAddress(ipAddress: ip, port: 443)
        #expect(ClientAddress(socket).text == socket.ipAddress)
        #expect(ClientAddress(socket).text != nil)
    }

    /// Without an IP address there is no text: the log says "unknown", and every such client shares one budget.
    @Test func aSocketWithoutAnIPAddressHasNoText() throws {
        #expect(ClientAddress(nil).text == nil)
        let unix = try SocketAddress(unixDomainSocketPath: "/tmp/cartelera.sock")
        #expect(ClientAddress(unix).text == nil)
        #expect(ClientAddress(unix) == ClientAddress(nil))
    }

    /// The port is not part of the client: every connection of one address counts against one budget; another address does not.
    @Test func connectionsOfOneAddressAreOneClient() throws {
        #expect(ClientAddress(try SocketAddress(ipAddress: "192.0.2.7", port: 1000)) == ClientAddress(try SocketAddress(ipAddress: "192.0.2.7", port: 2000)))
        #expect(ClientAddress(try SocketAddress(ipAddress: "192.0.2.7", port: 1000)) != ClientAddress(try SocketAddress(ipAddress: "192.0.2.8", port: 1000)))
        #expect(ClientAddress(try SocketAddress(ipAddress: "::1", port: 1)) != ClientAddress(try SocketAddress(ipAddress: "127.0.0.1", port: 1)))
    }
}
