#!/usr/bin/env python3
"""Walk the command line as a user would: every subcommand and option that
`timedeck --help` lists, with typical, boundary and wrong values, in a
scratch home (TZ=UTC). Each check runs the binary once and looks at:

  - the exit status, as docs/USER-GUIDE.md documents it: 0 done, 1 a
    problem outside the input (the database, the config file's own
    problems for `config check`, the team server), 2 bad input;
  - for a failure (1 or 2), that stderr says something and names what to
    do (an example, the accepted forms, the closest names, a command to
    run...), and that stdout stays empty;
  - where it matters, what the output says.

Prints each failure with the output, then the number of checks and of
failures; exit status 1 if any failed.

    scripts/cli-walk.py .build/debug/timedeck
"""
import json, os, re, shutil, subprocess, sys, tempfile

B = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/timedeck")
home = tempfile.mkdtemp(prefix="timedeck-cliwalk-")
ENV = {k: v for k, v in os.environ.items() if k not in ("TIMEDECK_CONFIG", "NO_COLOR")}
ENV.update({"TIMEDECK_HOME": f"{home}/data", "XDG_CONFIG_HOME": f"{home}/config", "HOME": home, "TZ": "UTC",
            "TERM": "dumb"})
CONFIG = f"{home}/config/timedeck/config.toml"

# What a message that names what to do looks like: an example, the accepted
# forms or values, the closest names, or a command or key to use.
ACTION = re.compile(r"e\.g\.|for example|\b(try|use|give|add|set|name|put|choose|type|check|correct|remove|rename|"
                    r"run|update|fix|see|say|edit|delete|unset|pass|keep|move|wait|shorten|leave out)\b|closest|known keys|"
                    r"such as|one of them|saved calls:|"
                    r"must be|takes|accepted|expected|one of|between|from \S+ to|at most|at least|--yes|--force|"
                    r"--help|timedeck \w+", re.I)

results = []


def run(args, stdin="", env=None):
    e = dict(ENV)
    e.update(env or {})
    p = subprocess.run([B, *args], input=stdin, capture_output=True, text=True, env=e, timeout=60)
    return p.returncode, p.stdout, p.stderr


def check(args, code, expect=None, env=None, stdin="", label=None, report=False):
    """`expect`: text stdout+stderr must contain, or a function of (out, err).
    `report`: exit 1 is a report on stdout (`team status` offline), not an error message."""
    status, out, err = run(args, stdin=stdin, env=env)
    problems = []
    if status != code:
        problems.append(f"exit {status}, expected {code}")
    if code != 0 and not report:
        if not err.strip():
            problems.append("nothing on stderr")
        elif not ACTION.search(err):
            problems.append("the message does not name what to do")
        if out.strip() and code == 2:
            problems.append("stdout not empty on bad input")
    if expect is not None:
        ok = expect(out, err) if callable(expect) else (expect in out + err)
        if not ok:
            problems.append(f"expected {expect!r}" if not callable(expect) else "output check failed")
    name = label or "timedeck " + " ".join(args)
    results.append((not problems, name))
    if problems:
        print(f"FAIL {name}: {'; '.join(problems)}")
        print("  stdout: " + out.strip()[:400].replace("\n", "\n          "))
        print("  stderr: " + err.strip()[:400].replace("\n", "\n          "))
    return status, out, err


def write_config(text):
    os.makedirs(os.path.dirname(CONFIG), exist_ok=True)
    with open(CONFIG, "w") as f:
        f.write(text)


def is_json(out, _err=""):
    try:
        json.loads(out)
        return True
    except ValueError:
        return False


