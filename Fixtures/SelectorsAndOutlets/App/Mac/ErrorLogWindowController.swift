import AppKit

/// File's Owner of ErrorLogWindow.xib (AppKit).
final class ErrorLogWindowController: NSWindowController {
  @IBOutlet var tableView: NSTableView!
}

/// Menu actions sent up the responder chain.
final class MacAppDelegate: NSObject, NSApplicationDelegate {
  @IBAction func showErrorLog(_ sender: Any?) {}
}
