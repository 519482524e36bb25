#!/usr/bin/env bash
# Where an idle dashboard's instructions go: runs BINARY under callgrind in a
# tmux pane (100x30 unless COLUMNS_ROWS="WxH"), lets it settle SETTLE
# seconds (default 30), zeroes the counters, waits SECS seconds (default 30),
# dumps, and prints the total and the top functions (inclusive).
# Instruction counts repeat exactly on a busy machine, unlike CPU time.
#
# CONFIG=FILE uses FILE as the dashboard's config.toml (e.g. the weather
# panel on, pointed at a local forecast server); KEYS="Tab p" sends those
# tmux keys 15 s after the start (e.g. to open a Mars picture), before the
# counters are zeroed.
#
#   scripts/idle-profile.sh .build/release/timedeck /tmp/idle-prof 30
#
# valgrind 3.19 cannot read Swift's DWARF 5: the binary is copied and
# stripped of debug sections (symbols stay) before it runs.
set -euo pipefail
binary=${1:?usage: idle-profile.sh BINARY OUTDIR [SECS]}
out=${2:?usage: idle-profile.sh BINARY OUTDIR [SECS]}
secs=${3:-30}
settle=${SETTLE:-30}
size=${COLUMNS_ROWS:-100x30}
command -v valgrind >/dev/null || { echo "idle-profile: valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
command -v tmux >/dev/null || { echo "idle-profile: tmux is not installed" >&2; exit 2; }
mkdir -p "$out"
rm -f "$out"/cg.out.*
cp "$binary" "$out/timedeck"
strip --strip-debug "$out/timedeck"
home=$(mktemp -d)
session=idle-prof-$$
resources=${TIMEDECK_RESOURCES:-$(cd "$(dirname "$0")/.." && pwd)/Resources}
mkdir -p "$home/.config/timedeck"
if [ -n "${CONFIG:-}" ]; then cp "$CONFIG" "$home/.config/timedeck/config.toml"; fi
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$home"' EXIT
tmux new-session -d -s "$session" -x "${size%x*}" -y "${size#*x}" \
  "env HOME=$home XDG_CONFIG_HOME=$home/.config XDG_DATA_HOME=$home/.local/share TIMEDECK_RESOURCES=$resources TERM=xterm-256color \
   valgrind --tool=callgrind --callgrind-out-file=$out/cg.out.%p $out/timedeck"
if [ -n "${KEYS:-}" ]; then
  sleep 15
  # shellcheck disable=SC2086
  tmux send-keys -t "$session" $KEYS
  settle=$(( settle > 15 ? settle - 15 : 1 ))
fi
sleep "$settle"
callgrind_control -z "$out/timedeck" >/dev/null
sleep "$secs"
callgrind_control -d "$out/timedeck" >/dev/null
sleep 2
dump=$(ls -t "$out"/cg.out.*.1 2>/dev/null | head -1)
[ -n "$dump" ] || { echo "idle-profile: no dump was written" >&2; exit 1; }
total=$(grep -m1 '^summary:\|^totals:' "$dump" | awk '{print $2}')
echo "instructions in $secs s: $total ($(awk -v t="$total" -v s="$secs" 'BEGIN{printf "%.2f M/s", t/s/1e6}'))"
callgrind_annotate --inclusive=yes "$dump" 2>/dev/null | sed -n '1,/^--.*$/d; /Ir/,+40p' | head -45
