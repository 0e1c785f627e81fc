import TablelintModel

/// Walks a parsed IB document and collects its objects, tables, collection views, cells and connections.
///
/// Every element is visited once; look-ups (label ids, start tags) go through `DocumentIndex` dictionaries, so the
/// walk is linear in the size of the document. Unknown elements are walked through and otherwise ignored.
struct FactExtractor {
  /// What the walk knows about an element's ancestors.
  private struct Context {
    /// The nearest enclosing object.
    var parentObjectID: String?
    /// The view controller of the enclosing storyboard scene.
    var sceneControllerID: String?
    /// The nearest enclosing view controller element.
    var controllerID: String?
  }

  private let path: String
  private let index: DocumentIndex
  private(set) var document: InterfaceBuilderDocument

  /// Extracts the facts of the document whose root is `root`.
  static func extract(
    root: XMLElement, kind: InterfaceBuilderDocument.Kind, path: String, index: DocumentIndex
  ) -> InterfaceBuilderDocument {
    var extractor = FactExtractor(
      path: path, index: index,
      document: InterfaceBuilderDocument(kind: kind, targetRuntime: root.attribute("targetRuntime"))
    )
    extractor.visit(root, context: Context())
    return extractor.document
  }

  private mutating func visit(_ element: XMLElement, context: Context) {
    let name = element.name
    let id = element.attribute("id")
    var inner = context
    if name == "scene" {
      inner.sceneControllerID = IBElementRoles.sceneControllerID(of: element)
    }
    if let id, IBElementRoles.isObject(name) {
      document.objects.append(object(element, named: name, id: id, context: inner))
      inner.parentObjectID = id
      if IBElementRoles.isViewController(element, named: name) { inner.controllerID = id }
    }
    switch name {
    case "tableView":
      if let id { document.tableViews.append(tableView(element, id: id, controllerID: context.controllerID)) }
    case "collectionView":
      if let id {
        document.collectionViews.append(collectionView(element, id: id, controllerID: context.controllerID))
      }
    case "tableViewCell":
      if let id { document.cells.append(cell(element, id: id, kind: .table)) }
    case "collectionViewCell":
      if let id { document.cells.append(cell(element, id: id, kind: .collection)) }
    case "collectionReusableView" where element.parent?.name == "collectionView":
      if let id { document.cells.append(cell(element, id: id, kind: .supplementary)) }
    case "connections":
      if let sourceID = element.parent?.attribute("id") {
        document.connections.append(contentsOf: connections(in: element, sourceID: sourceID))
      }
    default:
      break
    }
    for child in element.children {
      visit(child, context: inner)
    }
  }

  // MARK: - Facts

  private func object(_ element: XMLElement, named name: String, id: String, context: Context) -> IBObject {
    IBObject(
      id: id, element: name, classReference: classReference(of: element),
      placeholderIdentifier: IBElementRoles.placeholderIdentifier(of: element, named: name, id: id),
      storyboardIdentifier: element.attribute("storyboardIdentifier"), userLabel: element.attribute("userLabel"),
      parentID: context.parentObjectID, sceneControllerID: context.sceneControllerID, location: location(of: element)
    )
  }

  private func tableView(_ element: XMLElement, id: String, controllerID: String?) -> IBTableView {
    var sections: [IBTableSection] = []
    var prototypeCellIDs: [String] = []
    for child in element.children {
      switch child.name {
      case "sections":
        for section in child.children where section.name == "tableViewSection" {
          sections.append(
            IBTableSection(
              id: section.attribute("id"), headerTitle: section.stringProperty("headerTitle"),
              footerTitle: section.stringProperty("footerTitle"), cellIDs: cellIDs(in: section, group: "cells"),
              location: location(of: section)
            )
          )
        }
      case "prototypes":
        prototypeCellIDs.append(contentsOf: cellIDs(ofGroup: child))
      default:
        break
      }
    }
    return IBTableView(
      id: id, dataMode: element.attribute("dataMode") == "static" ? .static : .prototypes,
      style: element.attribute("style"), sections: sections, prototypeCellIDs: prototypeCellIDs,
      containingControllerID: controllerID, location: location(of: element)
    )
  }

