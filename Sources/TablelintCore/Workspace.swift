import Foundation
import SwiftFrontend
import TablelintIndex
import TablelintModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The files of a project and their facts, kept up to date cheaply.
///
/// Facts are cached per file by content hash: `refresh()` re-reads a file only when its size or modification
/// time changed, and re-parses it only when its contents did. Documents open in an editor are overlays: their
/// in-memory contents win over the disk. Parsing runs in parallel on all cores.
///
/// For the command line, `filter` applies the configuration's `included`/`excluded` globs, `cache` keeps facts on
/// disk between runs (a file whose content hash is in it is not parsed), and `progress` is told how many of the
/// files to parse are done.
public final class Workspace: @unchecked Sendable {
  public let roots: [String]
  public let discovery: FileDiscovery
  public let filter: PathFilter?
  public let cache: FactsCache?
  public let progress: ParseProgressHandler?
  /// Told which file is being read (the language server's worker process, see `ParseBreadcrumbs`).
  public var breadcrumbs: ParseBreadcrumbs?
  /// Files not read at all: reading them stopped a worker process before (see `skippedProblem`).
  public var skippedPaths: Set<String> = []
  /// Read one file at a time (a worker restarted after a crash, so that its trail names one file).
  public var readsOneFileAtATime = false
  /// Called on the calling thread, while the other threads wait, before files are read on every core; not called by
  /// a run that reads nothing (`tablelint lint` faults in its writable data there, see `WritableDataPrefault`).
  public var beforeParallelRead: (() -> Void)?

  private let lock = NSLock()
  private var overlays: [String: [UInt8]] = [:]
  /// The last parse of each Swift overlay, for the next edit (`refresh(paths:)`).
  private let swiftParser = IncrementalSwiftParser()
  /// The last parses of the open Swift documents (thread-safe): features read their trees (`tree(of:ifBytesAre:)`).
  public var swiftTrees: IncrementalSwiftParser { swiftParser }
  private var entries: [String: Entry] = [:]
  /// The directory listings of the last walk, saved with the cache, and whether they are the ones it holds.
  private var directoryListings: [String: DirectoryListing] = [:]
  private var directoryListingsAreCached = false
  /// The directories the last walk looked into without listing them, and whether it recorded the listing of every
  /// directory it entered and signed every one it looked into (`ReuseProof`).
  private var probedDirectories: [String: DirectorySignature] = [:]
  private var directoryListingsAreComplete = false
  /// `DirectoryListings.racyWindow` (tests shorten it: they cannot age a directory's status-change time).
  var directoryRacyWindow = FactsCache.racyWindow
  /// How many files the last `refresh()` parsed: 0 on an unchanged tree.
  public private(set) var lastParseCount = 0
  /// How many files the last `refresh()` took from the on-disk cache instead of parsing them.
  public private(set) var lastCacheHitCount = 0
  /// How many directories the last walk did not read, their listings in the cache being current.
  public private(set) var lastDirectoryReuseCount = 0
  /// Whether the last `lint` reused the cache's findings (nothing changed).
  public private(set) var reusedResult = false
  /// Whether it reused them on the strength of the cache's proof, without walking (`ReuseProof`).
  public private(set) var provedUnchanged = false
  /// How many files the last `lint` checked with the rules (0 when it reused the findings): after a few files
  /// changed, those and the files their findings depend on (see `resumedSnapshot`), else every file.
  public private(set) var lastCheckedCount = 0
  /// Where the last `lint` spent its time, in order (`--statistics`): the walk, reading and parsing, the index, the
  /// rules (with the slowest three) and writing the cache; a run that reused the cache's findings has fewer.
  public private(set) var lastPhases: [LintPhase] = []

  /// A stretch of a `lint`.
  public struct LintPhase: Sendable {
    public var name: String
    public var duration: Duration
    /// The rules' phase: the slowest three, slowest first.
    public var slowestRules: [(rule: String, duration: Duration)] = []
  }

  struct Entry: Sendable {
    var signature: FileSignature?
    var hash: ContentHash
    var facts: FileFacts
  }

  public init(
    roots: [String], discovery: FileDiscovery = FileDiscovery(), filter: PathFilter? = nil, cache: FactsCache? = nil,
    progress: ParseProgressHandler? = nil
  ) {
    self.roots = roots.isEmpty ? ["."] : roots
    self.discovery = discovery
    self.filter = filter
    self.cache = cache
    self.progress = progress
  }

  // MARK: - Overlays

  /// Use these contents for `path` instead of the disk (an editor's unsaved buffer).
  public func setOverlay(path: String, contents: [UInt8]) {
    lock.withLock { overlays[FileDiscovery.normalize(path)] = contents }
  }

  public func removeOverlay(path: String) {
    let path = FileDiscovery.normalize(path)
    lock.withLock { overlays[path] = nil }
    swiftParser.forget(path)
  }

  // MARK: - Refresh