# --- the root ---------------------------------------------------------------
check(["--help"], 0, "SUBCOMMANDS")
check(["--version"], 0, "time-zone rules")
check(["help", "call"], 0, "--optimize")
check(["--no-such-option"], 2)
check(["nosuchcommand"], 2)
check([], 2, "--plain", label="timedeck (dashboard, stdin not a terminal)")
check(["--plain"], 0, "plain mode", stdin="", label="timedeck --plain (input closed at once)")
check(["--plain"], 0, "Mark #1 recorded", stdin=" ", label="timedeck --plain with a Space, then end of input")
check(["--no-color"], 2, "--plain", label="timedeck --no-color (not a terminal)")

# --- now --------------------------------------------------------------------
check(["now"], 0, "Mark Time")
check(["now", "--json"], 0, lambda o, e: is_json(o) and '"zone":"UTC"' in o)
check(["now", "--json"], 0, '"zone":"Europe/Paris"', env={"TZ": ":Europe/Paris"}, label="TZ=:Europe/Paris timedeck now --json")
check(["now"], 0, "TZ=\"Nowhere/Bogus\"", env={"TZ": "Nowhere/Bogus"}, label="TZ=Nowhere/Bogus timedeck now")
check(["now", "--json"], 0, '"utcOffsetSeconds":32400', env={"TZ": "JST-9"}, label="TZ=JST-9 timedeck now --json")
check(["now", "--xml"], 2)

# --- mars -------------------------------------------------------------------
check(["mars"], 0, "Mars Sol Date")
check(["mars", "--at", "2021-02-18T20:55:00Z", "--json"], 0, is_json)
check(["mars", "--at", "2021-02-18"], 0, "Sol")
check(["mars", "--at", "yesterday"], 2)
check(["mars", "--at", "2021-02-30T00:00:00Z"], 2)
check(["mars", "--longitude", "-133.8"], 0, "Local mean solar time")
check(["mars", "--longitude", "133.8W"], 0, "Local mean solar time")
check(["mars", "--longitude", "360"], 0)
check(["mars", "--longitude", "361"], 2)
check(["mars", "--longitude", "east"], 2)
check(["mars", "--site", "jezero"], 0, "Perseverance")
check(["mars", "--site", "Jezzero"], 2, "Perseverance")
check(["mars", "--site", "gale", "--longitude", "10"], 2)
check(["mars", "--from", "2021-02-18T00:00:00Z", "--to", "2021-02-18T01:00:00Z", "--step", "30m"], 0, "LMST")
check(["mars", "--from", "2021-02-18T00:00:00Z", "--to", "2021-02-18T01:00:00Z", "--step", "1sol", "--csv"], 0)
check(["mars", "--from", "2021-02-18T00:00:00Z", "--to", "2021-02-18T01:00:00Z", "--step", "0s"], 2)
check(["mars", "--from", "2021-02-18T00:00:00Z", "--to", "2020-02-18T01:00:00Z", "--step", "1h"], 2)
check(["mars", "--from", "2021-02-18T00:00:00Z", "--step", "1h"], 2)
check(["mars", "--from", "1900-01-01T00:00:00Z", "--to", "2100-01-01T00:00:00Z", "--step", "1s"], 2)
check(["mars", "--csv"], 2)
check(["mars", "--site", "jezero", "--station", "goldstone", "--light-from", "site"], 0, "Perseverance -> Goldstone (DSS-14)")
check(["mars", "--station", "-35.4,148.98,690", "--json"], 0, is_json)
check(["mars", "--station", "35.4N,116.9W"], 0, "Light path")
check(["mars", "--station", "houston"], 2)
check(["mars", "--station", "0,0,1e9"], 2)
check(["mars", "--station", "91,0"], 2)
check(["mars", "--light-from", "site", "--longitude", "10"], 2)
check(["mars", "--light-from", "surface", "--site", "jezero"], 2)
check(["mars", "--station", "madrid", "--all"], 2)
check(["mars", "--site", "Perseverance", "--sol", "1700", "--lmst", "13:00"], 0, "2025-12-01T11:24:11.762Z")
check(["mars", "--site", "Perseverance", "--sol", "1700", "--ltst", "13:00", "--json"], 0, is_json)
check(["mars", "--site", "Perseverance", "--sol", "1700", "--lmst", "24:00"], 2)
check(["mars", "--site", "Perseverance", "--sol", "1700", "--lmst", "12:60"], 2)
check(["mars", "--site", "opportunity", "--sol", "0", "--lmst", "12:00"], 2)
check(["mars", "--site", "Perseverance", "--sol", "1700"], 2)
check(["mars", "--site", "Perseverance", "--sol", "1700", "--lmst", "13:00", "--ltst", "13:00"], 2)
check(["mars", "--site", "Perseverance", "--sol", "-5", "--lmst", "13:00"], 2)
check(["mars", "--sol", "52000", "--lmst", "13:00"], 0, "Local mean solar time   13:00:00", label="timedeck mars --sol without a site: the local sol at 0° (Airy-0)")
check(["mars", "--longitude", "-133.8", "--sol", "52000", "--ltst", "06:30"], 0, "UTC")
check(["mars", "--site", "Perseverance", "--sol", "1700", "--lmst", "13:00", "--sols", "3", "--in", "London, GB"], 0, "London")
check(["mars", "--site", "Perseverance", "--sol", "1700", "--lmst", "13:00", "--sols", "3", "--in", "Qzxqzxq"], 2)
check(["mars", "--site", "Perseverance", "--sol", "1700", "--lmst", "13:00", "--sols", "0"], 2)
check(["mars", "--site", "Perseverance", "--sol", "1700", "--lmst", "13:00", "--sols", "100001"], 2)
check(["mars", "--site", "Perseverance", "--sol", "1700", "--lmst", "13:00", "--sols", "2", "--csv"], 0, "sol,utc")
check(["mars", "--all"], 0, "Every site")
check(["mars", "--all", "--json"], 0, is_json)
check(["mars", "--all", "--site", "gale"], 2)

