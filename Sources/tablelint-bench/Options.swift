import Foundation

/// Command-line options of `tablelint-bench`.
struct BenchOptions {
  var swiftFiles = 1000
  var storyboards = 50
  var bigFileLines = 2000
  var iterations = 5
  var corpusDirectory: String?
  var keep = false
  var json = false
  var seed: UInt64 = 0x7AB1E
  var verbose = false
  /// Only write the corpus (implies `--keep`): for the language-server benchmark, which drives the real binary.
  var generateOnly = false
  /// Time the phases of reading this Swift file instead of running the benchmark.
  var profileSwiftFile: String?
  /// Time the index and rules on this workspace instead of running the benchmark.
  var profileIndexRoot: String?
  var parseFloorRoot: String?
  var verifyBodySkippingRoots: [String] = []
  /// Check incremental parses of these Swift files' edits against whole parses instead of running the benchmark.
  var verifyIncrementalFiles: [String] = []

  static let usage = """
    USAGE: tablelint-bench [--files N] [--storyboards M] [--big-lines L] [--iterations K]
                           [--corpus DIR] [--keep] [--seed S] [--json] [--verbose]

    Generates a synthetic iOS workspace and times tablelint on it against a parse-only baseline.

    OPTIONS:
      --files N         Swift files in the corpus, the big file and support files included (default 1000)
      --storyboards M   storyboards, each with several scenes (default 50)
      --big-lines L     lines of the one big Swift file (default 2000)
      --iterations K    timed runs per measurement; the median is reported (default 5)
      --corpus DIR      generate into DIR instead of a temporary directory (DIR must be empty, missing,
                        or a corpus this tool generated before)
      --keep            keep the generated corpus (it is deleted at exit otherwise)
      --generate-only   write the corpus (to --corpus DIR) and stop; used by scripts/lsp-bench.py
      --seed S          generator seed (default 502558); the same seed gives the same corpus
      --profile-swift FILE  time each phase of reading one Swift file (parse, incremental parse, each walk)
                        and stop
      --profile-index DIR  time discovery, the parse floor, the cache's coding, building the index and the
                        rules on a real workspace, and stop
      --parse-floor DIR    print the median ms to parse DIR's Swift files once on one core, and their count
      --verify-incremental FILE  edit FILE as someone typing would (statements typed in bodies, lines added and
                        removed, members added) and check that every incremental parse gives the facts of a whole
                        parse, with how many declarations were reused; repeatable; exits 1 on a difference
      --json            print the results as JSON on stdout (progress still goes to stderr)
      --verbose         also print the findings; with --verify-body-skipping, how each file is read and why
      -h, --help        show this help
    """

  struct ParseError: Error, CustomStringConvertible {
    let description: String
  }

  static func parse(_ arguments: [String]) throws -> BenchOptions? {
    var options = BenchOptions()
    var index = 0
    func value(for flag: String) throws -> String {
      index += 1
      guard index < arguments.count else { throw ParseError(description: "missing value for \(flag)") }
      return arguments[index]
    }
    func integer(for flag: String, minimum: Int) throws -> Int {
      let text = try value(for: flag)
      guard let number = Int(text), number >= minimum else {
        throw ParseError(description: "\(flag) expects an integer >= \(minimum), got '\(text)'")
      }
      return number
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--files": options.swiftFiles = try integer(for: argument, minimum: 1)
      case "--storyboards": options.storyboards = try integer(for: argument, minimum: 0)
      case "--big-lines": options.bigFileLines = try integer(for: argument, minimum: 0)
      case "--iterations": options.iterations = try integer(for: argument, minimum: 1)
      case "--corpus": options.corpusDirectory = try value(for: argument)
      case "--seed":
        let text = try value(for: argument)
        guard let seed = UInt64(text) else { throw ParseError(description: "--seed expects an unsigned integer") }
        options.seed = seed
      case "--profile-swift": options.profileSwiftFile = try value(for: argument)
      case "--profile-index": options.profileIndexRoot = try value(for: argument)
      case "--parse-floor": options.parseFloorRoot = try value(for: argument)
      case "--verify-body-skipping": options.verifyBodySkippingRoots.append(try value(for: argument))
      case "--verify-incremental": options.verifyIncrementalFiles.append(try value(for: argument))
      case "--keep": options.keep = true
      case "--generate-only":
        options.generateOnly = true
        options.keep = true
      case "--json": options.json = true
      case "--verbose": options.verbose = true
      case "-h", "--help": return nil
      default: throw ParseError(description: "unknown argument '\(argument)'")
      }
      index += 1
    }
    return options
  }
}
