import InterfaceBuilderFrontend
import TablelintIndex
import TablelintModel

/// What the cursor is on, in each kind of file.
extension Renamer {
  // MARK: - Swift

  func swiftTarget(_ swift: SwiftFileFacts, path: String, offset: Int) -> Target? {
    guard let locator = source.swift(path) else { return nil }
    for declaration in swift.types where declaration.kind != .protocol {
      for member in declaration.members where !member.isStatic && Self.contains(member.location, offset) {
        guard let type = index.resolveType(declaredAs: declaration.name), type.isClassLike,
          let range = locator.identifier(member.name, at: member.location.range.start.offset)
        else { continue }
        switch member.kind {
        case .method:
          return Target(
            range: range, placeholder: member.name,
            symbol: .action(selector: member.selector, className: type.name, swiftName: member.name)
          )
        case .property:
          return Target(range: range, placeholder: member.name, symbol: .outlet(name: member.name, className: type.name))
        case .initializer, .subscriptMember:
          continue
        }
      }
      if declaration.kind == .class, Self.contains(declaration.nameLocation, offset),
        let range = locator.identifier(declaration.simpleName, at: declaration.nameLocation.range.start.offset)
      {
        return Target(
          range: range, placeholder: declaration.simpleName,
          symbol: .customClass(name: declaration.objcName ?? declaration.simpleName, fromCode: true)
        )
      }
    }
    for reference in swift.selectorReferences where Self.contains(reference.location, offset) {
      switch reference.form {
      case .selectorExpression:
        guard reference.accessor == nil, let memberName = reference.memberName,
          let typeName = reference.typeName ?? reference.enclosingType,
          let type = index.resolveType(typeName, from: reference.enclosingType),
          let range = locator.selectorMember(memberName, inExpressionAt: reference.location.range.start.offset),
          range.holds(offset)
        else { continue }
        let member = index.superclassChain(of: type.name).classes.lazy.flatMap(\.members).first {
          $0.kind == .method && !$0.isStatic && $0.name == memberName
            && (reference.argumentLabels == nil || reference.argumentLabels == $0.argumentLabels)
        }
        guard let member else { continue }
        return Target(
          range: range, placeholder: memberName,
          symbol: .action(selector: member.selector, className: type.name, swiftName: memberName)
        )
      case .stringLiteral:
        guard let selector = reference.selector, let context = reference.enclosingType,
          let type = index.resolveType(context),
          let range = locator.stringContents(equalTo: selector, in: Self.offsets(reference.location)),
          range.holds(offset)
        else { continue }
        return Target(
          range: range, placeholder: selector, symbol: .action(selector: selector, className: type.name, swiftName: nil)
        )
      }
    }
    return reuseIdentifierTarget(
      uses: swift.registrations.map { ($0.identifier, $0.identifierLocation, $0.enclosingType) }
        + swift.dequeues.map { ($0.identifier, $0.identifierLocation, $0.enclosingType) },
      constants: swift.constants, path: path, offset: offset
    )
  }

  // MARK: - Objective-C

  func objectiveCTarget(_ objc: ObjectiveCFileFacts, path: String, offset: Int) -> Target? {
    guard let locator = source.objectiveC(path) else { return nil }
    for declaration in objc.classes {
      let className = index.resolveType(declaration.name)?.name ?? declaration.name
      for method in declaration.methods where !method.isClassMethod {
        guard let pieces = locator.selectorPieces(ofMethodNamedAt: method.location.range.start.offset),
          let piece = pieces.first(where: { $0.holds(offset) })
        else { continue }
        return Target(
          range: piece, placeholder: method.selector,
          symbol: .action(selector: method.selector, className: className, swiftName: nil)
        )
      }
      for property in declaration.properties where Self.contains(property.location, offset) {
        let range = Self.offsets(property.location)
        guard source.text(range, in: path) == property.name else { continue }
        return Target(range: range, placeholder: property.name, symbol: .outlet(name: property.name, className: className))
      }
      if declaration.category == nil, Self.contains(declaration.location, offset) {
        let range = Self.offsets(declaration.location)
        guard source.text(range, in: path) == declaration.name else { continue }
        return Target(
          range: range, placeholder: declaration.name, symbol: .customClass(name: declaration.name, fromCode: true)
        )
      }
    }
    for reference in objc.selectorReferences where Self.contains(reference.location, offset) {
      guard let selector = reference.selector, let context = reference.enclosingType,
        let type = index.resolveType(context),
        let spelling = locator.selector(selector, writtenIn: Self.offsets(reference.location))
      else { continue }
      let ranges: [Range<Int>]
      switch spelling {
      case .pieces(let pieces): ranges = pieces
      case .string(let range): ranges = [range]
      }
      guard let range = ranges.first(where: { $0.holds(offset) }) else { continue }
      return Target(
        range: range, placeholder: selector, symbol: .action(selector: selector, className: type.name, swiftName: nil)
      )
    }
    return reuseIdentifierTarget(
      uses: objc.registrations.map { ($0.identifier, $0.identifierLocation, $0.enclosingType) }
        + objc.dequeues.map { ($0.identifier, $0.identifierLocation, $0.enclosingType) },
      constants: objc.constants, path: path, offset: offset
    )
  }

