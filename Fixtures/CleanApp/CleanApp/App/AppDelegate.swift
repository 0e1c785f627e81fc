import UIKit

/// Launches into Main.storyboard (`UIMainStoryboardFile`). iPhone only (`TARGETED_DEVICE_FAMILY = 1`).
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
  var window: UIWindow?

  func application(
    _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    UITableView.appearance().sectionHeaderTopPadding = 0
    return true
  }
}
