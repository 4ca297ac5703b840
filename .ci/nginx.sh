#!/usr/bin/env bash
# Install Debian's nginx and openssl for the test of the reverse proxy set-up
# in docs/deploy.md (tests/test_deploy_nginx.py runs nginx itself, as a
# process of its own on a free port; no system nginx is started here).
#
# Run as root. Idempotent: installed packages are left as they are; the
# package's scripts are kept from starting a system nginx.
# Prints nothing but errors.
set -euo pipefail

source "$(dirname "$0")/quiet.sh"

missing=()
for package in nginx openssl; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed"; then
        missing+=("$package")
    fi
done
if [ "${#missing[@]}" -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    # Keep the package's scripts from starting a system nginx (which would take port 80).
    policy=/usr/sbin/policy-rc.d
    if [ ! -e "$policy" ]; then
        printf '#!/bin/sh\nexit 101\n' >"$policy"
        chmod +x "$policy"
        trap 'rm -f "$policy"' EXIT
    fi
    quiet apt-get update
    quiet apt-get install -y --no-install-recommends "${missing[@]}"
fi

command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || { echo "nginx.sh: nginx is not installed" >&2; exit 1; }
command -v openssl >/dev/null || { echo "nginx.sh: openssl is not installed" >&2; exit 1; }
