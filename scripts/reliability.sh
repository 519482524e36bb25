#!/usr/bin/env bash
# The reliability table (issue 20): runs the fault tests, one suite per kind
# of fault, and prints what was tried, what survived and what was lost, as
# the markdown table in docs/RELIABILITY.md.
#
#   scripts/reliability.sh            print the table
#   scripts/reliability.sh --update   also write it into docs/RELIABILITY.md
#
# Needs a built tree (`swift build --build-tests`); the team rows need
# PostgreSQL (the tests start their own), the full-disk rows root (mount).
# A row's "tried" is the number of tests run for that fault, "survived" the
# tests that passed (every acknowledged mark kept, every refusal clear),
# "lost" the tests that failed. Exit status 1 when anything was lost.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH=/opt/swift/usr/bin:$PATH

# fault | swift test filter
ROWS=(
  "kill -9 while marking (durability suite)|MarksDurabilityTests"
  "database locked by another process (marks, notes, deletes)|MarksLockedStoreTests"
  "database locked while a call, Mars choice or setting is saved|PendingWritesTests|AbuseLockedCallsTests"
  "corrupt, foreign, unreadable config and database files; 30,000-deep config|AbuseBadFilesTests"
  "full disk: at the first mark, while the dashboard runs|FullDiskTests|DiskFullCreationTests"
  "marks panel: failed instants listed until dismissed|MarksHeldTests"
  "store file deleted or replaced under the dashboard|AbuseStoreFileTests"
  "damaged, too long, foreign-version journal lines|MarkJournalTests|AbuseJournalTests"
  "export to a device, FIFO, link or folder; private mode|AbuseExportTests"
  "hostile text: arguments, call names, config, site names, pastes|AbuseHostileTextTests|ControlStringKeyTests|InertTextTests|FrameTests"
  "password in team.url (URL, malformed URI, conninfo, unencoded / ? @ :) or any URL|TeamSecretsTests|ConnectionStringTests|TeamPasswordFormTests|RedactedValueTests"
  "team log: hostile rows, refused changes, outage, kill -9|TeamLogClientTests|TeamEndToEndTests|MarksTeamTests"
  "every default-fatal signal, in every mode; a key pressed while stopped|AbuseSignalTests|StoppedProcessTests"
  "huge sols and counts|MarsInverseRangeTests|MarsInverseCLITests"
  "key storm: 2,000 random keys and 50 resizes|AbuseKeyStormTests"
  "control strings pasted in every family and encoding (7-bit, 8-bit, UTF-8 C1); typing after a refused key|AbuseInputTests|TerminalInputParserTests|SightsRefusedKeyTests|PastePropertyTests"
  "numbers at their extremes: forecast fields, store rows|ForecastFuzzTests|WeatherExtremeNumbersTests|AbuseStoreRowsTests"
  "team server: notices with escapes, 40 MB station names, a cut mid-query|TeamHostileServerTests|StderrCaptureTests"
  "config: symlinked, FIFO, device, loop, over 1 MiB; a refused weather.url|ConfigHardeningTests|WeatherRefusedURLTests"
  "read-only store file or folder|ReadOnlyStore"
  "10,000 arguments, 64 KiB arguments, altitudes in foreign number forms|AbuseArgumentsTests|ArgumentBoundsTests|SightFixTests/altitude|SightFixTests/minutesOver"
)

table="| fault tried | tests tried | survived | lost |
|---|---:|---:|---:|"
lost_total=0
for row in "${ROWS[@]}"; do
  fault=${row%%|*}
  filter=${row#*|}
  log=$(mktemp)
  swift test --skip-build --filter "$filter" > "$log" 2>&1
  summary=$(grep -E 'Test run with [0-9]+ tests?' "$log" | tail -1)
  tried=$(sed -nE 's/.*Test run with ([0-9]+) tests?.*/\1/p' <<< "$summary")
  failed=$(grep -E '^✘ Test .* failed after' "$log" | grep -vc '^✘ Test run with')
  tried=${tried:-0}
  survived=$((tried - failed))
  lost_total=$((lost_total + failed))
  table+="
| $fault | $tried | $survived | $failed |"
  rm -f "$log"
done
echo "$table"

if [ "${1:-}" = "--update" ]; then
  python3 - "$table" <<'PY'
import re, sys
path = "docs/RELIABILITY.md"
text = open(path).read()
start, end = "<!-- reliability-table -->", "<!-- /reliability-table -->"
new = start + "\n" + sys.argv[1] + "\n" + end
text = re.sub(re.escape(start) + ".*?" + re.escape(end), lambda _: new, text, flags=re.S)
open(path, "w").write(text)
PY
fi
[ "$lost_total" -eq 0 ]
