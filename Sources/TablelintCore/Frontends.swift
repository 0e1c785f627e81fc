import InterfaceBuilderFrontend
import ObjectiveCFrontend
import SwiftFrontend
import TablelintModel

/// Chooses the frontend for a file by its extension.
public enum Frontends {
  public static func parse(path: String, bytes: [UInt8]) -> FileFacts? {
    guard let kind = SourceFileKind(path: path) else { return nil }
    switch kind {
    case .swift: return SwiftFrontend.parse(path: path, bytes: bytes)
    case .storyboard, .xib: return InterfaceBuilderFrontend.parse(path: path, bytes: bytes)
    case .objectiveC: return ObjectiveCFrontend.parse(path: path, bytes: bytes)
    case .compiledNib: return FileFacts(path: path, content: .compiledNib)
    case .dependencyManifest:
      let declares = !path.hasSuffix(".pbxproj") || String(decoding: bytes, as: UTF8.self).contains("SwiftPackageReference")
      return FileFacts(path: path, content: .dependencyManifest(declaresDependencies: declares))
    }
  }
}

/// A stable 64-bit FNV-1a hash of file contents: the key of the per-file facts cache.
public struct ContentHash: Hashable, Codable, Sendable, CustomStringConvertible {
  public let value: UInt64

  public init(_ bytes: [UInt8]) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    // Mix in the length so that prefixes of a file differ from it.
    self.value = hash ^ UInt64(bytes.count)
  }

  public init(value: UInt64) { self.value = value }

  public var description: String { String(value, radix: 16) }
}
