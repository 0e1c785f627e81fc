#!/usr/bin/env bash
# End-to-end tests of the editor integrations with real clients.
#
#   editors/tests/run.sh PATH/TO/tablelint
#
# Installs nothing: expects `nvim` (Neovim 0.7+, Debian: neovim) and `emacs` with eglot (Debian: emacs-nox
# elpa-eglot; eglot is built into Emacs 29+). Each client opens editors/tests/fixture, waits for tablelint's
# diagnostics on a Swift file and on a storyboard, and completes inside `withIdentifier: "`. Every client run
# is bounded by `timeout`; the script exits non-zero when any check fails or a client is missing.
set -uo pipefail

if [ $# -lt 1 ]; then
  echo "usage: $0 PATH/TO/tablelint" >&2
  exit 2
fi
here="$(cd "$(dirname "$0")" && pwd)"
editors="$(dirname "$here")"
binary="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
if [ ! -x "$binary" ]; then
  echo "not an executable: $1" >&2
  exit 2
fi

export TABLELINT="$binary"
export TABLELINT_EDITORS="$editors"
export TABLELINT_FIXTURE="$here/fixture"
# Each wait inside a client (diagnostics, a completion) is bounded too.
export TABLELINT_WAIT_MS=30000 TABLELINT_WAIT_SECONDS=30
# No user configuration or state leaks in, none is written.
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export HOME="$scratch/home" XDG_CONFIG_HOME="$scratch/config" XDG_DATA_HOME="$scratch/data" \
  XDG_STATE_HOME="$scratch/state" XDG_CACHE_HOME="$scratch/cache"
mkdir -p "$HOME"

status=0

run() {
  local name="$1"; shift
  echo "== $name"
  local started=$SECONDS code=0
  timeout -k 5 90 "$@" </dev/null || code=$?
  if [ "$code" -eq 124 ] || [ "$code" -eq 137 ]; then
    echo "== $name: TIMED OUT after $((SECONDS - started))s" >&2
    status=1
  elif [ "$code" -ne 0 ]; then
    echo "== $name: FAILED (exit status $code, $((SECONDS - started))s)" >&2
    status=1
  else
    echo "== $name: passed ($((SECONDS - started))s)"
  fi
}

if command -v nvim >/dev/null; then
  run "Neovim $(nvim --version | head -n 1)" \
    nvim --headless -n -i NONE -u "$here/nvim/init.lua"
else
  echo "nvim not found (Debian: apt-get install neovim)" >&2
  status=1
fi

if command -v emacs >/dev/null; then
  run "$(emacs --version | head -n 1)" \
    emacs --batch -l "$here/emacs/test.el"
else
  echo "emacs not found (Debian: apt-get install emacs-nox elpa-eglot)" >&2
  status=1
fi

exit "$status"
