"""Copies of fetched apps for the benchmarks (scripts/lsp-replay.py, scripts/batch-bench.py): only what tablelint reads."""
import os
import shutil

SOURCE_SUFFIXES = (".swift", ".m", ".mm", ".h", ".storyboard", ".xib", ".nib")
# What SourceFileKind calls dependency manifests (the app's packages and pods decide which classes are external),
# and the configuration.
NAMES = ("Podfile", "Cartfile", "Package.resolved", "project.pbxproj", ".tablelint.yml")


def copy_sources(app, destination, keep_times=False):
    """Copies what tablelint reads (sources, IB files, dependency manifests) into `destination`; with `keep_times`,
    with their modification times (a copy made now is newer than any cache). Returns how many files."""
    count = 0
    for directory, subdirectories, files in os.walk(app):
        subdirectories[:] = [d for d in subdirectories if d not in (".git", ".build")]
        for name in files:
            if name.endswith(SOURCE_SUFFIXES) or name in NAMES:
                source = os.path.join(directory, name)
                target = os.path.join(destination, os.path.relpath(source, app))
                os.makedirs(os.path.dirname(target), exist_ok=True)
                (shutil.copy2 if keep_times else shutil.copyfile)(source, target)
                count += 1
    return count