  /// What `refresh()` reads: the discovered paths (with new overlays), and the xibs the configuration excludes.
  struct Inputs: Sendable {
    var paths: [String]
    var excludedNibs: [String]
    /// In step with `paths`: the signatures the walk took as it read the directories (`nil` where it took none), or
    /// `nil` when it took none at all.
    var signatures: [FileSignature?]?
    /// Every path, for `FactsCache.inputsKey`.
    var all: [String] { paths + ["\u{0}excluded"] + excludedNibs }
  }

  /// Discovers the files, re-reads what changed and returns every file's facts (sorted by path).
  /// Throws only when a root does not exist.
  public func refresh() throws -> [FileFacts] {
    let overlaySnapshot = lock.withLock { overlays }
    let inputs = try discoverInputs(overlays: overlaySnapshot)
    let facts = read(inputs, overlays: overlaySnapshot)
    if let cache { save(to: cache, result: nil) }
    return facts
  }

  /// Lints the workspace as it is now. With a cache and `configurationKey` (a fingerprint of the configuration),
  /// the last run's findings are reused outright when no input changed (`reusedResult`), and stored for the next
  /// run otherwise. `needsModel` (`--statistics`): the result must carry the index, so the findings are never reused
  /// outright (they are still carried forward file by file, as `resumedSnapshot` does).
  public func lint(
    configuration: LintConfiguration = LintConfiguration(), configurationKey: UInt64? = nil, needsModel: Bool = false
  ) throws -> LintResult {
    let overlaySnapshot = lock.withLock { overlays }
    let clock = ContinuousClock()
    var phases: [LintPhase] = []
    var phaseStart = clock.now
    func endPhase(_ name: String) {
      let now = clock.now
      phases.append(LintPhase(name: name, duration: now - phaseStart))
      phaseStart = now
    }
    defer { lock.withLock { lastPhases = phases } }
    // Nothing the last run's findings came from changed, as its proof shows: no walk, no table decoded.
    if let cache, let configurationKey, overlaySnapshot.isEmpty, !needsModel,
      let (stored, proof) = cache.provenResult(configuration: configurationKey)
    {
      endPhase("proof of an unchanged tree")
      lock.withLock {
        lastParseCount = 0
        lastCacheHitCount = proof.files
        lastDirectoryReuseCount = proof.directories
        lastCheckedCount = 0
        reusedResult = true
        provedUnchanged = true
      }
      return LintResult(stored: stored.findings, suppressedCount: stored.suppressedCount, fileCount: stored.fileCount)
    }
    var inputs = try discoverInputs(overlays: overlaySnapshot)
    endPhase("discovery")
    // Each input is stat'ed once (by the walk where it read the directory): for the reuse check, and then by `read`
    // when the findings cannot be reused.
    if let cache, let configurationKey, overlaySnapshot.isEmpty, !needsModel {
      let every = inputs.signedPaths()
      var paths: [String] = []
      var taken: [FileSignature?] = []
      paths.reserveCapacity(every.count)
      taken.reserveCapacity(every.count)
      for (path, signature) in zip(inputs.paths, every) where SourceFileKind(path: path) != .compiledNib {
        paths.append(path)
        taken.append(signature)
      }
      let complete = !taken.contains(nil)
      var stored = complete
        ? cache.result(configuration: configurationKey, inputs: inputs.all, paths: paths, signatures: taken.map { $0! })
        : nil
      // Files edited just before the last run wrote the cache are compared by content: a run right after an edit (a
      // save hook, a second run) then reuses the findings instead of checking every file again.
      if let unsure = stored?.unsure, !unsure.isEmpty,
        !Self.holdStoredContents(unsure.map { (paths[$0], taken[$0]!) }, cache: cache)
      {
        stored = nil
      }
      // An edit that moved no fact (a comment appended, a line changed in place): the findings stand.
      if complete, stored == nil,
        let reused = resultAfterFactlessEdits(
          paths: paths, signatures: taken.map { $0! }, cache: cache, key: configurationKey, inputs: inputs
        )
      {
        endPhase("changed files parsed, stored findings reused")
        return reused
      }
      // Not reused: `read` takes these instead of stat-ing again.
      if !complete || stored == nil { inputs.signatures = every }
      if let stored {
        let (directories, cached, proof) = reused(paths: paths, signatures: taken.map { $0! }, parsed: 0)
        // Listings the cache lacks (a directory that had just changed when it was written) are kept for next time,
        // and so is a proof it lacks (one of them, or a probed directory, was that recent): then the next run need
        // not walk.
        if !cached || proof != nil { cache.replaceDirectories(directories, proof: proof) }
        endPhase("stored findings reused")
        return LintResult(
          stored: stored.result.findings, suppressedCount: stored.result.suppressedCount,
          fileCount: stored.result.fileCount
        )
      }
    }
    let facts = read(inputs, overlays: overlaySnapshot)
    endPhase("reading and parsing")
    // The cache's part that does not depend on the findings is made meanwhile, on a thread of its own.
    let preparing = cache.map { [inputs] cache in
      Pending { [self] in preparedSave(to: cache, withProof: configurationKey != nil, inputs: inputs) }
    }
    var resumed: LintSnapshot?
    if let cache, let configurationKey, overlaySnapshot.isEmpty {
      resumed = resumedSnapshot(facts, configuration: configuration, key: configurationKey, inputs: inputs, cache: cache)
    }
    let snapshot = resumed ?? LintEngine.snapshot(files: facts, configuration: configuration)
    let result = snapshot.result
    lock.withLock { lastCheckedCount = snapshot.step.checkedFiles }
    // The snapshot times its index and its rules; the rest of the phase gathers the facts by path, or carries the
    // cache's results forward.
    let step = snapshot.step
    let other = clock.now - phaseStart - step.indexDuration - step.checkDuration
    phases.append(
      LintPhase(name: resumed == nil ? "facts gathered" : "stored results carried forward", duration: max(.zero, other))
    )
    phases.append(LintPhase(name: "index", duration: step.indexDuration))
    phases.append(LintPhase(name: "rules", duration: step.checkDuration, slowestRules: step.slowestRules))
    phaseStart = clock.now
    if let cache {
      let stored = configurationKey.map {
        FactsCache.StoredResult(
          configuration: $0, inputs: FactsCache.inputsKey(inputs.all), findings: result.findings,
          suppressedCount: result.suppressedCount, fileCount: result.fileCount
        )
      }
      if let preparing { save(preparing.value, to: cache, result: stored, subjects: snapshot.subjects) }
      endPhase("cache written")
    }
    return result
  }

