/// Splits a byte stream into lines; a line longer than the limit is dropped
/// whole (up to its newline) rather than buffered without bound.
struct LineSplitter {
    let maximumLineBytes: Int
    private var buffer: [UInt8] = []
    private var discarding = false

    init(maximumLineBytes: Int) {
        self.maximumLineBytes = maximumLineBytes
    }

    mutating func append(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        for b in bytes {
            if b == 0x0A {
                if !discarding {
                    if buffer.last == 0x0D { buffer.removeLast() }
                    lines.append(buffer)
                }
                buffer.removeAll(keepingCapacity: true)
                discarding = false
            } else if !discarding {
                buffer.append(b)
                if buffer.count > maximumLineBytes {
                    buffer.removeAll(keepingCapacity: true)
                    discarding = true
                }
            }
        }
        return lines
    }
}
