import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Receives what arrives on a connection. Called on the connection's reading thread, in arrival order.
public protocol MessageHandler: AnyObject, Sendable {
  /// A request or a notification from the other side.
  func handle(_ message: Message, from connection: Connection)
  /// The other side closed the stream (or reading failed): nothing more will arrive.
  func connectionDidClose(_ connection: Connection)
}

/// A JSON-RPC 2.0 connection over a pair of file descriptors (pipes, stdin/stdout).
///
/// A thread reads and frames messages; replies to our own requests are matched here and passed to the callback
/// given with the request; everything else goes to the handler. Malformed input is answered (-32700 for bodies
/// that are not JSON, -32600 for invalid envelopes) or dropped with a log line; it never stops the connection.
/// Writes are serialised; a write to a closed stream is logged and dropped (SIGPIPE is ignored).
public final class Connection: @unchecked Sendable {
  public typealias ReplyHandler = @Sendable (Result<JSONValue, ResponseError>) -> Void

  private let inputDescriptor: Int32
  private let outputDescriptor: Int32
  private let maxContentLength: Int
  private let log: @Sendable (String) -> Void

  private let lock = NSLock()
  private let writeLock = NSLock()
  private var handler: (any MessageHandler)?
  private var replyHandlers: [RequestID: ReplyHandler] = [:]
  private var nextRequestNumber = 1
  private var outputClosed = false
  private var started = false
  /// The input ended: replies will never come, so requests sent from now on fail at once.
  private var inputClosed = false

  /// - Parameters:
  ///   - log: where connection-level problems are told (malformed input, closed output); never the output stream.
  public init(
    input: FileHandle, output: FileHandle, maxContentLength: Int = 64 << 20,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.inputDescriptor = input.fileDescriptor
    self.outputDescriptor = output.fileDescriptor
    self.maxContentLength = maxContentLength
    self.log = log
  }

  /// Starts reading on a thread of its own. Messages go to `handler` until the input ends.
  public func start(handler: any MessageHandler) {
    let shouldStart = lock.withLock { () -> Bool in
      guard !started else { return false }
      started = true
      self.handler = handler
      return true
    }
    guard shouldStart else { return }
    // A peer that vanishes must not kill the process with SIGPIPE: writes fail with EPIPE instead.
    signal(SIGPIPE, SIG_IGN)
    let thread = Thread { [self] in readLoop() }
    thread.name = "jsonrpc-reader"
    thread.start()
  }

  private func readLoop() {
    var decoder = FrameDecoder(maxContentLength: maxContentLength)
    let capacity = 64 << 10
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 1)
    defer { buffer.deallocate() }
    while true {
      let count = read(inputDescriptor, buffer.baseAddress, capacity)
      if count < 0 {
        if errno == EINTR { continue }
        log("reading failed: \(String(cString: strerror(errno)))")
        break
      }
      if count == 0 { break }
      for event in decoder.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) {
        switch event {
        case .message(let body): receive(body)
        case .error(let error): log("dropped input: \(error)")
        }
      }
    }
    if decoder.bufferedByteCount > 0 {
      log("the input ended inside a message; \(decoder.bufferedByteCount) bytes dropped")
    }
    let handler = lock.withLock { () -> (any MessageHandler)? in
      let current = self.handler
      self.handler = nil
      return current
    }
    // Requests of ours will never be answered now.
    let pending = lock.withLock { () -> [ReplyHandler] in
      let values = Array(replyHandlers.values)
      replyHandlers = [:]
      inputClosed = true
      return values
    }
    for reply in pending { reply(.failure(ResponseError(code: -32099, message: "the connection closed"))) }
    handler?.connectionDidClose(self)
  }

  private func receive(_ body: Data) {
    let message: Message
    do {
      message = try Message.parse(body)
    } catch {
      log("invalid message: \(error.responseError.message)")
      send(.response(id: error.id, result: .failure(error.responseError)))
      return
    }
    switch message {
    case .response(let id, let result):
      guard let id else {
        if case .failure(let error) = result { log("the other side reported an error: \(error)") }
        return
      }
      let reply = lock.withLock { replyHandlers.removeValue(forKey: id) }
      guard let reply else {
        log("a response to unknown request \(id) was dropped")
        return
      }
      reply(result)
    case .request, .notification:
      let handler = lock.withLock { self.handler }
      handler?.handle(message, from: self)
    }
  }

  // MARK: - Sending

  /// Writes one message. Thread-safe; messages never interleave.
  public func send(_ message: Message) {
    write(MessageFraming.frame(message.encoded()))
  }

  public func sendNotification(_ method: String, params: JSONValue?) {
    send(.notification(method: method, params: params))
  }

  public func sendResponse(to id: RequestID, _ result: Result<JSONValue, ResponseError>) {
    send(.response(id: id, result: result))
  }

  /// Sends a request; `reply` is called on the reading thread with the response (or an error if the connection
  /// closes first; at once, on the caller's thread, when it has closed already).
  @discardableResult
  public func sendRequest(_ method: String, params: JSONValue?, reply: @escaping ReplyHandler) -> RequestID {
    let (id, closed) = lock.withLock { () -> (RequestID, Bool) in
      let id = RequestID.number(nextRequestNumber)
      nextRequestNumber += 1
      if !inputClosed { replyHandlers[id] = reply }
      return (id, inputClosed)
    }
    if closed {
      reply(.failure(ResponseError(code: -32099, message: "the connection closed")))
      return id
    }
    send(.request(id: id, method: method, params: params))
    return id
  }

  /// Whether writes still reach the other side.
  public var isOutputOpen: Bool { writeLock.withLock { !outputClosed } }

  private func write(_ data: Data) {
    // The error of the write that failed, if one did.
    let failure = writeLock.withLock { () -> Int32? in
      guard !outputClosed else { return nil }
      let error = data.withUnsafeBytes { raw -> Int32? in
        var offset = 0
        while offset < raw.count {
          let written = Foundation.write(outputDescriptor, raw.baseAddress! + offset, raw.count - offset)
          if written < 0 {
            if errno == EINTR { continue }
            return errno
          }
          offset += written
        }
        return nil
      }
      if error != nil { outputClosed = true }
      return error
    }
    // Told outside the lock: the log may ask whether the output is still open (the language server's does, to send
    // `window/logMessage`), which takes the lock again; inside it, a worker whose server had gone hung there for ever.
    if let failure { log("writing failed (\(String(cString: strerror(failure)))); the output is closed") }
  }
}