  /// The snapshot of `facts` carried forward from the run the cache holds the findings of, when that run used this
  /// configuration and these inputs and at most a quarter of the files changed since (`LintEngine.resuming`: when
  /// they kept what other files see of them, only they and the files whose findings point into them are checked);
  /// `nil` when the cache cannot tell what each changed file was.
  private func resumedSnapshot(
    _ facts: [FileFacts], configuration: LintConfiguration, key: UInt64, inputs: Inputs, cache: FactsCache
  ) -> LintSnapshot? {
    let current = lock.withLock { entries }
    var changed: [(path: String, hash: ContentHash)] = []
    for file in facts {
      if case .compiledNib = file.content { continue }
      guard let entry = current[file.path], let stored = cache.storedHash(path: file.path) else { return nil }
      if entry.hash != stored { changed.append((file.path, stored)) }
    }
    guard changed.count <= max(1, facts.count / 4),
      let subjects = cache.storedSubjects(configuration: key, inputs: inputs.all)
    else { return nil }
    var previous: [String: FileFacts] = [:]
    for (path, hash) in changed {
      guard let old = cache.facts(path: path, hash: hash) else { return nil }
      previous[path] = old
    }
    return LintEngine.resuming(files: facts, configuration: configuration, stored: subjects, previous: previous)
  }

  private func discoverInputs(overlays overlaySnapshot: [String: [UInt8]]) throws -> Inputs {
    // With a cache, directories that did not change are not read again (`DirectoryListings`).
    let listings = cache.map { DirectoryListings(known: $0.directoryListings(), racyWindow: directoryRacyWindow) }
    let discovered = try discovery.discoverSigned(roots: roots, listings: listings)
    var paths = discovered.paths
    var signatures = discovered.signatures
    if let listings {
      lock.withLock {
        directoryListings = listings.observed
        directoryListingsAreCached = listings.observedIsKnown
        probedDirectories = listings.probed
        directoryListingsAreComplete = listings.recordedEveryEnteredDirectory
        lastDirectoryReuseCount = listings.reusedCount
      }
    }
    // Xibs the configuration excludes are not analysed, but they still exist at run time: `missing_nib` must know
    // their names.
    var excludedNibs: [String] = []
    if let filter {
      var admitted: [String] = []
      var admittedSignatures: [FileSignature?] = []
      for (position, path) in paths.enumerated() {
        if filter.admits(path) {
          admitted.append(path)
          if let signatures { admittedSignatures.append(signatures[position]) }
        } else if SourceFileKind(path: path) == .xib {
          excludedNibs.append(path)
        }
      }
      paths = admitted
      if signatures != nil { signatures = admittedSignatures }
    }
    // Overlays for files not yet on disk belong to the workspace too.
    if !overlaySnapshot.isEmpty {
      let known = Set(paths)
      let added = overlaySnapshot.keys.sorted().filter { !known.contains($0) && SourceFileKind(path: $0) != nil }
      paths.append(contentsOf: added)
      signatures?.append(contentsOf: repeatElement(nil, count: added.count))
    }
    return Inputs(paths: paths, excludedNibs: excludedNibs, signatures: signatures)
  }

  /// What `read` must still do for one file, on some core.
  private enum Job {
    /// An editor's text that changed.
    case overlay(bytes: [UInt8], hash: ContentHash)
    /// A file the cache vouches for by its signature: its facts are decoded without reading it.
    case cached(hash: ContentHash, signature: FileSignature)
    /// A file to read: then its facts are the previous run's, the cache's (same contents), or parsed.
    case disk(signature: FileSignature?)
  }

