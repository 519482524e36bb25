/// Placeholder replaced below.
public struct Frame: Equatable, Sendable {}
