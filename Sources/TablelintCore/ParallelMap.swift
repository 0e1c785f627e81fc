/// `transform` of every index, run on all cores, the results in index order. Each result is written once into its
/// own slot of the array being built, so no lock is taken per result.
func parallelMap<Result>(count: Int, chunk: Int = 1, _ transform: @Sendable (Int) -> Result) -> [Result] {
  guard count > 0 else { return [] }
  return [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
    let slots = Slots(base: buffer.baseAddress!)
    performOnEveryCore(iterations: (count + chunk - 1) / chunk) { part in
      for index in (part * chunk)..<min(count, (part + 1) * chunk) {
        (slots.base + index).initialize(to: transform(index))
      }
    }
    initialized = count
  }
}

/// The array's storage, shared by the iterations: each writes only its own indices.
private struct Slots<Result>: @unchecked Sendable {
  let base: UnsafeMutablePointer<Result>
}