# --- places -----------------------------------------------------------------
check(["places", "search", "sao paulo"], 0, "São Paulo")
check(["places", "search", "London, CA", "--json"], 0, lambda o, e: is_json(o) and '"country":"CA"' in o)
check(["places", "search", "mars"], 0, lambda o, e: all(s in o for s in ("Airy-0", "Perseverance", "Olympus Mons")))
check(["places", "search", "IST"], 0, "IST")
check(["places", "search", "Sydnee"], 0, "Sydney")
check(["places", "search", "Lodnon", "--limit", "1"], 0, "London")
check(["places", "search", "tokyo", "--limit", "100"], 0)
check(["places", "search", "tokyo", "--limit", "0"], 2)
check(["places", "search", "tokyo", "--limit", "101"], 2)
check(["places", "search", "tokyo", "--limit", "ten"], 2)
check(["places", "search", "Qzxqzxq"], 2)
check(["places", "search", ""], 2)
check(["places", "search"], 2)

# --- call -------------------------------------------------------------------
T = "2030-03-15T14:00:00Z"
check(["call", "--at", T, "London, GB", "Tokyo"], 0, "Tokyo, JP")
check(["call", "--at", T, "--json", "London, GB", "Perseverance"], 0,
      lambda o, e: is_json(o) and '"utcOffsetSeconds":null' in o)
