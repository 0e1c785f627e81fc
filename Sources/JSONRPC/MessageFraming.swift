import Foundation

/// Base protocol framing: `Content-Length: N\r\n` (other headers allowed and ignored), `\r\n`, then N bytes.
public enum MessageFraming {
  /// The frame of one message body.
  public static func frame(_ body: Data) -> Data {
    var data = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
    data.append(body)
    return data
  }
}

/// A problem in the byte stream. The decoder drops the offending bytes and looks for the next header.
public enum FramingError: Error, Hashable, Sendable, CustomStringConvertible {
  case malformedHeaderLine(String)
  case missingContentLength
  case invalidContentLength(String)
  case contentTooLarge(Int, limit: Int)
  case headerTooLong(limit: Int)
  /// Bytes that were skipped while looking for the next `Content-Length` header.
  case skippedBytes(Int)

  public var description: String {
    switch self {
    case .malformedHeaderLine(let line): return "malformed header line '\(line)'"
    case .missingContentLength: return "a header block without 'Content-Length'"
    case .invalidContentLength(let value): return "invalid 'Content-Length' value '\(value)'"
    case .contentTooLarge(let length, let limit):
      return "'Content-Length' \(length) exceeds the limit of \(limit) bytes"
    case .headerTooLong(let limit): return "no end of the header block within \(limit) bytes"
    case .skippedBytes(let count): return "skipped \(count) bytes that are not a message"
    }
  }
}

/// Turns chunks of a byte stream into message bodies, whatever the chunk boundaries.
///
/// Robust against hostile input: a header block that cannot be read, or that announces more than
/// `maxContentLength` bytes, is reported and dropped, and the decoder re-synchronises on the next
/// `Content-Length:` it sees. Memory stays bounded by `maxContentLength` plus one read.
public struct FrameDecoder: Sendable {
  public enum Event: Hashable, Sendable {
    case message(Data)
    case error(FramingError)
  }

  public let maxContentLength: Int
  public let maxHeaderLength: Int

  private var buffer: [UInt8] = []
  private var start = 0
  private var pendingBodyLength: Int?
  private var resynchronising = false
  private var droppedWhileWaiting = 0

  private static let headerEnd: [UInt8] = Array("\r\n\r\n".utf8)
  private static let contentLengthName: [UInt8] = Array("content-length:".utf8)

  public init(maxContentLength: Int = 64 << 20, maxHeaderLength: Int = 8 << 10) {
    self.maxContentLength = maxContentLength
    self.maxHeaderLength = maxHeaderLength
  }

  /// Bytes held back waiting for the rest of a message.
  public var bufferedByteCount: Int { buffer.count - start }

  public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [Event] where Bytes.Element == UInt8 {
    buffer.append(contentsOf: bytes)
    var events: [Event] = []
    while let event = next() {
      events.append(event)
    }
    if start > 0, start >= buffer.count / 2 {
      buffer.removeFirst(start)
      start = 0
    }
    return events
  }

  private mutating func next() -> Event? {
    if resynchronising {
      guard let skipped = resynchronise() else { return nil }
      resynchronising = false
      if skipped > 0 { return .error(.skippedBytes(skipped)) }
    }
    if let length = pendingBodyLength {
      guard buffer.count - start >= length else { return nil }
      let body = Data(buffer[start..<(start + length)])
      start += length
      pendingBodyLength = nil
      return .message(body)
    }
    guard start < buffer.count else { return nil }
    guard let end = find(Self.headerEnd, from: start) else {
      if buffer.count - start > maxHeaderLength {
        start += 1
        resynchronising = true
        return .error(.headerTooLong(limit: maxHeaderLength))
      }
      return nil
    }
    let headerBytes = buffer[start..<end]
    let blockEnd = end + Self.headerEnd.count
    switch Self.contentLength(of: headerBytes, limit: maxContentLength) {
    case .success(let length):
      guard length <= maxContentLength else {
        start = blockEnd
        resynchronising = true
        return .error(.contentTooLarge(length, limit: maxContentLength))
      }
      start = blockEnd
      pendingBodyLength = length
      return next()
    case .failure(let error):
      // Look for the next header from just after this block's start, not after its end: garbage glued in front of
      // a real header (`xyzContent-Length: 42`) must not cost the message behind it.
      start += 1
      resynchronising = true
      return .error(error)
    }
  }

  /// Drops bytes up to the next `Content-Length:` (case-insensitive); returns how many, or `nil` when more input
  /// is needed to decide (the tail that could begin the header is kept).
  private mutating func resynchronise() -> Int? {
    let name = Self.contentLengthName
    var index = start
    while index + name.count <= buffer.count {
      if Self.matchesIgnoringCase(buffer, at: index, name) {
        let skipped = index - start + droppedWhileWaiting
        droppedWhileWaiting = 0
        start = index
        return skipped
      }
      index += 1
    }
    // Keep a tail that may be the beginning of the header name.
    let keep = min(name.count - 1, buffer.count - start)
    let newStart = buffer.count - keep
    if newStart > start {
      // Report the dropped bytes once the header is found; counting here would report them in pieces.
      droppedWhileWaiting += newStart - start
      start = newStart
    }
    return nil
  }

  private static func matchesIgnoringCase(_ bytes: [UInt8], at index: Int, _ lowercaseName: [UInt8]) -> Bool {
    for offset in 0..<lowercaseName.count {
      var byte = bytes[index + offset]
      if byte >= 65 && byte <= 90 { byte += 32 }
      if byte != lowercaseName[offset] { return false }
    }
    return true
  }

  private func find(_ needle: [UInt8], from index: Int) -> Int? {
    guard buffer.count - index >= needle.count else { return nil }
    var position = index
    while position + needle.count <= buffer.count {
      if buffer[position] == needle[0], buffer[position..<(position + needle.count)].elementsEqual(needle) {
        return position
      }
      position += 1
    }
    return nil
  }

  static func contentLength(of header: ArraySlice<UInt8>, limit: Int) -> Result<Int, FramingError> {
    let text = String(decoding: header, as: UTF8.self)
    var length: Int?
    for line in text.components(separatedBy: "\r\n") {
      guard let colon = line.firstIndex(of: ":") else {
        return .failure(.malformedHeaderLine(String(line.prefix(80))))
      }
      let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      guard !name.isEmpty else { return .failure(.malformedHeaderLine(String(line.prefix(80)))) }
      if name == "content-length" {
        guard !value.isEmpty, value.allSatisfy(\.isASCIIDigit) else {
          return .failure(.invalidContentLength(String(value.prefix(40))))
        }
        // Too many digits for an Int is simply too large.
        guard let parsed = Int(value) else { return .failure(.contentTooLarge(Int.max, limit: limit)) }
        length = parsed
      }
    }
    guard let length else { return .failure(.missingContentLength) }
    return .success(length)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