  /// The signatures `inputs` lacks are taken here.
  private func read(_ inputs: Inputs, overlays overlaySnapshot: [String: [UInt8]]) -> [FileFacts] {
    let previous = lock.withLock { entries }
    var next: [String: Entry] = [:]
    next.reserveCapacity(inputs.paths.count + inputs.excludedNibs.count)
    for path in inputs.excludedNibs {
      next[path] = Entry(signature: nil, hash: ContentHash([]), facts: FileFacts(path: path, content: .compiledNib))
    }
    // The files the caller did not stat are stat'ed here, on every core: one after the other, the calls were the
    // longest stretch of a cold run with one core idle. Positions in `paths` stand for paths from here on: the
    // serial stretches before and after the parallel read hashed each path up to five times (element-ios: 3,000
    // paths, 2 ms with the other core idle). An empty table is not looked up (a look-up hashes the key first).
    let paths = inputs.paths
    let taken = inputs.signedPaths(skipping: overlaySnapshot)
    // The facts of each path, by position, as they become known.
    var factsInOrder = [FileFacts?](repeating: nil, count: paths.count)
    var pending: [(path: String, job: Job, size: UInt64, position: Int)] = []
    for position in paths.indices {
      let path = paths[position]
      if !overlaySnapshot.isEmpty, let bytes = overlaySnapshot[path] {
        let hash = ContentHash(bytes)
        if !previous.isEmpty, let entry = previous[path], entry.hash == hash {
          next[path] = Entry(signature: nil, hash: hash, facts: entry.facts)
          factsInOrder[position] = entry.facts
        } else {
          pending.append((path, .overlay(bytes: bytes, hash: hash), UInt64(bytes.count), position))
        }
        continue
      }
      if SourceFileKind(path: path) == .compiledNib {
        let facts = FileFacts(path: path, content: .compiledNib)
        next[path] = Entry(signature: nil, hash: ContentHash([]), facts: facts)
        factsInOrder[position] = facts
        continue
      }
      let signature = taken[position]
      if !previous.isEmpty, let entry = previous[path], let signature, entry.signature == signature {
        next[path] = entry
        factsInOrder[position] = entry.facts
        continue
      }
      if let signature, let hash = cache?.hash(path: path, signature: signature) {
        pending.append((path, .cached(hash: hash, signature: signature), signature.size / 8, position))
        continue
      }
      // A huge file is not read at all: memory stays bounded whatever the workspace holds.
      if let size = signature?.size, size > Self.maximumFileSize {
        let message = "file is larger than \(Self.maximumFileSize >> 20) MiB; not analysed"
        let facts = Self.unreadable(path, message, isLimit: true)
        next[path] = Entry(signature: signature, hash: ContentHash([]), facts: facts)
        factsInOrder[position] = facts
        continue
      }
      pending.append((path, .disk(signature: signature), signature?.size ?? 0, position))
    }
    // One pass on every core: reading, hashing, decoding cached facts and parsing, the biggest files first so that
    // no core is left alone with a big file at the end.
    let jobs = pending.sorted { $0.size != $1.size ? $0.size > $1.size : $0.path < $1.path }
    let done = JobResults(count: jobs.count)
    let parses = jobs.filter { if case .cached = $0.job { return false } else { return true } }.count
    let (cache, breadcrumbs, progress, skipped) = (self.cache, self.breadcrumbs, self.progress, skippedPaths)
    let swiftParser = self.swiftParser
    let previousEntries = previous
    let run: @Sendable (Int) -> Void = { index in
      let (path, job, _, _) = jobs[index]
      func parsed(_ bytes: [UInt8], _ hash: ContentHash, _ signature: FileSignature?, overlay: Bool = false) -> Entry {
        // An editor's document keeps its parse for its next edit (`refresh(paths:)`), whichever way it was read.
        let facts = Self.parse(
          path: path, bytes: bytes, swiftParser: overlay ? swiftParser : nil, breadcrumbs: breadcrumbs, skipped: skipped
        )
        let count = done.finishParse()
        progress?(count, parses)
        return Entry(signature: signature, hash: hash, facts: facts)
      }
      func fromDisk(_ signature: FileSignature?) -> Entry {
        guard let bytes = Self.read(path, size: signature?.size) else {
          return Entry(signature: signature, hash: ContentHash([]), facts: Self.unreadable(path))
        }
        let hash = ContentHash(bytes)
        if let entry = previousEntries[path], entry.hash == hash {
          return Entry(signature: signature, hash: hash, facts: entry.facts)
        }
        if signature != nil, let facts = cache?.facts(path: path, hash: hash) {
          done.countCacheHit()
          return Entry(signature: signature, hash: hash, facts: facts)
        }
        return parsed(bytes, hash, signature)
      }
      switch job {
      case .overlay(let bytes, let hash):
        done.set(index, parsed(bytes, hash, nil, overlay: true))
      case .cached(let hash, let signature):
        if let facts = cache?.facts(path: path, hash: hash) {
          done.countCacheHit()
          done.set(index, Entry(signature: signature, hash: hash, facts: facts))
        } else {
          // A blob that does not decode: the file is read and parsed.
          done.set(index, fromDisk(signature))
        }
      case .disk(let signature):
        done.set(index, fromDisk(signature))
      }
    }
    if readsOneFileAtATime {
      jobs.indices.forEach(run)
    } else {
      if !jobs.isEmpty { beforeParallelRead?() }
      performOnEveryCore(iterations: jobs.count, run)
    }
    for (job, entry) in zip(jobs, done.takeEntries()) {
      next[job.path] = entry!
      factsInOrder[job.position] = entry!.facts
    }
    lock.withLock {
      entries = next
      lastParseCount = done.parseCount
      lastCacheHitCount = done.cacheHitCount
      reusedResult = false
    }
    // Discovery finds the paths in order: then they are taken by position, not the entries sorted (which moved
    // every file's facts, on one core, after the parallel read).
    if inputs.excludedNibs.isEmpty, next.count == paths.count, zip(paths, paths.dropFirst()).allSatisfy({ $0 < $1 }) {
      return factsInOrder.map { $0! }
    }
    return next.sorted { $0.key < $1.key }.map(\.value.facts)
  }

