/// The tool's version: reported by `--version`, the language server and every reporter.
public enum TablelintVersion {
  public static let current = "0.1.0"
}
