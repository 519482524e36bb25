/// Bytes gathered in a buffer and handed to `flush` in large chunks: the
/// way an export streams a million rows in constant memory (the buffer is
/// flushed once it passes `chunkBytes`, and at `finish`).
///
/// The append methods work on UTF-8 bytes, never on `Character`s or
/// scalars one by one, so a row costs a few copies, not a rebuild.
public struct ByteWriter {
    /// How many bytes are gathered before `flush` is called.
    public static let chunkBytes = 64 * 1024

    public private(set) var buffer: [UInt8] = []
    private let flush: ([UInt8]) throws -> Void

    /// `flush` receives each full chunk (and the rest at `finish`).
    public init(flush: @escaping ([UInt8]) throws -> Void) {
        self.flush = flush
        buffer.reserveCapacity(Self.chunkBytes + 4096)
    }

    /// Appends `text`'s UTF-8 bytes.
    public mutating func append(_ text: String) throws {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
        try flushIfFull()
    }

    /// Appends raw bytes.
    public mutating func append(bytes: some Sequence<UInt8>) throws {
        buffer.append(contentsOf: bytes)
        try flushIfFull()
    }

    /// Appends one byte.
    public mutating func append(byte: UInt8) {
        buffer.append(byte)
    }

    /// Hands what is gathered to `flush` if it passed `chunkBytes`.
    public mutating func flushIfFull() throws {
        if buffer.count >= Self.chunkBytes { try finish() }
    }

    /// Hands everything gathered to `flush`.
    public mutating func finish() throws {
        guard !buffer.isEmpty else { return }
        try flush(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
