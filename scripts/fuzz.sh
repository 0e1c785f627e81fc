#!/usr/bin/env bash
# libFuzzer harnesses (Fuzz/tablelint-fuzz-*/main.swift), built in release with libFuzzer's coverage and
# AddressSanitizer.
#
#   scripts/fuzz.sh --list            the target names, one a line
#   scripts/fuzz.sh TARGET SECONDS    build if needed, then fuzz TARGET for SECONDS (niced)
#
# The harnesses exist only when TABLELINT_FUZZ=1 (Package.swift) and are built in their own scratch path,
# `.build-fuzz`, so a plain `swift build` never sees them. Corpus, crashes and logs live outside the repository in
# ${TABLELINT_FUZZ_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/tablelint-fuzz}/TARGET/{corpus,seeds,crashes,logs}; the seeds
# are made from Fixtures/ on every run. Every run appends "date target seconds executions result" to runs.tsv there.
# A crash (or a timeout, or running out of memory) exits 1 and prints the reproducer's path (a run stopped from
# outside exits 1 too, recorded as `stopped`); replay it with
# `.build-fuzz/release/tablelint-fuzz-TARGET FILE`, minimise it with `... -minimize_crash=1 -runs=100000 FILE`.
# TABLELINT_FUZZ_NO_BUILD=1 skips the build (e.g. while another run builds). TABLELINT_FUZZ_OPTIONS adds libFuzzer
# options, e.g. "-max_len=2048": libFuzzer lets inputs grow to the largest seed (25 KB of Swift here), which runs ten
# times fewer executions a second.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

targets=(swift swift-incremental ib objc jsonrpc config pipeline facts)

usage() {
  echo "usage: scripts/fuzz.sh --list | TARGET SECONDS" >&2
  exit 2
}

if [ "${1:-}" = "--list" ]; then
  printf '%s\n' "${targets[@]}"
  exit 0