  /// Re-reads only `paths` (documents an editor changed), with no discovery walk, and returns their facts, or
  /// `nil` when answering needs one: a path the last `refresh()` did not see and that is not a new overlay, or one
  /// whose overlay went away (the disk's copy may be excluded). The workspace's entries are updated as
  /// `refresh()` would update them.
  public func refresh(paths: Set<String>) -> [FileFacts]? {
    let (overlaySnapshot, previous) = lock.withLock { (overlays, entries) }
    var toParse: [(path: String, bytes: [UInt8], hash: ContentHash)] = []
    var result: [FileFacts] = []
    for path in paths.sorted() {
      guard let bytes = overlaySnapshot[path], previous[path] != nil || !FileManager.default.fileExists(atPath: path)
      else { return nil }
      let hash = ContentHash(bytes)
      if let entry = previous[path], entry.hash == hash {
        result.append(entry.facts)
      } else {
        toParse.append((path, bytes, hash))
      }
    }
    // Edited Swift documents are parsed incrementally from their previous parse.
    let parsed = Self.parseInParallel(
      toParse.map { ($0.path, $0.bytes) }, swiftParser: swiftParser, breadcrumbs: breadcrumbs, skipped: skippedPaths,
      oneAtATime: readsOneFileAtATime
    )
    lock.withLock {
      for (item, facts) in zip(toParse, parsed) {
        entries[item.path] = Entry(signature: nil, hash: item.hash, facts: facts)
      }
      lastParseCount = toParse.count
      lastCacheHitCount = 0
    }
    return result + parsed
  }

  /// Whether some edited Swift document's facts come from an unsettled parse (see `settle()`).
  public var hasUnsettledDocuments: Bool { !swiftParser.unsettledPaths.isEmpty }

  /// Parses whole the edited Swift documents whose last parse was incremental over text with syntax errors (the
  /// incremental parser may recover from errors differently from `tablelint lint`'s whole parse), and returns the
  /// facts that differ from those the workspace held. The language server calls it when typing pauses.
  public func settle() -> [FileFacts] {
    var changed: [FileFacts] = []
    for path in swiftParser.unsettledPaths where !skippedPaths.contains(path) {
      breadcrumbs?.begin(path)
      let settled = swiftParser.settle(path)
      breadcrumbs?.end(path)
      guard let facts = settled else { continue }
      lock.withLock {
        // A whole parse's facts carry the file's line count (`SwiftFrontend.facts(of:…)`): nothing to count here.
        guard var entry = entries[path], let bytes = overlays[path], ContentHash(bytes) == entry.hash else { return }
        guard entry.facts != facts else { return }
        entry.facts = facts
        entries[path] = entry
        changed.append(facts)
      }
    }
    return changed
  }

  /// Writes the facts of the files read from disk (not overlays, not compiled nibs, not unreadable files), and
  /// `result` with the proof of `inputs` (`ReuseProof`), when they differ from what the cache holds.
  private func save(
    to cache: FactsCache, result: FactsCache.StoredResult?, subjects: [String: SubjectResult]? = nil,
    inputs: Inputs? = nil
  ) {
    save(preparedSave(to: cache, withProof: result != nil, inputs: inputs), to: cache, result: result, subjects: subjects)
  }

  /// What a save writes but for the findings: the files' facts encoded (`FactsCache.prepare`), the directory
  /// listings, and (`withProof`) the proof of `inputs`. `lint` makes it on a thread of its own while the index is
  /// built and the rules run: on element-ios the encoding took 70–100 ms after the rules on a first run with an empty
  /// cache, with the other core idle through most of the index.
  private struct PreparedSave: Sendable {
    let files: FactsCache.PreparedFiles
    let directories: [String: DirectoryListing]
    let proof: ReuseProof?
  }

