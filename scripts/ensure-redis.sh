#!/usr/bin/env bash
# The queue tests (matches on many machines) start Debian's redis-server on loopback. Installs it
# when it is missing and this machine can (root with apt-get); otherwise says what to do.
set -euo pipefail
if command -v redis-server >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's redis-server for the queue tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends redis-server >/dev/null
  exit 0
fi
echo "The queue tests need redis-server: run 'sudo apt-get install redis-server'." >&2
exit 1
