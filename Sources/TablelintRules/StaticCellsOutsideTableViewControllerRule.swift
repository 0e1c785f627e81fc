import TablelintIndex
import TablelintModel

/// A static table that is not the table of a table view controller.
///
/// **What it does:** reports every storyboard or xib table view with *Content: Static Cells*
/// (`dataMode="static"`) whose scene's controller is not a `tableViewController`: a table dropped into a plain view
/// controller, or a static table in a xib.
///
/// **Why is this bad?** Only `UITableViewController` fills a table from its static cells. ibtool refuses to compile
/// the file ("Static table views are only valid when embedded in UITableViewController instances"); tablelint
/// reports it on Linux and in the editor, before a build.
///
/// **Example:** a table with static cells placed inside a view controller's view to get a custom header above it.
///
/// **Instead:** use a table view controller (embed it in a container view when the screen needs more around the
/// table), or switch the table to dynamic prototypes and write a data source.
public struct StaticCellsOutsideTableViewControllerRule: Rule {
  public static let description = RuleDescription(
    identifier: "static_cells_outside_table_view_controller",
    name: "Static cells outside a table view controller",
    severity: .error,
    summary: "a table with static cells that is not a table view controller's table",
    triggeringExamples: [
      RuleExample(
        [
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.staticTableScene(
                id: "profile", controllerClass: "ProfileViewController", element: "viewController",
                sections: [.init(["Name"])], tableMarker: "1️⃣"
              )
            )
          )
        ]
      )
    ],
    nonTriggeringExamples: [
      RuleExample(
        [
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.staticTableScene(id: "settings", controllerClass: "SettingsViewController", sections: [.init(["Name"])])
            )
          )
        ]
      ),
      RuleExample(
        [
          (
            "Main.storyboard",
            ExampleIB.storyboard(
              ExampleIB.tableScene(id: "list", controllerClass: nil, prototypes: [ExampleIB.prototype(id: "c1", reuseIdentifier: "Cell")])
            )
          )
        ],
        note: "dynamic prototypes may live anywhere"
      ),
    ]
  )

  public static func check(_ project: ProjectIndex) -> [Finding] {
    project.tableFacts.staticTables.compactMap { ref in
      guard ref.controllerElement != "tableViewController" else { return nil }
      let place = ref.controllerElement.map { "inside a '\($0)'" } ?? "outside any view controller"
      return finding(
        "static cells are only valid in a table view controller's table; this table is \(place) "
          + "(ibtool: 'Static table views are only valid when embedded in UITableViewController instances')",
        at: ref.table.table.location
      )
    }
  }
}