check(["call", "--at", "09:30", "London, GB"], 0, "09:30")
check(["call", "--at", "2030-03-15 09:30", "Paris, FR"], 0, "09:30")
check(["call", "--at", "tomorrow 09:00", "London, GB"], 0, "09:00")
check(["call", "--at", "+3d", "London, GB"], 0)
check(["call", "--at", "-2h", "London, GB"], 0, label="timedeck call --at -2h (a shift back, no '=')")
check(["call", "--at=-30m", "London, GB"], 0)
check(["call", "--at", "2030-03-31 02:30", "Paris, FR"], 0, "does not exist", label="call at a skipped local time")
check(["call", "--at", "2030-10-27 02:30", "Paris, FR"], 0, "occurs twice", label="call at a repeated local time")
check(["call", "--at", "25:00", "London, GB"], 2)
check(["call", "--at", "next tuesday", "London, GB"], 2)
check(["call", "--at"], 2)
check(["call", "--at", T, "--duration", "45m", "London, GB"], 0, "45 min")
check(["call", "--at", T, "--duration", "1h30m", "London, GB"], 0, "90 min")
check(["call", "--at", T, "--duration", "1440", "London, GB"], 0)
check(["call", "--at", T, "--duration", "0", "London, GB"], 2)
check(["call", "--at", T, "--duration", "1441", "London, GB"], 2)
check(["call", "--at", T, "--duration", "30s", "London, GB"], 2)
check(["call", "--at", T, "--optimize", "earliest", "London, GB", "Tokyo"], 0)
check(["call", "--at", T, "--optimize", "latest", "London, GB", "Tokyo"], 0)
check(["call", "--optimize", "best", "--duration", "560", "London, GB", "Tokyo"], 0,
      lambda o, e: "min in London" in e and "least bad" in e, label="call --optimize best --duration 560 (says what is bad)")
check(["call", "--optimize", "soonest", "London, GB"], 2)
check(["call", "--at", T, "London, GB", "--ics", f"{home}/call.ics"], 0, "wrote the invitation")
check(["call", "--at", T, "London, GB", "--ics", f"{home}/call.ics"], 2, label="call --ics to a file that exists")
check(["call", "--at", T, "London, GB", "--ics", f"{home}/no/such/folder/call.ics"], 2)
check(["call"], 2)
check(["call", "--at", T, "Qzxqzxq"], 2)
check(["call", "--at", T, "London, GB", "IST"], 2, "IST India")
check(["call", "--at", T, "London, GB", "mars"], 2, "Mars/perseverance")
check(["call", "--at", T, "Jezero", "London, GB"], 2, "Mars site cannot be the first place")
check(["call", "--at", T, "Sidney"], 0, "Sydney, AU")
check(["call", "--at", T, "Etc/GMT+9"], 0, "UTC-09:00")
check(["call", "--at", T, "here"], 2, "marks.position", label="call here without a position")
os.makedirs(f"{home}/config-here/timedeck", exist_ok=True)
with open(f"{home}/config-here/timedeck/config.toml", "w") as f:
    f.write('[marks]\nposition = "48.8566, 2.3522"\ngpsd = "off"\n')
check(["call", "--at", T, "here"], 0, "nearest marks.position", env={"XDG_CONFIG_HOME": f"{home}/config-here"},
      label="call here with marks.position")

# --- calls ------------------------------------------------------------------
check(["calls", "list"], 0, "No saved calls")
check(["calls", "next"], 0, lambda o, e: o == "" and "no calls ahead" in e, label="calls next with no calls")
check(["calls", "next", "--json"], 0, lambda o, e: o.strip() == "null")
check(["calls", "add", "Standup", "--at", "2030-03-15 14:00", "--duration", "45m", "--remind", "10m", "London, GB", "Tokyo"], 0,
      "Saved \"Standup\"")
check(["calls", "add", "standup", "--at", "+1h", "London, GB"], 2, label="calls add a name already taken")
check(["calls", "add", "Now", "--at", "-5m", "London, GB"], 0, "has already passed", label="calls add --at -5m")
check(["calls", "add", "Old", "--at", "2026-03-29 01:30", "London, GB"], 0,
      lambda o, e: "has already passed" in e and "tomorrow 2026" not in e)
