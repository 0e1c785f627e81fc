#if os(Linux)
import Glibc

/// Faults in the executable's `.data` and `.bss` pages as writable, once, before any other thread starts.
///
/// The Swift runtime and the libraries linked into this static binary fill caches in those sections lazily: type
/// metadata, protocol witness tables, `swift_once` tokens. A page is first mapped read-only (the file's page, or the
/// shared zero page) and copied on its first write; with two threads running, every such copy makes the kernel flush
/// the other core's TLB with an interrupt and wait for it. On a 2-core VM that was a quarter of a cold lint's CPU
/// time (element-ios: 442 ms of CPU and 242 ms wall without, 333 ms and 187 ms with; see ARCHITECTURE.md). Faulting
/// the 2 MB in while one thread runs costs well under a millisecond and needs no interrupt.
///
/// `madvise(MADV_POPULATE_WRITE)` (Linux 5.14) faults the pages in without writing to them, so nothing they hold
/// changes. Anything unexpected (no `/proc`, another layout, an older kernel) leaves the process as it was.
enum WritableDataPrefault {
  static func run() {
    guard let bias = loadBias() else { return }
    for range in writableDataSections() {
      let start = (bias &+ range.lowerBound) & ~pageMask
      let end = (bias &+ range.upperBound &+ pageMask) & ~pageMask
      guard end > start, let address = UnsafeMutableRawPointer(bitPattern: start) else { continue }
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
    var vector = [UInt64](repeating: 0, count: 128)
    let read = vector.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    guard read > 0 else { return nil }
    var headers: UInt = 0
    var count = 0
    for pair in stride(from: 0, to: read / 8 - 1, by: 2) {
      if vector[pair] == 3 { headers = UInt(vector[pair + 1]) }  // AT_PHDR
      if vector[pair] == 5 { count = Int(clamping: vector[pair + 1]) }  // AT_PHNUM
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

  /// The address ranges (before relocation) of the `.data` and `.bss` sections, from the section headers of
  /// `/proc/self/exe`; empty when the file is not the 64-bit little-endian ELF expected.
  static func writableDataSections() -> [Range<UInt>] {
    let descriptor = open("/proc/self/exe", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return [] }
    defer { close(descriptor) }
    func bytes(at offset: UInt64, count: Int) -> [UInt8]? {
      guard count > 0, count <= 1 << 20, let offset = off_t(exactly: offset) else { return nil }
      let buffer = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        initialized = max(0, pread(descriptor, buffer.baseAddress, count, offset))
      }
      return buffer.count == count ? buffer : nil
    }
    guard let header = bytes(at: 0, count: 64), header[0..<4] == [0x7F, 0x45, 0x4C, 0x46], header[4] == 2,
      header[5] == 1
    else { return [] }
    func field<T: FixedWidthInteger>(_ bytes: [UInt8], _ offset: Int, _: T.Type) -> T {
      bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) }
    }
    let sectionsOffset = field(header, 40, UInt64.self)
    let entrySize = Int(field(header, 58, UInt16.self))
    let count = Int(field(header, 60, UInt16.self))
    let namesIndex = Int(field(header, 62, UInt16.self))
    guard entrySize == 64, count > 0, namesIndex < count,
      let sections = bytes(at: sectionsOffset, count: entrySize * count)
    else { return [] }
    func section(_ index: Int) -> (name: Int, flags: UInt64, address: UInt64, offset: UInt64, size: UInt64) {
      let base = index * entrySize
      return (
        Int(field(sections, base, UInt32.self)), field(sections, base + 8, UInt64.self),
        field(sections, base + 16, UInt64.self), field(sections, base + 24, UInt64.self),
        field(sections, base + 32, UInt64.self)
      )
    }
    let namesSection = section(namesIndex)
    guard let names = bytes(at: namesSection.offset, count: Int(clamping: namesSection.size)) else { return [] }
    func name(at offset: Int) -> String? {
      guard offset < names.count, let end = names[offset...].firstIndex(of: 0) else { return nil }
      return String(decoding: names[offset..<end], as: UTF8.self)
    }
    var ranges: [Range<UInt>] = []
    for index in 0..<count {
      let candidate = section(index)
      // Allocated and writable (SHF_WRITE | SHF_ALLOC), at most 64 MB.
      guard candidate.flags & 0x3 == 0x3, candidate.size > 0, candidate.size <= 64 << 20,
        let sectionName = name(at: candidate.name), sectionName == ".data" || sectionName == ".bss",
        let start = UInt(exactly: candidate.address), let size = UInt(exactly: candidate.size)
      else { continue }
      ranges.append(start..<(start &+ size))
    }
    return ranges
  }
}
#else
enum WritableDataPrefault {
  static func run() {}
}
#endif
