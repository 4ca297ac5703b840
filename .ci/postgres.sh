#!/usr/bin/env bash
# Install Debian's PostgreSQL, start a server on 127.0.0.1 and create the
# test database and user used by the PostgreSQL store tests:
#
#   HOG_TEST_POSTGRES_URL=postgresql+psycopg://hog:hog@127.0.0.1:5432/hog_test
#
# Run as root. Idempotent: an installed package, a running server, an
# existing user or database are left as they are. Prints nothing but errors.
set -euo pipefail

PG_USER="${HOG_PG_USER:-hog}"
PG_PASSWORD="${HOG_PG_PASSWORD:-hog}"
PG_DATABASE="${HOG_PG_DATABASE:-hog_test}"
PG_PORT="${HOG_PG_PORT:-5432}"

source "$(dirname "$0")/quiet.sh"

if ! dpkg-query -W -f='${Status}' postgresql 2>/dev/null | grep -q "ok installed"; then
    export DEBIAN_FRONTEND=noninteractive
    quiet apt-get update
    quiet apt-get install -y --no-install-recommends postgresql
fi

version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
if ! pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main"' | grep -q .; then
    quiet pg_createcluster --port "$PG_PORT" "$version" main -- --auth-local=peer --auth-host=scram-sha-256
fi
if ! pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" && $4 == "online"' | grep -q .; then
    quiet pg_ctlcluster "$version" main start -o "-c listen_addresses=127.0.0.1 -c port=$PG_PORT"
fi

for _ in $(seq 1 60); do
    pg_isready -q -h 127.0.0.1 -p "$PG_PORT" && break
    sleep 0.5
done
pg_isready -q -h 127.0.0.1 -p "$PG_PORT" || { echo "postgres.sh: server on 127.0.0.1:$PG_PORT did not start" >&2; exit 1; }

as_postgres() {  # run SQL as the superuser over the local socket; print the result
    runuser -u postgres -- psql -p "$PG_PORT" -X -q -t -A -v ON_ERROR_STOP=1 -c "$1"
}

if [ -z "$(as_postgres "SELECT 1 FROM pg_roles WHERE rolname = '$PG_USER'")" ]; then
    quiet as_postgres "CREATE ROLE \"$PG_USER\" LOGIN PASSWORD '$PG_PASSWORD'"
fi
if [ -z "$(as_postgres "SELECT 1 FROM pg_database WHERE datname = '$PG_DATABASE'")" ]; then
    quiet as_postgres "CREATE DATABASE \"$PG_DATABASE\" OWNER \"$PG_USER\""
fi
