#!/usr/bin/env bash
# Builds dist/timedeck_VERSION_ARCH.deb from `make install PREFIX=/usr` into a
# staging folder. Depends: the Debian packages that own the libraries the
# binary links directly (ELF NEEDED, resolved by ldd, owned per dpkg -S), so
# the list follows the build; Recommends: those of the libraries it loads
# on first use (libpq, libcurl).
set -euo pipefail
cd "$(dirname "$0")/.."
version="$1"
arch="$2"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
make --no-print-directory install PREFIX=/usr DESTDIR="$stage" >/dev/null

depends=()
owner_of() {
  # dpkg knows a library by the path it installed, which a merged /usr may
  # show under /lib, /usr/lib or the symlink's target: try each.
  local path
  for path in "$1" "$(readlink -f "$1")" "${1#/usr}" "/usr$1"; do
    # awk reads to the end (no `head`): under pipefail a reader that stops
    # early gives the writer SIGPIPE and the pipeline status 141.
    dpkg -S "$path" 2>/dev/null | awk -F: 'NR == 1 { print $1 }' && return 0
  done
  return 1
}
# The libraries the binary itself needs (ELF NEEDED), as ldd resolves them:
# their packages pull in the rest, as Debian's own Depends do.
direct_libraries() {
  local needed
  needed="$(readelf -d "$1" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p')"
  ldd "$1" | awk -v names="$needed" 'BEGIN { n = split(names, a, "\n"); for (i = 1; i <= n; i++) want[a[i]] = 1 }
    $2 == "=>" && ($1 in want) && $3 ~ /^\// { print $3 }' | sort -u
}
while read -r lib; do
  owner="$(owner_of "$lib")" || true
  [ -n "$owner" ] || { echo "make-deb: no Debian package owns $lib" >&2; exit 1; }
  # The minimal version is the one built against (Debian's own practice,
  # without dpkg-shlibdeps's symbol files).
  ver="$(dpkg-query -W -f='${Version}' "$owner")"
  upstream="${ver%%-*}"
  depends+=("$owner (>= ${upstream#*:})")
done < <(direct_libraries "$stage/usr/bin/timedeck")
dep_line="$(printf '%s\n' "${depends[@]}" | sort -u | paste -sd, | sed 's/,/, /g')"

# Recommends: the libraries the binary dlopen()s on first use (issue 31:
# libpq for the team log, libcurl for the weather), by the soname the shims
# load (TD_LIBPQ_SONAME, TD_LIBCURL_SONAME), as found by the loader here.
recommends=()
for soname in libpq.so.5 libcurl.so.4; do
  # No `exit` in awk: ldconfig's list outgrows a pipe buffer on a machine
  # with many libraries, and an early exit then kills it with SIGPIPE (141).
  lib="$(/sbin/ldconfig -p | awk -v n="$soname" '$1 == n && $NF ~ /^\// && !found { print $NF; found = 1 }')"
  [ -n "$lib" ] || { echo "make-deb: $soname is not installed (the build needs its -dev package)" >&2; exit 1; }
  owner="$(owner_of "$lib")" || true
  [ -n "$owner" ] || { echo "make-deb: no Debian package owns $lib" >&2; exit 1; }
  ver="$(dpkg-query -W -f='${Version}' "$owner")"
  upstream="${ver%%-*}"
  recommends+=("$owner (>= ${upstream#*:})")
done
rec_line="$(printf '%s\n' "${recommends[@]}" | sort -u | paste -sd, | sed 's/,/, /g')"

size_kib="$(du -sk "$stage/usr" | cut -f1)"
mkdir -p "$stage/DEBIAN"
cat > "$stage/DEBIAN/control" <<CONTROL
Package: timedeck
Version: $version
Architecture: $arch
Maintainer: timedeck developers <timedeck@localhost>
Installed-Size: $size_kib
Depends: $dep_line
Recommends: $rec_line
Section: utils
Priority: optional
Homepage: https://github.com/timedeck/timedeck
Description: terminal time dashboard: marks, Mars time, call planner
 A full-screen terminal dashboard under a live UTC clock: sighting marks
 (the exact UTC instant of a key press, durably stored, with a fixed or
 gpsd position), Mars time by the NASA GISS Mars24 algorithm, and a call
 planner that shows every place's period of the day. Every instrument is
 also a plain command with --json output.
CONTROL
mkdir -p "$stage/usr/share/doc/timedeck"
cp LICENSE "$stage/usr/share/doc/timedeck/copyright"
mkdir -p dist
out="dist/timedeck_${version}_${arch}.deb"
dpkg-deb --root-owner-group --build "$stage" "$out" >/dev/null
echo "$out"
