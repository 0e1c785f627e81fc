// libFuzzer harness: Content-Length framing and JSON-RPC envelopes (scripts/fuzz.sh jsonrpc).
import Foundation
import JSONRPC

/// One input: a byte stream from a client. It is framed twice, in one piece and in chunks (of 1 to 16 bytes, chosen
/// by the first byte); when neither reports a framing error both must give the same bodies. Every body is read as a
/// message, and a message that reads is encoded again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONRPC(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
  var whole = FrameDecoder(maxContentLength: 1 << 16, maxHeaderLength: 512)
  let wholeEvents = whole.feed(bytes)
  var chunked = FrameDecoder(maxContentLength: 1 << 16, maxHeaderLength: 512)
  let chunkSize = Int(bytes.first ?? 0) % 16 + 1
  var chunkedEvents: [FrameDecoder.Event] = []
  var offset = 0
  while offset < bytes.count {
    let end = min(offset + chunkSize, bytes.count)
    chunkedEvents += chunked.feed(bytes[offset..<end])
    offset = end
  }
  func isError(_ event: FrameDecoder.Event) -> Bool {
    if case .error = event { return true }
    return false
  }
  if !wholeEvents.contains(where: isError), !chunkedEvents.contains(where: isError) {
    precondition(wholeEvents == chunkedEvents, "chunk boundaries changed the framed messages")
  }
  for case .message(let body) in wholeEvents {
    if let message = try? Message.parse(body) {
      _ = try? Message.parse(message.encoded())
    }
  }
  return 0
}
