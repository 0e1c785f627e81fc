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
      # The compiled files only: SwiftPM writes a module's planning files (`output-file-map.json`, `sources`) when it
      # plans the build, and does not write them again while the package's description is unchanged.
      if [ -d "$dir/$name.build" ]; then
        find "$dir/$name.build" -type f ! -name output-file-map.json ! -name sources -delete
      fi
      rm -rf "$dir/Modules/$name.swiftmodule" "$dir/$name.swiftmodule"
    done
  done
done
