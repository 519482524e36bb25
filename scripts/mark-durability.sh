#!/usr/bin/env bash
# Durability soak: N times, start the dashboard in tmux, press Space, wait
# until the new row is on screen (the acknowledgement comes only after the
# commit), kill -9 the process at once, and check `timedeck marks list`
# holds every acknowledged mark.
#
#   scripts/mark-durability.sh [N=100] [BINARY=.build/debug/timedeck]
set -euo pipefail
n=${1:-100}
bin=$(realpath "${2:-.build/debug/timedeck}")
home=$(mktemp -d /tmp/timedeck-durability-XXXXXX)
sock="timedeck-durability-$$"
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$home"' EXIT
printf '[marks]\ngpsd = "off"\nbell = false\n' > "$home/config.toml"
export TIMEDECK_HOME="$home" TIMEDECK_CONFIG="$home/config.toml"

wait_for() {  # wait_for TEXT: poll the pane every 5 ms for up to 5 s
  for _ in $(seq 1000); do
    tmux -L "$sock" capture-pane -p -t d 2>/dev/null | grep -qF -- "$1" && return 0
    sleep 0.005
  done
  return 1
}

for i in $(seq "$n"); do
  tmux -L "$sock" -f /dev/null new-session -d -s d -x 100 -y 30 "exec '$bin'"
  wait_for "Marks " || { echo "round $i: dashboard did not start"; exit 1; }
  pid=$(tmux -L "$sock" display-message -p -t d '#{pane_pid}')
  tmux -L "$sock" send-keys -t d Space
  wait_for "#$i  " || { echo "round $i: mark not shown"; exit 1; }
  kill -9 "$pid"
  tmux -L "$sock" kill-server 2>/dev/null || true
  count=$("$bin" marks list --json | grep -c '"id" :')
  if [ "$count" -ne "$i" ]; then echo "round $i: $count marks stored, expected $i"; exit 1; fi
done
check=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('PRAGMA integrity_check').fetchone()[0])" "$home/timedeck.sqlite")
if [ "$check" != "ok" ]; then echo "integrity_check: $check"; exit 1; fi
echo "durability: $n/$n acknowledged marks survived kill -9; PRAGMA integrity_check: ok"
