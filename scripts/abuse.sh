#!/usr/bin/env bash
# Long variants of the abuse tests (issue 8). The short ones run in `swift test`.
#
#   scripts/abuse.sh storm     10,000 random keys + 200 random resizes in tmux
#   scripts/abuse.sh signals   every signal in every mode, 5 rounds
#   scripts/abuse.sh longrun   the simulated 72-hour run, 5 times (fresh seeds not needed: pure)
#   scripts/abuse.sh all
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
run() { swift test --filter "$1" 2>&1 | grep -E "✔ Test run|✘|key storm|full disk|bad database" ; }
case "$what" in
  storm|all)
    TIMEDECK_STORM_KEYS=${TIMEDECK_STORM_KEYS:-10000} TIMEDECK_STORM_RESIZES=${TIMEDECK_STORM_RESIZES:-200} \
      run AbuseKeyStormTests ;;&
  signals|all)
    for i in 1 2 3 4 5; do run "AbuseSignalTests|EarlySignalTests|BlockedResizeSignalTests"; done ;;&
  longrun|all)
    for i in 1 2 3 4 5; do run LongRunTests; done ;;
  storm|signals) ;;
  *) echo "usage: $0 storm|signals|longrun|all" >&2; exit 2 ;;
esac
