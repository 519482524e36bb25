#!/usr/bin/env bash
# Installs timedeck into a temporary prefix, moves the prefix, and runs the
# installed binary with the checkout out of reach (a private mount namespace
# with an empty tmpfs over the source tree): the installed tree must be
# relocatable and must never read the source tree. Also: ldd shows no Swift
# toolchain library, `man -l` renders the page, the bash completion loads,
# uninstall removes every file, and the .deb holds the same tree under /usr,
# installs (apt resolves its Depends; dpkg into an empty root) and removes.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$(pwd -P)"
work="$(mktemp -d /tmp/timedeck-install.XXXXXX)"
trap 'rm -rf "$work"' EXIT
fail() { echo "check-install: FAIL: $*" >&2; exit 1; }

make --no-print-directory install PREFIX="$work/prefix" >/dev/null
mv "$work/prefix" "$work/moved"
prefix="$work/moved"
bin="$prefix/bin/timedeck"

for f in bin/timedeck share/timedeck/places.bin share/timedeck/mars-sites.json \
         share/timedeck/NOTICE-GeoNames.txt share/timedeck/almanac-ephemeris.bin \
         share/timedeck/almanac-stars.tsv share/timedeck/almanac-bright-stars.tsv share/timedeck/ut1-utc.tsv share/timedeck/leap-seconds.list share/timedeck/regions.tsv share/timedeck/mars-relief.txt \
         share/man/man1/timedeck.1 \
         share/bash-completion/completions/timedeck share/zsh/site-functions/_timedeck \
         share/fish/vendor_completions.d/timedeck.fish; do
  [ -s "$prefix/$f" ] || fail "missing or empty: $f"
done

# Only Debian's own libraries: nothing from the Swift toolchain.
if ldd "$bin" | grep -E 'swift|Foundation|dispatch|/opt/' >&2; then fail "links toolchain libraries"; fi
ldd "$bin" | grep -q 'not found' && fail "unresolved libraries: $(ldd "$bin" | grep 'not found')"
# libpq and libcurl are loaded on first use (issue 31), never linked.
if readelf -d "$bin" | grep -E 'NEEDED.*(libpq|libcurl)' >&2; then fail "links libpq or libcurl (they are dlopen()ed)"; fi
echo "check-install: ldd: $(ldd "$bin" | awk '{print $1}' | paste -sd' ')"

# Run the moved binary with the checkout hidden behind an empty tmpfs.
home="$work/home"
mkdir -p "$home"
hidden() {
  unshare -m --propagation private sh -c 'mount -t tmpfs tmpfs "$1" && shift && exec "$@"' \
    sh "$repo" env -i PATH=/usr/bin:/bin HOME="$home" TIMEDECK_HOME="$home/data" XDG_CONFIG_HOME="$home/config" "$@"
}
hidden sh -c "ls '$repo' | grep -q . && exit 1 || exit 0" || fail "the checkout is still visible"
out="$(hidden "$bin" --version)"; grep -q "timedeck" <<<"$out" || fail "--version"
out="$(hidden "$bin" mars --site curiosity --json)"; grep -q '"missionSol"' <<<"$out" || fail "mars --site curiosity (mars-sites.json)"
out="$(hidden "$bin" almanac Sun --at 2024-05-27T02:01:35Z --json)"; grep -q '"gha"' <<<"$out" || fail "almanac Sun (almanac-ephemeris.bin)"
out="$(hidden "$bin" almanac Vega --at 2024-05-27T02:01:35Z --json)"; grep -q '"sha"' <<<"$out" || fail "almanac Vega (almanac-stars.tsv)"
out="$(hidden "$bin" identify --dr "60 00.0 N, 040 00.0 W" --at 2024-05-27T11:00:00Z --hs "25 16.0" --zn 351 --eye 3 --json)"
grep -q '"catalogue":"bright"' <<<"$out" || fail "identify Mizar (almanac-bright-stars.tsv)"
out="$(hidden "$bin" places search tokyo)"; grep -q "Tokyo" <<<"$out" || fail "places search (places.bin)"
out="$(hidden "$bin" call London Tokyo 2>/dev/null)"; grep -q "Tokyo" <<<"$out" || fail "call London Tokyo"
hidden "$bin" marks add --no-position --note "installed" >/dev/null || fail "marks add"
out="$(hidden "$bin" marks list --json)"; grep -q '"installed"' <<<"$out" || fail "marks list"
echo "check-install: the moved install runs with the checkout hidden"

