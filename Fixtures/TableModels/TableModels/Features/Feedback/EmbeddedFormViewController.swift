import UIKit

/// Main.storyboard, scene "Feedback": a static table dropped into a plain view controller to get a header above it.
final class EmbeddedFormViewController: UIViewController {}
