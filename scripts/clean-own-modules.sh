#!/usr/bin/env bash
# Removes the build products of tablelint's own modules (not of its dependencies), forcing them to be recompiled.
# Incremental debug builds with Swift 6.3 sometimes keep a dependent module compiled against an older layout of a
# changed struct, which crashes at run time; this is the cheap cure. Usage: scripts/clean-own-modules.sh [BUILD_DIR]
set -euo pipefail
build=${1:-.build}
cd "$(dirname "$0")/.."
for dir in "$build"/*/debug "$build"/*/release; do
  [ -d "$dir" ] || continue
  for module in $(ls Sources Tests); do
    rm -rf "$dir/$module.build" "$dir/Modules/$module.swiftmodule" "$dir/$module.swiftmodule"
  done
done
