#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when it is missing (Playwright cannot download browsers here).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  echo "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo present)"
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "chromium is missing and this user cannot install it: run 'sudo apt-get install -y chromium'" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium fonts-liberation >/dev/null
echo "chromium: $(/usr/bin/chromium --version)"
