import Foundation
import JSONRPC

/// Where the server tells what happens: stderr and, once connected, `window/logMessage`. Never stdout.
final class ServerLog: @unchecked Sendable {
  enum Level: Int {
    case error = 1, warning = 2, info = 3, log = 4
  }

  private let lock = NSLock()
  private weak var connection: Connection?
  private let toStandardError: Bool

  init(toStandardError: Bool) {
    self.toStandardError = toStandardError
  }

  func attach(_ connection: Connection) {
    lock.withLock { self.connection = connection }
  }

  func callAsFunction(_ message: String, _ level: Level = .log) {
    if toStandardError {
      FileHandle.standardError.write(Data("tablelint lsp: \(message)\n".utf8))
    }
    let connection = lock.withLock { self.connection }
    guard let connection, connection.isOutputOpen else { return }
    let params = LogMessageNotification(type: level.rawValue, message: message)
    if let value = try? JSONValue(encoding: params) {
      connection.sendNotification(LogMessageNotification.method, params: value)
    }
  }
}
