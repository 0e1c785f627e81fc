#!/usr/bin/env bash
# Removes the build products of tablelint's own modules (not of its dependencies), forcing them to be recompiled.
# Incremental builds (debug and release) with Swift 6.3 sometimes keep a dependent module compiled against an older
# layout of a changed type, which crashes at run time; this is the cheap cure (`scripts/fuzz.sh` runs it whenever the
# sources changed since its last build). Usage: scripts/clean-own-modules.sh [BUILD_DIR]
set -euo pipefail
build=${1:-.build}
cd "$(dirname "$0")/.."
for dir in "$build"/*/debug "$build"/*/release; do
  [ -d "$dir" ] || continue
  # Executable targets are built as modules named with underscores (`tablelint-fuzz-swift`: `tablelint_fuzz_swift`).
  for module in $(ls Sources Tests Fuzz); do
    for name in "$module" "${module//-/_}"; do
      rm -rf "$dir/$name.build" "$dir/Modules/$name.swiftmodule" "$dir/$name.swiftmodule"
    done
  done
done
