// libFuzzer target: the gpsd JSON reader never traps, and any fix it reports
// has a latitude within ±90° and a longitude within ±180°.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGPSD(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let report = GPSDReader.parse(bytes: bytes) else { return 0 }
    if case .tpv(let fix) = report, let position = fix.position {
        fuzzCheck(abs(position.latitudeDegrees) <= 90 && abs(position.longitudeDegrees) <= 180,
                  "position \(position) from \(String(decoding: bytes, as: UTF8.self).debugDescription)")
    }
    return 0
}
