extension Duration {
  /// The duration in milliseconds, for what tablelint prints about its own time (`--statistics`, the benchmark, the
  /// language server's log).
  public var inMilliseconds: Double {
    Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
  }
}