check(["calls", "add", "Mars1", "--at", "+1h", "Jezero", "London, GB"], 2, "Mars site cannot be the first place")
check(["calls", "add", "X", "--at", "+1h"], 2)
check(["calls", "add", "X", "--at", "whenever", "London, GB"], 2)
check(["calls", "add", "X", "--at", "+1h", "--duration", "0", "London, GB"], 2)
check(["calls", "add", "X", "--at", "+1h", "--remind", "8d", "London, GB"], 2)
check(["calls", "add", "X", "--at", "+1h", "--remind", "soon", "London, GB"], 2)
check(["calls", "add", "", "--at", "+1h", "London, GB"], 2)
check(["calls", "add", "X" * 81, "--at", "+1h", "London, GB"], 2)
check(["calls", "add", "Far", "--at", T, "London, GB", "Etc/GMT+9"], 0)
check(["calls", "list"], 0, lambda o, e: "Etc/GMT+9" in o and " GMT+9" not in o.replace("Etc/GMT+9", ""))
check(["calls", "list", "--json"], 0, is_json)
check(["calls", "next"], 0, lambda o, e: " in " in o and " · " in o)
check(["calls", "next", "--json"], 0, lambda o, e: is_json(o) and '"minutesUntil"' in o)
check(["calls", "set", "Standup", "--at", "-1d"], 0, "2030-03-14T14:00:00Z", label="calls set --at -1d")
check(["calls", "set", "Standup", "--at", "+2h", "--duration", "none", "--remind", "default"], 0, "Changed")
check(["calls", "set", "Standup", "--name", "Daily"], 0, "Daily")
check(["calls", "set", "Daily", "--add", "Paris, FR", "--remove", "Tokyo"], 0, "Paris")
check(["calls", "set", "Daily", "--add", "Paris, FR"], 2, label="calls set --add a place already there")
check(["calls", "set", "Daily", "--remove", "Qzxqzxq"], 2)
check(["calls", "set", "Daily", "--remove", "London, GB", "--remove", "Paris, FR"], 2, label="calls set removing every place")
check(["calls", "set", "Daily"], 2, label="calls set with nothing to change")
check(["calls", "set", "Nobody", "--at", "+1h"], 2)
check(["calls", "set", "Daily", "--remind", "later"], 2)
check(["calls", "remove", "daily"], 0, "Removed")
check(["calls", "remove", "daily"], 2)
check(["calls", "frobnicate"], 2)

# --- marks ------------------------------------------------------------------
write_config('[marks]\ngpsd = "off"\n')
check(["marks", "list"], 0)
check(["marks", "add", "--note", "Sun LL", "--position", "27 28.02 S 153 22.84 E"], 0, "recorded #")
check(["marks", "add", "--position", "-27.467, 153.3807", "--json"], 0, is_json)
check(["marks", "add", "--no-position", "--correction", "-0.3"], 0, "recorded")
check(["marks", "add", "--gpsd", "off"], 0, lambda o, e: "off:2947" not in o + e, label="marks add --gpsd off")
check(["marks", "add", "--gpsd", "127.0.0.1:1", "--gps-wait", "0"], 0, "recorded")
check(["marks", "add", "--position", "95 00 N 0 0 E"], 2)
check(["marks", "add", "--position", "here"], 2)
check(["marks", "add", "--correction", "3600", "--no-position"], 0, "corr +3600.000 s")
check(["marks", "add", "--correction", "3601"], 2)
check(["marks", "add", "--correction", "soon"], 2)
check(["marks", "add", "--gps-wait", "61"], 2)
check(["marks", "add", "--note", "x" * 201], 2)
check(["marks", "add", "--position", "1 N 1 E", "--no-position"], 2)
check(["marks", "add", "--gpsd", "host:notaport"], 2)
check(["marks", "list", "--json"], 0, is_json)
check(["marks", "list", "--limit", "2"], 0)
check(["marks", "list", "--limit", "0"], 0, lambda o, e: o == "", label="marks list --limit 0 (documented: 0 or more)")
check(["marks", "list", "--limit", "-1"], 2)
check(["marks", "note", "1", "Sun UL"], 0, "Sun UL")
check(["marks", "note", "1", ""], 0)
check(["marks", "note", "999", "x"], 2)
check(["marks", "note", "one", "x"], 2)
check(["marks", "note", "1", "x" * 201], 2)
check(["marks", "export", "--format", "csv"], 0, "mark_time")
check(["marks", "export", "--format", "json"], 0, is_json)
check(["marks", "export", "--format", "xml"], 2)
check(["marks", "export", "--format", "csv", "--output", f"{home}/m.csv"], 0)
check(["marks", "export", "--format", "csv", "--output", f"{home}/m.csv"], 2, label="marks export over a file without --force")
check(["marks", "export", "--format", "csv", "--output", f"{home}/m.csv", "--force"], 0)
check(["marks", "export", "--format", "csv", "--output", f"{home}/nope/m.csv"], 2)
check(["marks", "delete", "2"], 0)
check(["marks", "delete", "2"], 2, label="marks delete a mark already gone")
check(["marks", "delete", "x"], 2)
check(["marks", "clear"], 2, "--yes")
check(["marks", "clear", "--yes"], 0, "cleared")
check(["marks", "list", "--team"], 2, "team.url", label="marks list --team without a team")

