/// What the generated workspace contains, decided before any file is written: features (a controller with its
/// cells and model), the storyboards that hold their scenes, and the defects planted on purpose.
struct CorpusPlan {
  /// How a feature's table gets its cells: the shapes real projects use.
  enum Style: Int, CaseIterable {
    /// A `UITableViewController` scene with prototypes; dequeues by string literal, enum raw value and a constant
    /// shared through `Constants.Cells`.
    case storyboardTable
    /// A code-only controller that registers a class (`static let reuseIdentifier`) and a cell xib
    /// (`String(describing: Cell.self)`), plus a header view.
    case codeRegistered
    /// A storyboard scene whose table is an outlet; a separate `NSObject, UITableViewDataSource` dequeues.
    case sharedDataSource
    /// A `UITableViewController` in code whose cells adopt `Reusable` (identifier = type name).
    case reusable
  }

  /// A planted mistake and the rule that must report it (once).
  enum Defect: Int, CaseIterable {
    case typoInDequeue, duplicatePrototype, prototypeWithoutIdentifier, missingNib, nibIdentifierMismatch
    case cellClassMismatch

    var ruleID: String {
      switch self {
      case .typoInDequeue: "unregistered_reuse_identifier"
      case .duplicatePrototype: "duplicate_reuse_identifier"
      case .prototypeWithoutIdentifier: "prototype_without_reuse_identifier"
      case .missingNib: "missing_nib"
      case .nibIdentifierMismatch: "nib_reuse_identifier_mismatch"
      case .cellClassMismatch: "cell_class_mismatch"
      }
    }

    var style: Style {
      switch self {
      case .typoInDequeue, .duplicatePrototype: .storyboardTable
      case .prototypeWithoutIdentifier: .sharedDataSource
      case .missingNib, .nibIdentifierMismatch: .codeRegistered
      case .cellClassMismatch: .reusable
      }
    }
  }

  struct Feature {
    let index: Int
    /// The noun, e.g. "Invoice".
    let word: String
    /// Type-name prefix, unique: "Invoice12".
    let name: String
    let style: Style
    var storyboard: Int?
    var defect: Defect?

    /// Swift files this feature writes.
    var swiftFileCount: Int { style == .sharedDataSource ? 4 : 3 }
    var lowerName: String { name.prefix(1).lowercased() + name.dropFirst() }
  }

  struct Storyboard {
    let index: Int
    let name: String
    var features: [Int] = []
  }

  static let supportSwiftFiles = 2  // Support/Reusable.swift, Support/Constants.swift

  var features: [Feature] = []
  var storyboards: [Storyboard] = []
  /// Swift files with no table code at all (utilities), to reach the requested file count.
  var fillerFiles = 0
  var hasBigFile: Bool
  /// Support/Reusable.swift and Support/Constants.swift (written when the file budget allows).
  var hasSupportFiles: Bool

  static let words = [
    "Order", "Invoice", "Contact", "Message", "Photo", "Album", "Task", "Project", "Ticket", "Review", "Product",
    "Coupon", "Event", "Note", "Playlist", "Track", "Account", "Payment", "Device", "Report", "Recipe", "Booking",
    "Course", "Lesson", "Workout", "Expense", "Budget", "Document", "Shipment", "Store",
  ]
  static let storyboardWords = [
    "Main", "Settings", "Checkout", "Onboarding", "Profile", "Catalog", "Inbox", "Library", "Search", "Wallet",
  ]

  init(options: BenchOptions) {
    let hasStoryboards = options.storyboards > 0
    hasBigFile = options.bigFileLines > 0 && options.swiftFiles > 0
    var remaining = options.swiftFiles - (hasBigFile ? 1 : 0)
    hasSupportFiles = remaining >= Self.supportSwiftFiles
    if hasSupportFiles { remaining -= Self.supportSwiftFiles }

    // Features in groups of four, one of each style (without storyboards, only the code-only styles).
    let cycle: [Style] = hasStoryboards ? Style.allCases : [.codeRegistered, .reusable]
    while true {
      let index = features.count
      let style = cycle[index % cycle.count]
      let feature = Feature(
        index: index, word: Self.words[index % Self.words.count], name: "\(Self.words[index % Self.words.count])\(index)",
        style: style)
      guard feature.swiftFileCount <= remaining else { break }
      remaining -= feature.swiftFileCount
      features.append(feature)
    }
    fillerFiles = max(0, remaining)

    storyboards = (0..<options.storyboards).map {
      Storyboard(index: $0, name: "\(Self.storyboardWords[$0 % Self.storyboardWords.count])\($0)")
    }
    if hasStoryboards {
      var next = 0
      for index in features.indices where [.storyboardTable, .sharedDataSource].contains(features[index].style) {
        features[index].storyboard = next % storyboards.count
        storyboards[next % storyboards.count].features.append(index)
        next += 1
      }
    }

    // Defects: about one group in eight (at least one of each kind when the corpus is big enough), each in a
    // feature of the style it needs.
    let groups = features.count / cycle.count
    let spacing = max(1, min(8, groups / Defect.allCases.count))
    var kind = 0
    for group in 0..<groups where group % spacing == spacing / 2 {
      let defect = Defect.allCases[kind % Defect.allCases.count]
      kind += 1
      guard let offset = cycle.firstIndex(of: defect.style) else { continue }
      features[group * cycle.count + offset].defect = defect
    }
  }

  var plantedDefects: [Defect] { features.compactMap(\.defect) }
}