  private func collectionView(_ element: XMLElement, id: String, controllerID: String?) -> IBCollectionView {
    IBCollectionView(
      id: id, prototypeCellIDs: cellIDs(in: element, group: "cells"),
      supplementaryViewIDs: element.children.compactMap { child in
        child.name == "collectionReusableView" ? child.attribute("id") : nil
      },
      containingControllerID: controllerID, location: location(of: element)
    )
  }

  private func cell(_ element: XMLElement, id: String, kind: IBCell.Kind) -> IBCell {
    let placement = Self.placement(of: element, kind: kind)
    let reuseIdentifierLocation = index.attributeValueRange(named: "reuseIdentifier", of: element).map(location(of:))
    return IBCell(
      id: id, kind: kind, role: placement.role, containerID: placement.containerID,
      reuseIdentifier: element.attribute("reuseIdentifier"), reuseIdentifierLocation: reuseIdentifierLocation,
      classReference: classReference(of: element), style: element.attribute("style"),
      accessoryType: element.attribute("accessoryType"), text: labelText(element, attribute: "textLabel"),
      detailText: labelText(element, attribute: "detailTextLabel"), location: location(of: element)
    )
  }

  private func connections(in connections: XMLElement, sourceID: String) -> [IBConnection] {
    connections.children.compactMap { entry in
      guard let kind = IBElementRoles.connectionKinds[entry.name] else { return nil }
      return IBConnection(
        kind: kind, id: entry.attribute("id"), sourceID: sourceID, destinationID: entry.attribute("destination"),
        property: entry.attribute("property"), selector: entry.attribute("selector"),
        eventType: entry.attribute("eventType"), segueKind: entry.attribute("kind"),
        identifier: entry.attribute("identifier"), unwindAction: entry.attribute("unwindAction"),
        target: entry.attribute("target"), location: location(of: entry),
        valueLocation: index.attributeValueRange(named: kind == .action ? "selector" : "property", of: entry)
          .map { location(of: $0) }
      )
    }
  }

  // MARK: - Helpers

  private func classReference(of element: XMLElement) -> IBClassReference {
    IBClassReference(
      customClass: element.attribute("customClass"), customModule: element.attribute("customModule"),
      customModuleProvider: element.attribute("customModuleProvider")
    )
  }

  /// The ids of the cells in `container/group/{tableViewCell|collectionViewCell}`.
  private func cellIDs(in container: XMLElement, group: String) -> [String] {
    container.children.filter { $0.name == group }.flatMap(cellIDs(ofGroup:))
  }

  /// The ids of the cells directly inside a `prototypes` or `cells` element.
  private func cellIDs(ofGroup group: XMLElement) -> [String] {
    group.children.compactMap { cell in
      cell.name == "tableViewCell" || cell.name == "collectionViewCell" ? cell.attribute("id") : nil
    }
  }

  /// Where a cell sits, from its parent and grandparent elements.
  private static func placement(of cell: XMLElement, kind: IBCell.Kind) -> (role: IBCell.Role, containerID: String?) {
    guard let group = cell.parent, let owner = group.parent else { return (.standalone, nil) }
    switch (kind, group.name, owner.name) {
    case (.table, "prototypes", "tableView"), (.collection, "cells", "collectionView"):
      return (.prototype, owner.attribute("id"))
    case (.supplementary, "collectionView", _):
      return (.prototype, group.attribute("id"))
    case (.table, "cells", "tableViewSection"):
      let table = owner.parent?.parent
      return (.staticCell, table?.name == "tableView" ? table?.attribute("id") : nil)
    default:
      return (.standalone, nil)
    }
  }

  /// The text of the label a cell names in `attribute` (`textLabel`, `detailTextLabel`), looked up in its subtree.
  private func labelText(_ cell: XMLElement, attribute: String) -> String? {
    guard let labelID = cell.attribute(attribute), let label = Self.descendant(of: cell, withID: labelID) else {
      return nil
    }
    return label.stringProperty("text")
  }

  /// The first element below `element` (in document order) whose `id` is `id`.
  private static func descendant(of element: XMLElement, withID id: String) -> XMLElement? {
    for child in element.children {
      if child.attribute("id") == id { return child }
      if let found = descendant(of: child, withID: id) { return found }
    }
    return nil
  }

  private func location(of element: XMLElement) -> SourceLocation {
    SourceLocation(file: path, range: index.sourceRange(of: element))
  }

  private func location(of byteRange: Range<Int>) -> SourceLocation {
    SourceLocation(file: path, range: index.sourceRange(of: byteRange))
  }
}
