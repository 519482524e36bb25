import Foundation

/// An 8-bit RGB or RGBA PNG decoded to pixels, for tests that check what
/// `rsvg-convert` drew. The zlib stream is inflated by the system's libz,
/// loaded with dlopen (librsvg needs it, so it is there wherever
/// rsvg-convert is); the five PNG row filters are undone here.
public struct PNGImage: Sendable {
    public var width: Int
    public var height: Int
    /// Red, green, blue per pixel, row by row (alpha dropped).
    public var rgb: [UInt8]

    public struct Unreadable: Error, CustomStringConvertible {
        public var description: String
    }

    /// The colour at column `x`, row `y`.
    public func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let i = (y * width + x) * 3
        return (rgb[i], rgb[i + 1], rgb[i + 2])
    }

    public init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw Unreadable(description: "cannot read \(path)") }
        try self.init(data: [UInt8](data))
    }

    public init(data: [UInt8]) throws {
        guard data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Unreadable(description: "not a PNG") }
        func be32(_ i: Int) -> Int { data[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
        var i = 8, compressed: [UInt8] = [], header: [UInt8] = []
        while i + 8 <= data.count {
            let length = be32(i), type = String(decoding: data[(i + 4)..<(i + 8)], as: UTF8.self)
            guard i + 12 + length <= data.count else { throw Unreadable(description: "truncated \(type) chunk") }
            let body = Array(data[(i + 8)..<(i + 8 + length)])
            if type == "IHDR" { header = body }
            if type == "IDAT" { compressed += body }
            i += 12 + length
        }
        guard header.count == 13 else { throw Unreadable(description: "no IHDR") }
        let w = header[0..<4].reduce(0) { $0 << 8 | Int($1) }, h = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        guard header[8] == 8, header[9] == 2 || header[9] == 6, header[12] == 0 else {
            throw Unreadable(description: "only 8-bit non-interlaced RGB/RGBA (depth \(header[8]), type \(header[9]))")
        }
        let channels = header[9] == 6 ? 4 : 3, stride = w * channels
        let raw = try Self.inflate(compressed, size: h * (stride + 1))
        var previous = [UInt8](repeating: 0, count: stride), pixels = [UInt8]()
        pixels.reserveCapacity(w * h * 3)
        for y in 0..<h {
            let filter = raw[y * (stride + 1)]
            var row = Array(raw[(y * (stride + 1) + 1)..<((y + 1) * (stride + 1))])
            for x in 0..<stride {
                let a = x >= channels ? Int(row[x - channels]) : 0, b = Int(previous[x])
                let c = x >= channels ? Int(previous[x - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw Unreadable(description: "row filter \(filter)")
                }
                row[x] = UInt8((Int(row[x]) + predictor) & 0xFF)
            }
            for x in 0..<w { pixels += row[(x * channels)..<(x * channels + 3)] }
            previous = row
        }
        width = w
        height = h
        rgb = pixels
    }

    private typealias Uncompress = @convention(c) (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?,
                                                    UnsafePointer<UInt8>?, UInt) -> Int32

    /// zlib's `uncompress` into exactly `size` bytes.
    static func inflate(_ compressed: [UInt8], size: Int) throws -> [UInt8] {
        guard let library = dlopen("libz.so.1", RTLD_NOW) ?? dlopen("libz.dylib", RTLD_NOW),
              let symbol = dlsym(library, "uncompress") else { throw Unreadable(description: "libz is not loadable") }
        let uncompress = unsafeBitCast(symbol, to: Uncompress.self)
        var out = [UInt8](repeating: 0, count: size)
        var length = UInt(size)
        let rc = out.withUnsafeMutableBufferPointer { o in
            compressed.withUnsafeBufferPointer { uncompress(o.baseAddress, &length, $0.baseAddress, UInt($0.count)) }
        }
        guard rc == 0, length == UInt(size) else { throw Unreadable(description: "zlib says \(rc), \(length) of \(size) bytes") }
        return out
    }
}
