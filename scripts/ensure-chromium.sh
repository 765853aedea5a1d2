#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (/usr/bin/chromium); browser downloads are not
# possible here. Installs it when it is missing and this machine can (root with apt-get);
# otherwise says what to do.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends chromium >/dev/null
  exit 0
fi
echo "The browser tests need Debian's Chromium at /usr/bin/chromium: run 'sudo apt-get install chromium'." >&2
exit 1
