/// Braille canvases of one size stacked by meaning: a cell shows every dot
/// of every layer, in the role of the first layer (highest priority) that has
/// a dot there. Pictures draw the night in one layer and the sites in another
/// and so keep their colours apart, while `--no-color` still sees every dot.
public struct BrailleLayers: Equatable, Sendable {
    public private(set) var layers: [BrailleCanvas]
    public let roles: [StyleRole]

    /// Layers in priority order (first wins the cell's role).
    public init(widthCells: Int, heightCells: Int, roles: [StyleRole]) {
        self.roles = roles
        layers = roles.map { _ in BrailleCanvas(widthCells: widthCells, heightCells: heightCells) }
    }

    public var widthCells: Int { layers.first?.widthCells ?? 0 }
    public var heightCells: Int { layers.first?.heightCells ?? 0 }
    public var widthDots: Int { widthCells * 2 }
    public var heightDots: Int { heightCells * 4 }

    public mutating func set(_ layer: Int, _ x: Int, _ y: Int) { layers[layer].set(x, y) }
    public mutating func line(_ layer: Int, from a: (x: Int, y: Int), to b: (x: Int, y: Int)) {
        layers[layer].line(from: a, to: b)
    }
    /// A small blob of dots centred on (x, y): `radius` 0 is one dot, 1 a 3×3 square.
    public mutating func blob(_ layer: Int, _ x: Int, _ y: Int, radius: Int = 1) {
        for dx in -radius...radius { for dy in -radius...radius { layers[layer].set(x + dx, y + dy) } }
    }

    /// One cell: its Braille character (all layers' dots) and its role.
    public func cell(_ column: Int, _ row: Int) -> (character: Character, role: StyleRole) {
        var bits: UInt8 = 0
        var role: StyleRole?
        for (canvas, r) in zip(layers, roles) {
            let b = canvas.bits[row * canvas.widthCells + column]
            if b != 0 && role == nil { role = r }
            bits |= b
        }
        guard bits != 0, let scalar = Unicode.Scalar(0x2800 + UInt32(bits)) else { return (" ", .normal) }
        return (Character(scalar), role ?? .normal)
    }

    /// The picture as rows of runs, one role per run.
    public var runs: [[(text: String, role: StyleRole)]] {
        (0..<heightCells).map { row in
            var out: [(text: String, role: StyleRole)] = []
            for column in 0..<widthCells {
                let c = cell(column, row)
                if let last = out.last, last.role == c.role {
                    out[out.count - 1].text.append(c.character)
                } else {
                    out.append((String(c.character), c.role))
                }
            }
            return out
        }
    }

    /// The picture as plain text lines.
    public var lines: [String] { runs.map { $0.map(\.text).joined() } }
}