# The man page renders; the completions load.
page="$(MANWIDTH=80 man -l "$prefix/share/man/man1/timedeck.1" 2>/dev/null)"
grep -q "SYNOPSIS" <<<"$page" && grep -q "Mars24" <<<"$page" || fail "man -l does not render the page"
bash -c "source '$prefix/share/bash-completion/completions/timedeck' && complete -p timedeck" >/dev/null \
  || fail "bash completion does not load"
if command -v zsh >/dev/null; then zsh -n "$prefix/share/zsh/site-functions/_timedeck" || fail "zsh completion"; fi
if command -v fish >/dev/null; then fish -n "$prefix/share/fish/vendor_completions.d/timedeck.fish" || fail "fish completion"; fi

# Uninstall removes every file install wrote.
make --no-print-directory uninstall PREFIX="$prefix" >/dev/null
left="$(find "$prefix" -type f)"
[ -z "$left" ] || fail "uninstall left: $left"

# The .deb: the same tree under /usr, with Depends.
deb="$(make --no-print-directory deb | tail -1)"
contents="$(dpkg-deb -c "$deb")"
grep -q './usr/bin/timedeck$' <<<"$contents" || fail ".deb has no /usr/bin/timedeck"
grep -q './usr/share/man/man1/timedeck.1$' <<<"$contents" || fail ".deb has no man page"
grep -q './usr/share/timedeck/places.bin$' <<<"$contents" || fail ".deb has no data"
dpkg-deb -f "$deb" Depends | grep -q 'libncursesw6' || fail ".deb Depends lacks libncursesw6"
dpkg-deb -f "$deb" Depends | grep -qE 'libpq|libcurl' && fail ".deb Depends names libpq or libcurl (they are optional)"
dpkg-deb -f "$deb" Recommends | grep -q 'libpq5' && dpkg-deb -f "$deb" Recommends | grep -q 'libcurl4' \
  || fail ".deb Recommends lacks libpq5 or libcurl4: $(dpkg-deb -f "$deb" Recommends)"
echo "check-install: $deb ($(du -h "$deb" | cut -f1)), Depends: $(dpkg-deb -f "$deb" Depends); Recommends: $(dpkg-deb -f "$deb" Recommends)"

# It installs: apt resolves its Depends from this system's packages
# (simulated: the system is not changed), and dpkg installs it into an
# empty root of its own, where the binary finds its data under /usr/share
# with the checkout hidden; dpkg then removes every file it installed.
if command -v apt-get >/dev/null; then
  sim="$(apt-get install -s "$(realpath "$deb")" 2>&1)" || fail "apt-get install -s $deb: $sim"
  grep -q '^Inst timedeck ' <<<"$sim" || fail "apt would not install the .deb: $sim"
fi
root="$work/root"
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
touch "$root/var/lib/dpkg/status"
dpkg --root="$root" --force-depends --force-not-root --force-script-chrootless -i "$deb" >/dev/null 2>&1 \
  || fail "dpkg -i into an empty root: $(dpkg --root="$root" --force-depends --force-not-root --force-script-chrootless -i "$deb" 2>&1 | tail -3)"
out="$(hidden "$root/usr/bin/timedeck" places search tokyo)"; grep -q "Tokyo" <<<"$out" || fail "the .deb's binary: places search"
dpkg --root="$root" --force-depends --force-not-root --force-script-chrootless -r timedeck >/dev/null 2>&1 || fail "dpkg -r"
[ ! -e "$root/usr/bin/timedeck" ] && [ ! -e "$root/usr/share/timedeck/places.bin" ] || fail "dpkg -r left files"
echo "check-install: the .deb installs (apt resolves its Depends; dpkg into an empty root) and removes cleanly"
echo "check-install: OK"
