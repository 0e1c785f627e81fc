#if os(Linux)
import Glibc

/// Faults in the executable's `.data` and `.bss` pages as writable, once, while no other thread is working: at start
/// for most commands, and for `lint` just before files are read on every core (`Workspace.beforeParallelRead`), so
/// that a run that reads nothing (an unchanged tree, its findings reused) does not pay for it.
///
/// The Swift runtime and the libraries linked into this static binary fill caches in those sections lazily: type
/// metadata, protocol witness tables, `swift_once` tokens. A page is first mapped read-only (the file's page, or the
/// shared zero page) and copied on its first write; with two threads running, every such copy makes the kernel flush
/// the other core's TLB with an interrupt and wait for it. On a 2-core VM that was a quarter of a cold lint's CPU
/// time (element-ios: 442 ms of CPU and 242 ms wall without, 333 ms and 187 ms with; see ARCHITECTURE.md). Faulting
/// the 2 MB in while one thread works costs well under a millisecond and needs no interrupt (a core whose thread
/// waits is not interrupted).
///
/// `madvise(MADV_POPULATE_WRITE)` (Linux 5.14) faults the pages in without writing to them, so nothing they hold
/// changes. Anything unexpected (no `/proc`, another layout, an older kernel) leaves the process as it was.
enum WritableDataPrefault {
  /// Faults the pages in the first time it is called; later calls do nothing.
  static func run() { _ = once }

  private static let once: Void = populate()

  private static func populate() {
    guard let bias = loadBias() else { return }
    forEachWritableDataSection { sectionStart, sectionEnd in
      let start = (bias &+ sectionStart) & ~pageMask
      let end = (bias &+ sectionEnd &+ pageMask) & ~pageMask
      guard end > start, let address = UnsafeMutableRawPointer(bitPattern: start) else { return }
      _ = madvise(address, Int(clamping: end - start), populateWrite)
    }
  }

  private static let populateWrite: Int32 = 23  // MADV_POPULATE_WRITE
  private static let pageMask = UInt(min(max(sysconf(Int32(_SC_PAGESIZE)), 4096), 1 << 16) - 1)

  /// Where the executable was loaded: the run-time address of its program headers (`AT_PHDR` in the auxiliary
  /// vector) less the address their own `PT_PHDR` entry gives.
  static func loadBias() -> UInt? {
    let descriptor = open("/proc/self/auxv", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    // A buffer on the stack, and no collection of a type the runtime must first instantiate: at this point every
    // generic type made from its mangled name costs a scan of the binary's conformance records.
    let (headers, count) = withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 128) { vector -> (UInt, Int) in
      let read = Glibc.read(descriptor, vector.baseAddress, vector.count * 8)
      var headers: UInt = 0
      var count = 0
      var pair = 0
      while pair + 1 < read / 8 {
        if vector[pair] == 3 { headers = UInt(vector[pair + 1]) }  // AT_PHDR
        if vector[pair] == 5 { count = Int(clamping: vector[pair + 1]) }  // AT_PHNUM
        pair += 2
      }
      return (headers, count)
    }
    guard headers != 0, (1...256).contains(count), let base = UnsafeRawPointer(bitPattern: headers) else { return nil }
    for index in 0..<count {
      let header = base + index * 56
      if header.loadUnaligned(as: UInt32.self) == 6 {  // PT_PHDR
        return headers &- UInt(header.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
      }
    }
    return nil
  }

  /// Calls `body` with the address range (before relocation) of the `.data` and of the `.bss` section, from the
  /// section headers of `/proc/self/exe`; not at all when the file is not the 64-bit little-endian ELF expected.
  static func forEachWritableDataSection(_ body: (_ start: UInt, _ end: UInt) -> Void) {
    let descriptor = open("/proc/self/exe", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    func bytes(at offset: UInt64, count: Int) -> [UInt8]? {
      guard count > 0, count <= 1 << 20, let offset = off_t(exactly: offset) else { return nil }
      let buffer = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        initialized = max(0, pread(descriptor, buffer.baseAddress, count, offset))
      }
      return buffer.count == count ? buffer : nil
    }
    guard let header = bytes(at: 0, count: 64), header[0] == 0x7F, header[1] == 0x45, header[2] == 0x4C,
      header[3] == 0x46, header[4] == 2, header[5] == 1
    else { return }
    func field<T: FixedWidthInteger>(_ bytes: [UInt8], _ offset: Int, _: T.Type) -> T {
      bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) }
    }
    let sectionsOffset = field(header, 40, UInt64.self)
    let entrySize = Int(field(header, 58, UInt16.self))
    let count = Int(field(header, 60, UInt16.self))
    let namesIndex = Int(field(header, 62, UInt16.self))
    guard entrySize == 64, count > 0, namesIndex < count,
      let sections = bytes(at: sectionsOffset, count: entrySize * count)
    else { return }
    func section(_ index: Int) -> (name: Int, flags: UInt64, address: UInt64, offset: UInt64, size: UInt64) {
      let base = index * entrySize
      return (
        Int(field(sections, base, UInt32.self)), field(sections, base + 8, UInt64.self),
        field(sections, base + 16, UInt64.self), field(sections, base + 24, UInt64.self),
        field(sections, base + 32, UInt64.self)
      )
    }
    let namesSection = section(namesIndex)
    guard let names = bytes(at: namesSection.offset, count: Int(clamping: namesSection.size)) else { return }
    /// Whether the NUL-terminated name at `offset` is `wanted` (ASCII).
    func isNamed(_ offset: Int, _ wanted: StaticString) -> Bool {
      wanted.withUTF8Buffer { wanted in
        guard offset >= 0, offset + wanted.count < names.count else { return false }
        for index in 0..<wanted.count where names[offset + index] != wanted[index] { return false }
        return names[offset + wanted.count] == 0
      }
    }
    for index in 0..<count {
      let candidate = section(index)
      // Allocated and writable (SHF_WRITE | SHF_ALLOC), at most 64 MB.
      guard candidate.flags & 0x3 == 0x3, candidate.size > 0, candidate.size <= 64 << 20,
        isNamed(candidate.name, ".data") || isNamed(candidate.name, ".bss"),
        let start = UInt(exactly: candidate.address), let size = UInt(exactly: candidate.size)
      else { continue }
      body(start, start &+ size)
    }
  }
}
#else
enum WritableDataPrefault {
  static func run() {}
}
#endif
