#!/usr/bin/env python3
"""Validate a SARIF log against the official SARIF 2.1.0 JSON schema.

Usage: scripts/validate-sarif.py LOG.sarif [SCHEMA.json]

SCHEMA defaults to ../shared/schemas/sarif-schema-2.1.0.json relative to the repository root (the directory above
this script). Needs the `jsonschema` package (pip install jsonschema). Exits 0 when the log is valid; 1 with one
line per problem when it is not, or when a file cannot be read; 2 on a usage error.

The schema declares draft-04; the matching validator is chosen from its "$schema". URI formats are checked too:
with `rfc3987` installed by jsonschema itself, otherwise by a small built-in check (a scheme for "uri", no spaces
or other characters that must be percent-encoded for both "uri" and "uri-reference").
"""

import json
import os
import re
import sys

try:
    import jsonschema
except ImportError:
    sys.exit("validate-sarif: the 'jsonschema' package is missing (pip install jsonschema)")

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_SCHEMA = os.path.join(REPO_ROOT, "..", "shared", "schemas", "sarif-schema-2.1.0.json")

# RFC 3986 characters (reserved, unreserved and '%'); anything else must be percent-encoded.
URI_CHARACTERS = re.compile(r"^[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]*$")
PERCENT_ESCAPES = re.compile(r"%(?![0-9A-Fa-f]{2})")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")


def load_json(path, what):
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, ValueError) as error:
        print(f"validate-sarif: cannot read {what} {path}: {error}", file=sys.stderr)
        sys.exit(1)


def is_uri_reference(value):
    return not isinstance(value, str) or (URI_CHARACTERS.match(value) and not PERCENT_ESCAPES.search(value))


def is_uri(value):
    return not isinstance(value, str) or (is_uri_reference(value) and SCHEME.match(value))


def format_checker(validator_class):
    checker = jsonschema.FormatChecker(validator_class.FORMAT_CHECKER.checkers.keys())
    if "uri" not in checker.checkers:
        checker.checks("uri")(is_uri)
    if "uri-reference" not in checker.checkers:
        checker.checks("uri-reference")(is_uri_reference)
    return checker


def main(argv):
    if len(argv) not in (2, 3):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    log = load_json(argv[1], "SARIF log")
    schema = load_json(argv[2] if len(argv) == 3 else DEFAULT_SCHEMA, "schema")
    validator_class = jsonschema.validators.validator_for(schema, default=jsonschema.Draft4Validator)
    validator = validator_class(schema, format_checker=format_checker(validator_class))
    errors = sorted(validator.iter_errors(log), key=lambda error: list(error.absolute_path))
    if not errors:
        print(f"{argv[1]}: valid SARIF {log.get('version', '?') if isinstance(log, dict) else '?'}")
        return 0
    for error in errors:
        location = "/".join(str(part) for part in error.absolute_path) or "(root)"
        print(f"{argv[1]}: {location}: {error.message}", file=sys.stderr)
    print(f"validate-sarif: {len(errors)} schema violation(s)", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