  private func preparedSave(to cache: FactsCache, withProof: Bool, inputs: Inputs?) -> PreparedSave {
    let (current, overlaySnapshot, directories, probed, walkRecordedAll) = lock.withLock {
      (entries, overlays, directoryListings, probedDirectories, directoryListingsAreComplete)
    }
    let files = current.compactMap { path, entry -> FactsCache.SavedFile? in
      guard let signature = entry.signature, overlaySnapshot[path] == nil, !Self.isCompiledNibOrUnreadable(entry.facts)
      else { return nil }
      return FactsCache.SavedFile(
        path: path, size: signature.size, modified: signature.modified, hash: entry.hash, facts: entry.facts
      )
    }
    var proof: ReuseProof?
    if withProof, let inputs, overlaySnapshot.isEmpty {
      var signatures = [String: FileSignature](minimumCapacity: files.count)
      for file in files { signatures[file.path] = FileSignature(size: file.size, modified: file.modified) }
      proof = ReuseProof.make(
        listings: directories, probed: probed, recordedEveryEnteredDirectory: walkRecordedAll,
        paths: inputs.paths.filter { SourceFileKind(path: $0) != .compiledNib }, signatures: signatures
      )
    }
    return PreparedSave(files: cache.prepare(files), directories: directories, proof: proof)
  }

  private func save(
    _ prepared: PreparedSave, to cache: FactsCache, result: FactsCache.StoredResult?,
    subjects: [String: SubjectResult]?
  ) {
    cache.save(
      prepared.files, directories: prepared.directories, result: result, subjects: subjects, proof: prepared.proof
    )
  }

  /// Records a run that reuses the stored findings (`parsed` files parsed, `hits` taken from the cache), and returns
  /// the walk's listings, whether the cache holds them, and the proof of these inputs for the next run.
  private func reused(paths: [String], signatures: [FileSignature], parsed: Int, hits: Int? = nil)
    -> (listings: [String: DirectoryListing], cached: Bool, proof: ReuseProof?)
  {
    let (directories, cached, probed, walkRecordedAll) = lock.withLock {
      lastParseCount = parsed
      lastCacheHitCount = hits ?? paths.count
      lastCheckedCount = 0
      reusedResult = true
      return (directoryListings, directoryListingsAreCached, probedDirectories, directoryListingsAreComplete)
    }
    var current = [String: FileSignature](minimumCapacity: paths.count)
    for (path, signature) in zip(paths, signatures) { current[path] = signature }
    let proof = ReuseProof.make(
      listings: directories, probed: probed, recordedEveryEnteredDirectory: walkRecordedAll, paths: paths,
      signatures: current
    )
    return (directories, cached, proof)
  }

  /// At most this many changed files are parsed to see whether the last run's findings still stand.
  static let factlessEditLimit = 8

  /// The last run's findings, when the inputs are those it checked and each of the few files changed since (at most
  /// `factlessEditLimit`) gives, parsed again, the facts the cache holds for it: the findings are a function of the
  /// facts (and of the configuration and the list of inputs, which the cache compares), so they stand, whatever the
  /// other files' facts are, and those are not decoded. A file whose facts are the same but moved (a line inserted in
  /// a body above them: `FactShift`) moves the findings' positions in it with them. The changed files' entries take
  /// their new signatures and hashes, and the moved files their new facts (`FactsCache.replacing`). `nil` when some
  /// changed file's facts differ otherwise (a declaration changed, a dequeue added) or a finding's position cannot be
  /// moved: the caller reads and checks as usual.
  private func resultAfterFactlessEdits(
    paths: [String], signatures: [FileSignature], cache: FactsCache, key: UInt64, inputs: Inputs
  ) -> LintResult? {
    guard let found = cache.result(
      configuration: key, inputs: inputs.all, paths: paths, signatures: signatures, changing: Self.factlessEditLimit
    ), !found.changed.isEmpty
    else { return nil }
    if !found.unsure.isEmpty, !Self.holdStoredContents(found.unsure.map { (paths[$0], signatures[$0]) }, cache: cache) {
      return nil
    }
    let (breadcrumbs, skipped) = (self.breadcrumbs, skippedPaths)
    typealias Checked = (
      path: String, signature: FileSignature, hash: ContentHash, parsed: Bool, moved: (FactShift, FileFacts)?
    )
    let checked = parallelMap(count: found.changed.count) { index -> Checked? in
      let position = found.changed[index]
      let (path, signature) = (paths[position], signatures[position])
      guard let bytes = Self.read(path, size: signature.size), let storedHash = cache.storedHash(path: path) else {
        return nil
      }
      let hash = ContentHash(bytes)
      // Touched, not changed.
      if hash == storedHash { return (path, signature, hash, false, nil) }
      guard let old = cache.facts(path: path, hash: storedHash) else { return nil }
      let new = Self.parse(path: path, bytes: bytes, breadcrumbs: breadcrumbs, skipped: skipped)
      // Equal facts, positions included (a file's line count is not a fact: only statistics read it).
      if new.content == old.content, new.problems == old.problems { return (path, signature, hash, true, nil) }
      guard let shift = FactShift.between(old, new) else { return nil }
      return (path, signature, hash, true, (shift, new))
    }
    guard !checked.contains(where: { $0 == nil }) else { return nil }
    let changed = checked.compactMap { $0 }
    var result = found.result
    var shifts: [String: FactShift] = [:]
    for file in changed { if let (shift, _) = file.moved { shifts[file.path] = shift } }
    if !shifts.isEmpty {
      guard let findings = FactShift.moving(result.findings, by: shifts) else { return nil }
      result.findings = findings
    }
    let (directories, _, proof) = reused(
      paths: paths, signatures: signatures, parsed: changed.filter(\.parsed).count, hits: paths.count - changed.count
    )
    let maps = shifts.mapValues(\.moved)
    cache.replacing(
      changed.map { ($0.path, $0.signature, $0.hash, $0.moved?.1) }, result: shifts.isEmpty ? nil : result,
      moving: shifts.isEmpty ? nil : { $0.movingPositions(maps) }, directories: directories, proof: proof
    )
    return LintResult(stored: result.findings, suppressedCount: result.suppressedCount, fileCount: result.fileCount)
  }

