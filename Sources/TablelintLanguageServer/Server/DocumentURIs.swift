import Foundation
import TablelintCore

/// `file://` URIs and the paths the workspace uses.
enum DocumentURIs {
  /// The normalised path of a `file://` URI; `nil` for other schemes.
  static func path(of uri: DocumentURI) -> String? {
    guard let url = URL(string: uri), url.isFileURL else { return nil }
    let path = url.standardizedFileURL.path
    guard !path.isEmpty else { return nil }
    return FileDiscovery.normalize(path)
  }

  static func uri(ofPath path: String) -> DocumentURI {
    URL(fileURLWithPath: path).absoluteString
  }
}