# --- snapshot ---------------------------------------------------------------
check(["snapshot", "--stdout", "--columns", "80", "--rows", "24"], 0, "UTC")
check(["snapshot", "--stdout", "--ansi", "--columns", "80", "--rows", "24"], 0, "\x1b[")
check(["snapshot", "--columns", "100", "--rows", "30"], 0, "snapshot")
check(["snapshot", "--stdout", "--columns", "39", "--rows", "9"], 0)
check(["snapshot", "--stdout", "--columns", "0"], 2)
check(["snapshot", "--stdout", "--columns", "wide"], 2)
check(["snapshot", "--stdout", "--rows", "100000"], 2)
check(["snapshot", "--ansi"], 2, label="snapshot --ansi without --stdout")
check(["snapshot", "--svg", f"{home}/screen.svg", "--columns", "80", "--rows", "24"], 0, "screen.svg")
check(["snapshot", "--svg", f"{home}/screen.svg"], 2, "--force", label="snapshot --svg over an existing file")
check(["snapshot", "--svg", f"{home}/no/such/folder/x.svg"], 2, label="snapshot --svg into a missing folder")
check(["snapshot", "--svg", f"{home}/other.svg", "--stdout"], 2, label="snapshot --svg with --stdout")

# --- config -----------------------------------------------------------------
os.remove(CONFIG)
check(["config", "path"], 0, "config.toml")
check(["config", "check"], 0, "no file")
check(["config", "keys"], 0, "display.theme")
check(["config", "init"], 0, "wrote")
check(["config", "init"], 2, label="config init over an existing file")
check(["config", "check"], 0, "OK")
check(["config", "set", "display.theme", "sunlight"], 0, "display.theme = sunlight")
check(["config", "set", "display.theme", "neon"], 2)
check(["config", "set", "display.clock", "12h"], 0)
check(["config", "set", "marks.watch_error_seconds", "-0.4"], 0, "= -0.4")
check(["config", "set", "marks.watch_error_seconds", "1e1"], 0, "= 10.0", label="config set … 1e1 echoes what it writes")
check(["config", "set", "marks.watch_error_seconds", "90"], 2)
check(["config", "set", "marks.position", "48.8566, 2.3522"], 0)
check(["config", "set", "marks.position", "somewhere"], 2)
check(["config", "set", "marks.gpsd", "off"], 0)
check(["config", "set", "mars.site", "Jezero"], 0)
check(["config", "set", "mars.site", "Jezzero"], 2, "closest")
check(["config", "set", "calls.remind", "1h"], 0)
check(["config", "set", "calls.remind", "eventually"], 2)
check(["config", "set", "periods.morning", "25:00"], 2)
check(["config", "set", "display.language", "ja"], 0)
check(["config", "set", "display.language", "auto"], 0)
check(["config", "set", "team.url", "postgresql://north:secret@db.example.org/log"], 0,
      lambda o, e: "secret" not in o + e and "***" in o, label="config set team.url hides the password")
