#!/usr/bin/env bash
# Fuzz timedeck's parsers with libFuzzer (issue 8).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     default: 60 s each, every target
#
# Each target is one harness file Fuzz/<target>.swift compiled together with
# the sources it exercises (as one module, so no package build is needed) by
# `swiftc -sanitize=fuzzer,address`. The committed seed corpus is
# Fuzz/corpus/<target>/; new inputs the fuzzer finds go to
# .build/fuzz/corpus/<target>/ (not committed), crashes to .build/fuzz/artifacts/.
# Exit status: 0 when every target ran clean, 1 when any found a crash/hang.
set -uo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-60}
shift || true
SWIFTC=${SWIFTC:-swiftc}
OUT=.build/fuzz
mkdir -p "$OUT/artifacts"
export SWIFT_BACKTRACE=enable=no      # the backtracer can stall a crashing run
# Globals built once (the place database) are never freed: not a leak.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
export TIMEDECK_RESOURCES="$PWD/Resources"

timekit() { find Sources/TimeKit -name '*.swift' | sort; }
sources_for() {
    case "$1" in
        instant|longitude|duration|place-search|call-time|config|gpsd|position|sanitizer) timekit ;;
        key-decoder) echo Sources/Dashboard/Keys/Key.swift Sources/Dashboard/Keys/KeyDecoder.swift \
            Sources/Dashboard/Keys/ControlStringFilter.swift ;;
        *) echo "unknown target $1" >&2; return 1 ;;
    esac
}
ALL="instant longitude duration place-search call-time config key-decoder gpsd position sanitizer"
TARGETS=${*:-$ALL}

status=0
printf '%-14s %8s %10s %10s %8s %s\n' target seconds execs execs/s corpus result
for t in $TARGETS; do
    bin="$OUT/$t"
    # shellcheck disable=SC2046
    if ! "$SWIFTC" -sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -module-name "Fuzz_${t//-/_}" \
        $(sources_for "$t") Fuzz/FuzzSupport.swift "Fuzz/$t.swift" -o "$bin" > "$OUT/$t.build.log" 2>&1; then
        grep -v 'ld.gold: warning' "$OUT/$t.build.log" | head -20
        echo "$t: build failed (log: $OUT/$t.build.log)"; status=1; continue
    fi
    mkdir -p "$OUT/corpus/$t" "Fuzz/corpus/$t"
    log="$OUT/$t.log"
    timeout $((SECONDS_EACH + 60)) "$bin" "$OUT/corpus/$t" "Fuzz/corpus/$t" \
        -max_total_time="$SECONDS_EACH" -timeout=5 -rss_limit_mb=1024 -max_len=512 \
        -artifact_prefix="$OUT/artifacts/$t-" -print_final_stats=1 > "$log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    units=$(ls "$OUT/corpus/$t" | wc -l)
    if [ $rc -eq 0 ]; then result=clean; else result="FOUND (rc $rc, see $log)"; status=1; fi
    printf '%-14s %8s %10s %10s %8s %s\n' "$t" "$SECONDS_EACH" "${execs:-?}" "${speed:-?}" "$units" "$result"
done
exit $status
