#!/usr/bin/env bash
# The whole test suite, as CI runs it. First it provides what a fresh machine
# lacks: Debian's Chromium for the browser tests, and a running PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests..."
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null
  fi
fi

# Devanagari glyphs for the Hindi pages' screenshots and width checks (Noto Sans Devanagari, as on Android).
if ! fc-list 2>/dev/null | grep -q "Noto Sans Devanagari"; then
  echo "Installing Debian's Noto fonts for the Hindi pages..."
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-core >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-core >/dev/null
  fi
fi

if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  echo "Starting the local PostgreSQL..."
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi

# The tests of several API processes share Redis through it (each run under its own key prefix).
if ! command -v redis-server >/dev/null 2>&1; then
  echo "Installing Debian's redis-server for the tests of several instances..."
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
  fi
fi
if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  echo "Starting a local Redis..."
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null
  for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.2; done
fi

step() { printf '\n=== %s\n' "$*"; }
step "Typecheck"; npm run typecheck
step "Lint and format"; npm run lint
step "Unit, API (SQLite and PostgreSQL) and component tests"; npx vitest run
step "Build"; npm run build
step "Browser tests (Chromium)"; npx playwright test
