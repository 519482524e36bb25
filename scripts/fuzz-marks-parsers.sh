#!/usr/bin/env bash
# libFuzzer + AddressSanitizer over the marks' text parsers: the gpsd JSON
# reader, gpsd times, positions, gpsd addresses and the inert-text filter.
# Builds TimeKit's sources with a fuzz entry point in a scratch folder.
#
#   scripts/fuzz-marks-parsers.sh [SECONDS=120]
set -euo pipefail
seconds=${1:-120}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/timedeck-fuzz-XXXXXX)
trap 'echo "work folder (corpus, any crash files): $work"' EXIT
cat > "$work/entry.swift" <<'SWIFT'
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    _ = GPSDReader.parse(bytes: Array(bytes))
    if let s = String(bytes: bytes, encoding: .utf8) {
        _ = GPSDTime.unixNanoseconds(iso: s)
        _ = try? GeoPosition(parsing: s)
        _ = try? GPSDAddress(parsing: s)
        _ = InertText.display(s)
    }
    return 0
}
SWIFT
mkdir -p "$work/corpus"
printf '%s' '{"class":"TPV","device":"/dev/pts/1","time":"2005-06-08T10:34:48.283Z","lat":46.498293369,"lon":7.567411672,"mode":3}' > "$work/corpus/tpv"
printf '%s' '{"class":"SKY","satellites":[{"PRN":23,"used":true}],"hdop":1.2}' > "$work/corpus/sky"
printf '%s' '{"class":"TOFF","real_sec":1330212592,"real_nsec":343182,"clock_sec":1330212592,"clock_nsec":343184}' > "$work/corpus/toff"
printf '%s' "27° 28'.02 S  153° 22'.84 E" > "$work/corpus/pos"
# shellcheck disable=SC2046
swiftc -sanitize=fuzzer,address -parse-as-library -O -enable-bare-slash-regex -swift-version 6 \
  -module-name TimeKitFuzz "$work/entry.swift" $(find "$root/Sources/TimeKit" -name '*.swift') -o "$work/fuzz"
cd "$work" && ./fuzz -max_total_time="$seconds" -max_len=4096 corpus