  /// A registration's or dequeue's identifier, or the literal a constant declares, under the cursor (Swift and
  /// Objective-C alike: the locators differ, not the facts).
  private func reuseIdentifierTarget(
    uses: [(IdentifierExpression, SourceLocation, String?)], constants: [StringConstant], path: String, offset: Int
  ) -> Target? {
    for (expression, location, context) in uses where Self.contains(location, offset) {
      guard let value = index.resolve(expression, in: context) else { continue }
      var range = Self.offsets(location)
      if case .literal = expression {
        guard let literal = literalContents(value, in: path, range) else { continue }
        range = literal
      }
      return Target(
        range: range, placeholder: value,
        symbol: .reuseIdentifier(value: value, seed: .code(path: path, offset: location.range.start.offset))
      )
    }
    for constant in constants {
      guard case .literal(let value) = constant.value, let range = declaredValue(value, of: constant), range.holds(offset)
      else { continue }
      return Target(
        range: range, placeholder: value,
        symbol: .reuseIdentifier(value: value, seed: .constant(path: path, offset: constant.location.range.start.offset))
      )
    }
    return nil
  }

  // MARK: - Interface Builder

  func interfaceBuilderTarget(_ document: InterfaceBuilderDocument, path: String, offset: Int) throws -> Target? {
    guard let bytes = source.bytes(of: path), let tag = InterfaceBuilderTag.around(offset: offset, in: bytes),
      let attribute = tag.attribute(containing: offset), attribute.isClosed
    else { return nil }
    let range = attribute.valueRange
    func receiver(of connection: IBConnection) -> IBObject? { connection.receiverID.flatMap(document.object(withID:)) }
    switch (tag.element, attribute.name) {
    case ("action", "selector"):
      guard let connection = document.connections.first(where: { $0.kind == .action && valueRange(of: $0) == range }),
        let selector = connection.selector
      else { return nil }
      // First Responder first: AppKit's is an object of class NSResponder, which a workspace may extend.
      if let object = receiver(of: connection), Self.isSentUpTheChain(object) {
        return try chainTarget(selector, range: range)
      }
      if let type = index.workspaceClass(of: receiver(of: connection)) {
        return Target(range: range, placeholder: selector, symbol: .action(selector: selector, className: type.name, swiftName: nil))
      }
      throw RenameRefusal(
        "'\(selector)' is sent to \(receiver(of: connection)?.effectiveClassName.map { "'\($0)'" } ?? "an object") that is not a class of the workspace"
      )
    case ("segue", "unwindAction"):
      guard !attribute.value.isEmpty else { return nil }
      return try chainTarget(attribute.value, range: range)
    case ("outlet", "property"), ("outletCollection", "property"):
      guard let connection = document.connections.first(where: { $0.kind != .action && valueRange(of: $0) == range }),
        let property = connection.property
      else { return nil }
      guard let type = index.workspaceClass(of: receiver(of: connection)) else {
        throw RenameRefusal(
          "'\(property)' is an outlet of \(receiver(of: connection)?.effectiveClassName.map { "'\($0)'" } ?? "an object") that is not a class of the workspace"
        )
      }
      return Target(range: range, placeholder: property, symbol: .outlet(name: property, className: type.name))
    case (_, "reuseIdentifier"):
      guard let cell = document.cells.first(where: { $0.reuseIdentifierLocation.map(Self.offsets) == range }),
        let value = cell.reuseIdentifier
      else { return nil }
      if cell.role == .staticCell {
        throw RenameRefusal("a static cell's reuse identifier is never dequeued: nothing else names it, so edit it in place")
      }
      return Target(
        range: range, placeholder: value,
        symbol: .reuseIdentifier(value: value, seed: .interfaceBuilder(path: path, offset: range.lowerBound))
      )
    case (_, "customClass"):
      guard !attribute.value.isEmpty else { return nil }
      return Target(range: range, placeholder: attribute.value, symbol: .customClass(name: attribute.value, fromCode: false))
    default:
      return nil
    }
  }

  /// An action sent up the responder chain (First Responder, an unwind): renamed with the one family of classes that
  /// declares it, refused when unrelated classes do.
  private func chainTarget(_ selector: String, range: Range<Int>) throws -> Target {
    let roots = declaringRoots(of: selector)
    guard let root = roots.first else {
      throw RenameRefusal("no class tablelint sees declares '\(selector)', which goes up the responder chain")
    }
    guard roots.count == 1 else {
      throw RenameRefusal(
        "'\(selector)' goes up the responder chain and unrelated classes declare it (\(roots.map(\.simpleName).sorted().joined(separator: ", "))); rename it from one of their declarations"
      )
    }
    return Target(range: range, placeholder: selector, symbol: .action(selector: selector, className: root.name, swiftName: nil))
  }

  /// First Responder (UIKit's placeholder, AppKit's `-1`) and a scene's Exit: the receiver is found at run time.
  static func isSentUpTheChain(_ object: IBObject) -> Bool {
    object.placeholderIdentifier == "IBFirstResponder" || object.element == "exit"
  }

  func valueRange(of connection: IBConnection) -> Range<Int>? {
    connection.valueLocation.map(Self.offsets)
  }
}
