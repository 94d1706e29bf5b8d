#!/usr/bin/env bash
# Prints the path of moto's S3-compatible server (from PyPI), installing it first into a
# private virtualenv under the build directory when missing. The storage tests run the S3
# backend against it on loopback.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

MOTO_VERSION="5.2.5"
venv="$(cargo_target_dir)/tools/moto-${MOTO_VERSION}"
if [ ! -f "$venv/.complete" ]; then
  python="$(command -v python3 || true)"
  if [ -z "$python" ]; then
    echo "error: python3 is needed for the S3 tests: apt-get install python3 python3-venv" >&2
    exit 1
  fi
  say "installing moto $MOTO_VERSION (S3 stand-in for the storage tests) into $venv"
  rm -rf "$venv"
  if ! "$python" -m venv "$venv" >&2; then
    if [ "$(id -u)" -ne 0 ]; then
      echo "error: python3 cannot create a virtualenv: apt-get install python3-venv" >&2
      exit 1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >&2
    rm -rf "$venv"
    "$python" -m venv "$venv" >&2
  fi
  "$venv/bin/pip" install --quiet --disable-pip-version-check "moto[server]==$MOTO_VERSION" >&2
  touch "$venv/.complete"
fi
echo "$venv/bin/moto_server"