fi
[ $# -eq 2 ] || usage
target=$1
seconds=$2
[[ " ${targets[*]} " == *" $target "* ]] || { echo "unknown target '$target' (see --list)" >&2; exit 2; }
[[ "$seconds" =~ ^[0-9]+$ ]] || usage

product=tablelint-fuzz-$target
binary=$repo/.build-fuzz/release/$product
if [ "${TABLELINT_FUZZ_NO_BUILD:-0}" != 1 ] || [ ! -x "$binary" ]; then
  # An incremental build may keep a module compiled against an older layout of a changed type (README: Reliability);
  # a harness built that way read `FileFacts` with its old layout and "crashed" on garbage. So tablelint's own modules
  # are rebuilt whole whenever any source changed since the last build here (swift-syntax's objects are kept).
  stamp=$(find Sources Fuzz Package.swift -type f -name '*.swift' -print0 | sort -z | xargs -0 sha256sum | sha256sum)
  if [ "$(cat .build-fuzz/sources.stamp 2>/dev/null)" != "$stamp" ]; then
    scripts/clean-own-modules.sh .build-fuzz
    rm -f .build-fuzz/sources.stamp
  fi
  # Every Swift module gets AddressSanitizer: SwiftPM's `--sanitize fuzzer` reaches the compiler as `-sanitize=fuzzer`
  # and the later `-sanitize=address` replaces it (the last `-sanitize=` wins), so swift-syntax gets no coverage;
  # `--sanitize fuzzer` stays for the link (libFuzzer's `main`). tablelint's own modules add libFuzzer's coverage
  # themselves (`-sanitize-coverage=…` in Package.swift): instrumenting swift-syntax's parser too halved the Swift
  # targets' executions a second. C code (Yams) gets coverage and ASan.
  TABLELINT_FUZZ=1 nice -n 19 swift build -c release --scratch-path .build-fuzz --sanitize fuzzer \
    -Xswiftc -sanitize=address -Xcc -fsanitize=fuzzer-no-link,address --product "$product" >&2
  echo "$stamp" > .build-fuzz/sources.stamp
fi

root=${TABLELINT_FUZZ_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/tablelint-fuzz}
work=$root/$target
mkdir -p "$work/corpus" "$work/crashes" "$work/logs"
rm -rf "$work/seeds"
mkdir -p "$work/seeds"

# Copies the fixture files whose names end in one of the given suffixes into the seeds folder.
seed_files() {
  local suffix
  for suffix in "$@"; do
    find Fixtures -type f -name "*$suffix" -print0 | while IFS= read -r -d '' file; do
      cp "$file" "$work/seeds/$(echo "$file" | tr '/' '_')"
    done
  done
}

# Writes one Content-Length frame per argument into one seed file.
seed_frames() {
  local name=$1 body
  shift
  : > "$work/seeds/$name"
  for body in "$@"; do
    printf 'Content-Length: %d\r\n\r\n%s' "${#body}" "$body" >> "$work/seeds/$name"
  done
}

case $target in
  swift|swift-incremental) seed_files .swift ;;
  ib) seed_files .storyboard .xib ;;
  objc) seed_files .m .h .mm ;;
  config)
    seed_files .tablelint.yml
    # The README's YAML blocks, one seed each (the first is the example configuration).
    awk -v dir="$work/seeds" '/^```yaml$/ { n++; keep = 1; next } /^```$/ { keep = 0 } keep { print > (dir "/readme-" n ".yml") }' README.md
    printf 'disabled_rules: [parse_error]\nrules:\n  missing_nib: { severity: warning, excluded: ["Pods/**"] }\n' \
      > "$work/seeds/rules.yml"
    ;;
  jsonrpc)
    seed_frames initialize.bin \
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{},"rootUri":"file:///tmp"}}' \
      '{"jsonrpc":"2.0","method":"initialized","params":{}}'
    seed_frames did-open.bin \
      '{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a.swift","languageId":"swift","version":1,"text":"let x = 1\n"}}}'
    seed_frames responses.bin '{"jsonrpc":"2.0","id":"a","result":null}' \
      '{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"no"}}' '[1,2.5,-0.0,1e308,"\u00e9"]'
    printf 'garbage\r\nContent-Type: x\r\n\r\nContent-Length: 2\r\n\r\n{}' > "$work/seeds/garbage.bin"
    ;;
  pipeline)
    # One seed per fixture project: its files, each behind a byte naming its kind, joined by 0x01.
    for project in Fixtures/*/; do
      python3 - "$project" "$work/seeds/$(basename "$project").bin" <<'EOF'
import pathlib, sys
kinds = {".swift": b"s", ".storyboard": b"b", ".xib": b"x", ".m": b"m", ".h": b"h", ".pbxproj": b"p"}
files = sorted(p for p in pathlib.Path(sys.argv[1]).rglob("*") if p.suffix in kinds and p.is_file())
# An Xcode project first, so that it is among the eight files kept.
files.sort(key=lambda p: p.suffix != ".pbxproj")
pieces = [kinds[p.suffix] + p.read_bytes()[:8192] for p in files[:8]]
pathlib.Path(sys.argv[2]).write_bytes(b"\x01".join(pieces))
EOF
    done
    ;;
  facts)
    # Blobs of the fixtures' facts, shards and stored results, written by the harness itself (it can encode them).
    TABLELINT_FUZZ_MAKE_SEEDS="$work/seeds" "$binary" >&2
    ;;
esac

# The process id too: two lanes of one target started in the same second must not share a log (each run counts its
# executions from its own).
log=$work/logs/$(date -u +%Y%m%dT%H%M%SZ)-$$.log
echo "fuzzing $target for $seconds s: corpus $work/corpus, log $log" >&2
status=0
# AddressSanitizer's defaults (a 256 MB quarantine, an allocation stack per malloc) slow Swift code, which allocates
# a lot, from thousands of executions a second to tens once the quarantine fills; a crash is replayed with full
# reports by running the binary on the reproducer.
export ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=0:quarantine_size_mb=16}
# The Swift runtime's backtracer would catch a trap first: under ASan it reads memory the sanitizer reports as a
# wild pointer (a second, misleading report), and its helper process outlived the fuzzer holding 225 MB. Without
# it, libFuzzer's own deadly-signal handler writes the reproducer; the log still names the failed precondition.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}
# `-entropic=0`: libFuzzer's default input scheduling (entropic) updated its rare-feature tables after every
# execution, a quarter of the `swift` target's time with a corpus of 14,000 inputs; without it the target ran 280
# executions a second instead of 199 and reached more coverage in the same minute. TABLELINT_FUZZ_OPTIONS come later
# and win (`-entropic=1` brings it back).
# `-detect_leaks=0`: libFuzzer runs LeakSanitizer after every input that allocated more than it freed (Swift's
# runtime and tablelint's caches keep memory on purpose), a scan of the whole heap each time: three quarters of the
# pipeline target's time (400 corpus inputs: 16.1 s with it, 4.2 s without), a tenth of the Swift targets'. Its
# reports are not trusted anyway: it does not follow a reference Swift keeps in an enum's spare bits (README).
# shellcheck disable=SC2086 # the options are words
nice -n 19 "$binary" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 -entropic=0 \
  -detect_leaks=0 \
  -artifact_prefix="$work/crashes/" ${TABLELINT_FUZZ_OPTIONS:-} "$work/corpus" "$work/seeds" > "$log" 2>&1 || status=$?

executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
reproducer=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
result=ok
[ "$status" -eq 0 ] || result=crash
# Stopped from outside (SIGINT or SIGTERM): libFuzzer says so and writes no reproducer.
if [ "$status" -ne 0 ] && grep -q 'run interrupted; exiting' "$log"; then result=stopped; fi
printf '%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$target" "$seconds" "${executions:-?}" "$result" >> "$root/runs.tsv"
grep -E '^(#[0-9]+.*(DONE|pulse)|Done [0-9]+ runs)' "$log" | tail -n 2 >&2 || true
if [ "$result" = stopped ]; then
  echo "$target: stopped after ${executions:-?} executions" >&2
  exit 1
fi
if [ "$status" -ne 0 ]; then
  grep -E 'ERROR: |Fatal error|SUMMARY' "$log" | head -n 5 >&2 || true
  echo "$target: crashed (libFuzzer exit status $status); reproducer: ${reproducer:-none written, see $log}" >&2
  exit 1
fi
echo "$target: no crash in ${executions:-?} executions" >&2