  /// Whether each file's contents hash to what the cache holds for it (read on every core).
  private static func holdStoredContents(_ files: [(path: String, signature: FileSignature)], cache: FactsCache) -> Bool {
    let held = parallelMap(count: files.count) { position in
      let (path, signature) = files[position]
      return Self.read(path, size: signature.size).map { ContentHash($0) == cache.storedHash(path: path) } ?? false
    }
    return !held.contains(false)
  }

  private static func isCompiledNibOrUnreadable(_ facts: FileFacts) -> Bool {
    switch facts.content {
    case .compiledNib: return true
    case .unreadable: return facts.problems.contains { $0.message == "cannot read the file" }
    default: return false
    }
  }

  // MARK: - Helpers

  /// The file's bytes, read straight into the array (no `Data` in between: reading 3,000 files through Foundation
  /// was a tenth of a cold lint); `nil` when it cannot be opened or read.
  /// `size`: the size a `stat` just gave (its signature's), which spares an `fstat`; the size is only where reading
  /// starts, so a file that changed since is still read whole.
  static func read(_ path: String, size: UInt64? = nil) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var fileSize = size.map { Int(clamping: $0) }
    if fileSize == nil {
      var status = stat()
      guard fstat(descriptor, &status) == 0 else { return nil }
      fileSize = Int(status.st_size)
    }
    // One byte more than the size: a read that fills it means the file grew, and the rest is read in chunks.
    let expected = max(0, min(fileSize ?? 0, Int(Self.maximumFileSize))) + 1
    var failed = false
    var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
      count = 0
      while count < expected {
        let read = systemRead(descriptor, buffer.baseAddress! + count, expected - count)
        if read < 0, errno == EINTR { continue }
        if read < 0 { failed = true }
        if read <= 0 { break }
        count += read
      }
    }
    guard !failed else { return nil }
    guard bytes.count == expected else { return bytes }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let read = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
      if read < 0, errno == EINTR { continue }
      if read < 0 { return nil }
      if read == 0 { return bytes }
      bytes.append(contentsOf: chunk[..<read])
    }
  }

  static func lineCount(_ bytes: [UInt8]) -> Int { LineTable.lineBreakCount(bytes) }

  /// Files larger than this are reported, not read (each frontend has its own, lower or equal, limit too).
  public static let maximumFileSize: UInt64 = 64 << 20

  static func unreadable(
    _ path: String, _ message: String = "cannot read the file", isLimit: Bool = false
  ) -> FileFacts {
    FileFacts(
      path: path, content: .unreadable,
      problems: [
        FileProblem(
          location: SourceLocation(file: path, range: SourceRange(at: SourcePosition(line: 1, column: 1, offset: 0))),
          message: message, isLimit: isLimit
        )
      ]
    )
  }

  /// The problem a skipped file reports (see `skippedPaths`).
  public static let skippedProblem =
    "tablelint's analysis stopped while reading this file, more than once; it is not read until the language "
    + "server restarts"

  /// Tests of the supervised language server make its worker crash while reading a file whose path contains this
  /// (environment `TABLELINT_TEST_CRASH_READING`); never set otherwise.
  static let crashWhileReading = getenv("TABLELINT_TEST_CRASH_READING").map { String(cString: $0) }

  /// Parses files on all cores; the result is in input order.
  public static func parseInParallel(
    _ inputs: [(path: String, bytes: [UInt8])], progress: ParseProgressHandler? = nil,
    swiftParser: IncrementalSwiftParser? = nil, breadcrumbs: ParseBreadcrumbs? = nil, skipped: Set<String> = [],
    oneAtATime: Bool = false
  ) -> [FileFacts] {
    let results = ResultSlots(count: inputs.count)
    func each(_ body: @escaping @Sendable (Int) -> Void) {
      if oneAtATime {
        for index in inputs.indices { body(index) }
      } else {
        performOnEveryCore(iterations: inputs.count, body)
      }
    }
    each { index in
      let input = inputs[index]
      let facts = parse(
        path: input.path, bytes: input.bytes, swiftParser: swiftParser, breadcrumbs: breadcrumbs, skipped: skipped
      )
      let done = results.set(index, facts)
      progress?(done, inputs.count)
    }
    return results.values
  }

  /// One file's facts (incrementally for a Swift document when `swiftParser` is given), with the trail a supervisor
  /// reads if the process dies meanwhile.
  static func parse(
    path: String, bytes: [UInt8], swiftParser: IncrementalSwiftParser? = nil, breadcrumbs: ParseBreadcrumbs?,
    skipped: Set<String>
  ) -> FileFacts {
    var facts: FileFacts
    breadcrumbs?.begin(path)
    defer { breadcrumbs?.end(path) }
    if skipped.contains(path) {
      facts = unreadable(path, skippedProblem)
    } else if let trigger = crashWhileReading, path.contains(trigger) {
      fatalError("crashing on purpose while reading \(path) (TABLELINT_TEST_CRASH_READING)")
    } else if let swiftParser, SourceFileKind(path: path) == .swift, !Frontends.isUnreadOnPurpose(bytes, kind: .swift) {
      facts = swiftParser.parse(path: path, bytes: bytes)
    } else {
      facts = Frontends.parse(path: path, bytes: bytes) ?? unreadable(path)
    }
    // The frontends count lines as they build their line tables; only what they did not count is counted here (a
    // file without a line break is counted again, to no effect).
    if facts.lineCount == 0 { facts.lineCount = lineCount(bytes) }
    return facts
  }
}