check(["config", "set", "team.url", ""], 0)
check(["config", "set", "team.station", "north pole"], 2)
check(["config", "set", "nosuch.key", "1"], 2, "Known keys")
check(["config", "set", "display.theme"], 2)
write_config('[display]\ntheme = "mono"\ntheme = "sunlight"\n')
check(["config", "set", "display.clock", "24h"], 0, label="config set with a key set twice elsewhere")
check(["config", "check"], 1, "set twice")
write_config('[display]\ntheme = mono\n')
check(["config", "set", "display.clock", "24h"], 2, label="config set with an unreadable line")
check(["config", "check"], 1, "1 problem")
write_config('[mars-site-lake]\nname = "Jezero"\nlongitude = 77.45\n')
check(["config", "check"], 1, "mars-site-lake", label="config check names a custom site set aside for its name")
write_config('[mars-site-ares3]\nname = "Ares 3"\nlongitude = -31.3\naliases = ["hab"]\n')
check(["config", "check"], 0, "OK")
check(["call", "--at", T, "London, GB", "Ares 3"], 0, lambda o, e: "Ares 3" in o and "Arese" not in o,
      label="call with a custom Mars site from the config")
check(["places", "search", "Mars/ares3"], 0, "Ares 3")
check(["mars", "--site", "hab"], 0, "Ares 3")
os.remove(CONFIG)

# --- weather (a dead local port: no network here) ----------------------------
check(["weather"], 2, "weather.enabled", label="weather while off")
check(["weather", "--json"], 2, "weather.enabled", label="weather --json while off")
write_config('[weather]\nenabled = true\nurl = "http://127.0.0.1:1/v1/forecast"\n[marks]\ngpsd = ""\n')
check(["weather"], 2, "weather.position", label="weather with no position anywhere")
write_config('[weather]\nenabled = true\nurl = "http://127.0.0.1:1/v1/forecast"\nposition = "48.8566, 2.3522"\n[marks]\ngpsd = ""\n')
check(["weather"], 1, "unreachable", label="weather with the server down and nothing kept")
check(["weather", "--card", f"{home}/no/such/folder/card.svg"], 2, label="weather --card into a missing folder")
check(["weather", "--refresh", "--json"], 1, label="weather --refresh --json with the server down")
write_config('[weather]\nenabled = true\nurl = "ftp://example.org/x"\nposition = "48.8566, 2.3522"\n')
check(["config", "check"], 1, "weather.url", label="config check with an ftp weather.url")
write_config('[weather]\nenabled = maybe\n')
check(["config", "check"], 1, "weather.enabled", label="config check with a bad weather.enabled")
os.remove(CONFIG)

# --- team -------------------------------------------------------------------
check(["team", "status"], 2, "team.url", label="team status without a team")
check(["team", "sync"], 2, "team.url", label="team sync without a team")
write_config('[team]\nurl = "postgresql://north@127.0.0.1:1/log?connect_timeout=2"\nstation = "north"\n[marks]\ngpsd = "off"\n')
check(["marks", "add", "--no-position"], 0, "recorded", label="marks add with the team server down")
check(["team", "status"], 1, "offline", report=True, label="team status with the server down")
check(["team", "status", "--json"], 1, '"online" : false', report=True, label="team status --json with the server down")
check(["team", "sync"], 1, "1 change stays queued", label="team sync with the server down")
check(["team", "sync", "--all"], 1, label="team sync --all with the server down")
os.remove(CONFIG)

shutil.rmtree(home, ignore_errors=True)
failed = [name for ok, name in results if not ok]
print(f"{len(results)} checks, {len(failed)} failed")
sys.exit(1 if failed else 0)
