#!/usr/bin/env bash
# Installs the system packages the product and its tests need, on Debian or Ubuntu.
# As root it runs apt-get itself; as a normal user it prints the exact apt-get line to run.
#
# Usage: scripts/system-deps.sh [run|test]   (test adds what only the test suites need)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

purpose="${1:-run}"
missing=()

has_postgres_server() {
  [ -n "${PG_BIN_DIR:-}" ] && [ -x "$PG_BIN_DIR/initdb" ] && return 0
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null && return 0
  command -v initdb >/dev/null 2>&1
}

# The major version of the PostgreSQL server that will run (PG_BIN_DIR's, else the newest
# installed); empty when none is installed.
postgres_major() {
  local bin=""
  if [ -n "${PG_BIN_DIR:-}" ] && [ -x "$PG_BIN_DIR/postgres" ]; then
    bin="$PG_BIN_DIR/postgres"
  else
    bin="$(compgen -G '/usr/lib/postgresql/*/bin/postgres' | sort -V | tail -n 1 || true)"
  fi
  [ -n "$bin" ] || bin="$(command -v postgres 2>/dev/null || true)"
  [ -n "$bin" ] || return 0
  "$bin" --version 2>/dev/null | sed -n 's/.* \([0-9][0-9]*\)\.[0-9].*/\1/p' | head -n 1
}

has_postgres_server || missing+=(postgresql)
# The app's searches need pg_trgm (migrations 0010 and 0180: trigram indexes, search across
# scripts). Debian's postgresql-<major> ships it; where a packaging splits it out, the contrib
# package has it (for the server's major version, as pgTAP and PostGIS below).
pg_major="$(postgres_major)"
if [ -n "$pg_major" ] && [ ! -f "/usr/share/postgresql/$pg_major/extension/pg_trgm.control" ]; then
  missing+=("postgresql-contrib-$pg_major")
fi
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
[ -f /usr/include/openssl/ssl.h ] || missing+=(libssl-dev)
command -v cc >/dev/null 2>&1 || missing+=(build-essential)
command -v useradd >/dev/null 2>&1 || missing+=(passwd)
if [ "$purpose" = test ]; then
  # The supabase-js conformance suite runs on Node (20 or newer) with npm.
  command -v node >/dev/null 2>&1 || missing+=(nodejs)
  command -v npm >/dev/null 2>&1 || missing+=(npm)
  # The policy tests (policies/tests) are pgTAP files run by pg_prove. The extension must match
  # the server's major version (Debian names it postgresql-<major>-pgtap).
  major="$(postgres_major)"
  if [ -z "$major" ]; then
    missing+=(postgresql-pgtap)
  elif [ ! -f "/usr/share/postgresql/$major/extension/pgtap.control" ]; then
    missing+=("postgresql-$major-pgtap")
  fi
  command -v pg_prove >/dev/null 2>&1 || missing+=(libtap-parser-sourcehandler-pgtap-perl)
  # The receipt test (app-tests/tests/receipt_pdf.rs) reads the rendered PDF's text with pdftotext.
  command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
  # The REST engine's GeoJSON cases (server/tests/fixtures/rest_geo.sql, the conformance seed)
  # create PostGIS, also matching the server's major version (postgresql-<major>-postgis-3).
  if [ -z "$major" ]; then
    missing+=(postgresql-postgis)
  elif [ ! -f "/usr/share/postgresql/$major/extension/postgis.control" ]; then
    missing+=("postgresql-$major-postgis-3")
  fi
  # The events' calendar files are checked by Python's icalendar (app-tests/tests/event_calendar.rs),
  # Debian's, run by /usr/bin/python3.
  /usr/bin/python3 -c 'import icalendar' >/dev/null 2>&1 || missing+=(python3-icalendar)
  # The web app's browser tests and Lighthouse drive Debian's Chromium (npm never downloads one).
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  # The multi-replica test (scripts/cluster-test.sh) balances the replicas with Caddy; the
  # point-in-time recovery test (scripts/pitr-test.sh) archives WAL with pgBackRest.
  command -v caddy >/dev/null 2>&1 || missing+=(caddy)
  command -v pgbackrest >/dev/null 2>&1 || missing+=(pgbackrest)
fi

if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi

line="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "error: missing system packages for '$purpose': ${missing[*]}" >&2
  echo "run as root:  $line" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "error: missing system packages (${missing[*]}) and no apt-get to install them" >&2
  exit 1
fi

say "installing system packages: ${missing[*]}"
# Debian's postgresql package would create and start a system cluster: we never use it
# (the server runs its own cluster), so ask postgresql-common not to create one.
mkdir -p /etc/postgresql-common/createcluster.d
echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.d/00-no-main-cluster.conf
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