/// Size and modification time (nanoseconds): enough to know a file did not change without reading it.
public struct FileSignature: Equatable, Sendable {
  public let size: UInt64
  public let modified: Int64

  public init(size: UInt64, modified: Int64) {
    self.size = size
    self.modified = modified
  }

  /// From `stat` (links followed): Foundation's `attributesOfItem` would also read the user database for the
  /// owner's name.
  public init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    self.init(status: status)
  }

  /// From a `stat` result.
  init(status: stat) {
    #if canImport(Darwin)
    let time = status.st_mtimespec
    #else
    let time = status.st_mtim
    #endif
    size = UInt64(status.st_size)
    modified = nanoseconds(time)
  }
}

extension Workspace.Inputs {
  /// Every path's signature, in step with `paths`: the walk's, and the others' `stat`ed now on every core, but
  /// those of compiled nibs (folders) and of `overlays`' paths, which are not read from disk.
  func signedPaths(skipping overlays: [String: [UInt8]] = [:]) -> [FileSignature?] {
    var signed = signatures ?? Array(repeating: nil, count: paths.count)
    var toStat: [Int] = []
    for position in paths.indices where signed[position] == nil {
      let path = paths[position]
      if !overlays.isEmpty, overlays[path] != nil { continue }
      if SourceFileKind(path: path) == .compiledNib { continue }
      toStat.append(position)
    }
    for (position, signature) in zip(toStat, FileSignature.of(toStat.map { paths[$0] })) { signed[position] = signature }
    return signed
  }
}

extension FileSignature {
  /// The signatures of `paths`, in order, taken on every core (`nil` where `stat` fails): an unchanged run of
  /// element-ios stats 3,000 files, a fifth of its time on one core.
  static func of(_ paths: [String]) -> [FileSignature?] {
    parallelMap(count: paths.count, chunk: 256) { FileSignature(path: paths[$0]) }
  }
}

/// The entries `Workspace.read` makes on several threads, in job order, and what it counted.
private final class JobResults: @unchecked Sendable {
  private var storage: [Workspace.Entry?]
  private let lock = NSLock()
  private(set) var parseCount = 0
  private(set) var cacheHitCount = 0

  init(count: Int) { storage = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ entry: Workspace.Entry) { lock.withLock { storage[index] = entry } }

  /// Counts a parse; returns how many are done.
  func finishParse() -> Int {
    lock.withLock {
      parseCount += 1
      return parseCount
    }
  }

  func countCacheHit() { lock.withLock { cacheHitCount += 1 } }

  /// The entries, moved out: every job has set its own when the parallel loop returns.
  func takeEntries() -> [Workspace.Entry?] {
    lock.withLock {
      defer { storage = [] }
      return storage
    }
  }
}

/// Thread-safe slots for results computed in parallel.
private final class ResultSlots: @unchecked Sendable {
  private var storage: [FileFacts?]
  private var filled = 0
  private let lock = NSLock()

  init(count: Int) { storage = Array(repeating: nil, count: count) }

  /// Stores a result; returns how many are stored now.
  @discardableResult
  func set(_ index: Int, _ value: FileFacts) -> Int {
    lock.withLock {
      storage[index] = value
      filled += 1
      return filled
    }
  }

  var values: [FileFacts] { lock.withLock { storage.compactMap { $0 } } }
}

/// The C library's `read`, out of `Workspace`'s scope (where `read` is its own).
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
