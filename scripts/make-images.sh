#!/usr/bin/env bash
# Re-draws docs/images/*.svg (the README's and the user guide's pictures)
# from the program's own renderer and a fixed demo state
# (Tests/DashboardTests/DocImagesTests.swift). Without this script the same
# test fails whenever a picture would differ from what the program draws.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
TIMEDECK_RECORD_IMAGES=1 swift test --filter DocImagesTests
swift test --filter DocImagesTests   # and check them as CI will
ls -l docs/images
