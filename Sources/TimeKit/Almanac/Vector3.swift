import Foundation

/// A Cartesian 3-vector (the unit is the caller's: km, au, or none).
public struct Vector3: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var z: Double
    public init(_ x: Double, _ y: Double, _ z: Double) { self.x = x; self.y = y; self.z = z }

    public static let zero = Vector3(0, 0, 0)
    public static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    public static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
    public static func * (a: Vector3, s: Double) -> Vector3 { Vector3(a.x * s, a.y * s, a.z * s) }
    public func dot(_ b: Vector3) -> Double { x * b.x + y * b.y + z * b.z }
    public var length: Double { (x * x + y * y + z * z).squareRoot() }
    public var unit: Vector3 { self * (1 / length) }

    /// Unit vector toward right ascension and declination (radians).
    public static func direction(raRadians: Double, decRadians: Double) -> Vector3 {
        Vector3(cos(decRadians) * cos(raRadians), cos(decRadians) * sin(raRadians), sin(decRadians))
    }
}

/// A 3×3 rotation matrix, row-major.
public struct Matrix3: Equatable, Sendable {
    public var r0: Vector3
    public var r1: Vector3
    public var r2: Vector3

    public static let identity = Matrix3(r0: Vector3(1, 0, 0), r1: Vector3(0, 1, 0), r2: Vector3(0, 0, 1))

    public static func * (m: Matrix3, v: Vector3) -> Vector3 { Vector3(m.r0.dot(v), m.r1.dot(v), m.r2.dot(v)) }

    /// The transpose (for a rotation, its inverse).
    public var transposed: Matrix3 {
        Matrix3(r0: Vector3(r0.x, r1.x, r2.x), r1: Vector3(r0.y, r1.y, r2.y), r2: Vector3(r0.z, r1.z, r2.z))
    }

    public static func * (a: Matrix3, b: Matrix3) -> Matrix3 {
        let c0 = Vector3(b.r0.x, b.r1.x, b.r2.x)
        let c1 = Vector3(b.r0.y, b.r1.y, b.r2.y)
        let c2 = Vector3(b.r0.z, b.r1.z, b.r2.z)
        func row(_ r: Vector3) -> Vector3 { Vector3(r.dot(c0), r.dot(c1), r.dot(c2)) }
        return Matrix3(r0: row(a.r0), r1: row(a.r1), r2: row(a.r2))
    }

    /// Rotation of the frame about the x axis by `angle` radians (SOFA's iauRx).
    public static func rx(_ angle: Double) -> Matrix3 {
        let c = cos(angle), s = sin(angle)
        return Matrix3(r0: Vector3(1, 0, 0), r1: Vector3(0, c, s), r2: Vector3(0, -s, c))
    }

    /// Rotation of the frame about the z axis by `angle` radians (SOFA's iauRz).
    public static func rz(_ angle: Double) -> Matrix3 {
        let c = cos(angle), s = sin(angle)
        return Matrix3(r0: Vector3(c, s, 0), r1: Vector3(-s, c, 0), r2: Vector3(0, 0, 1))
    }
}
