#!/usr/bin/env bash
# Install Debian's chromium for the browser tests (tests/test_web_browser.py),
# which drive it with Playwright for Python (the `test` extra). Playwright's
# own browser download is not used.
#
# Run as root. Idempotent: an installed chromium is left as it is. Prints
# nothing but errors.
set -euo pipefail

source "$(dirname "$0")/quiet.sh"

if ! dpkg-query -W -f='${Status}' chromium 2>/dev/null | grep -q "ok installed"; then
    export DEBIAN_FRONTEND=noninteractive
    quiet apt-get update
    quiet apt-get install -y --no-install-recommends chromium
fi
command -v chromium >/dev/null || { echo "browser.sh: chromium is not on PATH after installing it" >&2; exit 1; }
