#!/usr/bin/env bash
# Example CI step: measure the app for 30 s and fail the build when rendering regresses.
# Exit codes: 0 pass, 1 a threshold failed, 3 device problem, 4 app problem (see README).
# In a CI without a phone, add --simulate to try it; on a device farm, pass -s "$SERIAL".
set -euo pipefail
pkg="${1:-com.example.feed}"
# the installed fpsctl (scripts/install), else the checkout's launcher; gate creates build/ itself
fpsctl="$(command -v fpsctl || echo "$(dirname "$0")/../scripts/fpsctl")"
"$fpsctl" gate "$pkg" --duration 30s \
  --min-fps 55 --max-jank-percent 5 --max-p90-ms 16.7 --max-frozen 0 \
  --junit build/fpsctl-gate.xml --markdown "${GITHUB_STEP_SUMMARY:-build/fpsctl-gate.md}" \
  --summary-out build/fpsctl-summary.json "${@:2}"
