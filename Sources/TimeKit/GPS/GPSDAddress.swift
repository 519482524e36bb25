import Foundation

/// Where gpsd listens: `HOST:PORT`, default 127.0.0.1:2947 (gpsd(8)).
public struct GPSDAddress: Equatable, Sendable, CustomStringConvertible {
    public static let defaultPort: UInt16 = 2947
    public static let `default` = GPSDAddress(host: "127.0.0.1", port: defaultPort)

    public var host: String
    public var port: UInt16

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Bad `--gpsd` text.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var input: String
        public var description: String {
            "cannot read gpsd address \"\(InertText.display(input))\": write HOST:PORT, e.g. 127.0.0.1:2947, "
                + "[::1]:2947, or just a host for port 2947"
        }
    }

    /// `host`, `host:port`, `[v6]`, `[v6]:port`, `:port` (local host).
    public init(parsing text: String) throws {
        let s = Trimmed.whitespace(text)
        var host = s
        var portText: String?
        if s.hasPrefix("[") {
            guard let close = s.firstIndex(of: "]") else { throw ParseError(input: text) }
            host = String(s[s.index(after: s.startIndex)..<close])
            let rest = s[s.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { throw ParseError(input: text) }
                portText = String(rest.dropFirst())
            }
        } else if let colon = s.lastIndex(of: ":") {
            guard s.firstIndex(of: ":") == colon else { throw ParseError(input: text) }  // bare IPv6: use brackets
            host = String(s[..<colon])
            portText = String(s[s.index(after: colon)...])
        }
        if host.isEmpty { host = "127.0.0.1" }
        guard host.count <= 253, host.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value != 0x7F }) else {
            throw ParseError(input: text)
        }
        var port = Self.defaultPort
        if let portText {
            guard let p = UInt16(portText), p > 0 else { throw ParseError(input: text) }
            port = p
        }
        self.init(host: host, port: port)
    }

    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
