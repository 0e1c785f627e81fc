import TablelintModel

extension ProjectIndex {
  /// The string an identifier expression stands for, as seen from code in `context` (a type's qualified name).
  /// `nil` when it cannot be known statically: rules stay silent then.
  public func resolve(_ expression: IdentifierExpression, in context: String?) -> String? {
    resolve(expression, in: context, depth: 0)
  }

  /// - Parameter pinnedSelf: the type `Self` is known to be, when the use site named it (`PhotoCell.identifier`,
  ///   `[PhotoCell defaultReuseIdentifier]`): names derived from `self` inside the found declaration are then static.
  private func resolve(
    _ expression: IdentifierExpression, in context: String?, depth: Int, pinnedSelf: String? = nil
  ) -> String? {
    guard depth < 12 else { return nil }
    switch expression {
    case .literal(let value):
      return value
    case .typeName(let name):
      // String(describing: Outer.Inner.self) is "Inner"; a generic type prints its arguments, so stay silent.
      guard !name.contains("<") else { return nil }
      return TypeInfo.simpleName(of: name)
    case .selfTypeName:
      // `String(describing: self)` in a static member names the type the member is called on: a subclass, or any
      // conforming type for a protocol extension. Only the use site naming the type, or a value type, pins it down.
      if let pinnedSelf { return TypeInfo.simpleName(of: pinnedSelf) }
      guard let context, let info = resolveType(context), info.kind == .struct || info.kind == .enum else {
        return nil
      }
      return TypeInfo.simpleName(of: context)
    case .rawValue(let enumType, let caseName):
      if let enumType {
        guard let info = resolveType(enumType, from: context),
          let constant = constants[info.name]?[caseName], constant.isEnumCase
        else { return nil }
        return resolve(constant.value, in: info.name, depth: depth + 1)
      }
      // `.photo.rawValue`: only when every String enum with that case agrees.
      let values = Set((enumCasesByName[caseName] ?? []).map { resolve($0.value, in: $0.owner, depth: depth + 1) })
      guard values.count == 1, let only = values.first else { return nil }
      return only
    case .reference(let path):
      return resolveReference(path, in: context, depth: depth, pinnedSelf: pinnedSelf)
    case .genericHelper(let call):
      // The bound type must be a workspace class: an associated type or generic parameter of the caller
      // (`let cell: CellType = …`) names no cell.
      guard let bound = resolveType(call.boundType, from: context), bound.isClassLike else { return nil }
      if let helper = genericHelper(for: call) {
        return resolve(helper.identifier, boundTo: call.boundType, in: context, depth: depth + 1)
      }
      return reusablePodIdentifier(call, bound: bound, in: context, depth: depth)
    case .unknown:
      return nil
    }
  }

  /// A name a generic helper spells in its type parameter, with the type bound at the call site.
  func resolve(_ name: TypeParameterName, boundTo type: String, in context: String?, depth: Int = 0) -> String? {
    switch name {
    case .typeName:
      return resolve(.typeName(type), in: context, depth: depth + 1)
    case .member(let member):
      // `T.reuseIdentifier` with `T == PhotoCell` is `PhotoCell.reuseIdentifier`.
      return resolve(
        .reference(path: type.split(separator: ".").map(String.init) + [member]), in: context, depth: depth + 1
      )
    }
  }

  /// AliSoftware/Reusable, a pod the workspace imports but does not hold: `register(cellType:)`,
  /// `register(headerFooterViewType:)`, `register(supplementaryViewType:ofKind:)` and
  /// `dequeueReusableCell(for:cellType:)` use `T.reuseIdentifier`, which defaults to the type's name. Resolved only
  /// when the workspace declares none of these helpers itself, the bound class declares its conformance to
  /// `Reusable`/`NibReusable` in the workspace, and any `reuseIdentifier` it declares can be read.
  private func reusablePodIdentifier(_ call: GenericHelperCall, bound: TypeInfo, in context: String?, depth: Int) -> String? {
    let signature: Bool
    switch (call.role, call.name, call.argumentLabels, call.bindingArgument) {
    case (.dequeue, "dequeueReusableCell", ["for"], nil), (.dequeue, "dequeueReusableCell", ["for", "cellType"], 1?),
      (.registration, "register", ["cellType"], 0?):
      signature = call.kind == .tableCell || call.kind == .collectionCell
    case (.registration, "register", ["headerFooterViewType"], 0?):
      signature = call.kind == .tableHeaderFooter
    case (.registration, "register", ["supplementaryViewType", "ofKind"], 0?):
      signature = call.kind == .collectionSupplementary
    default:
      signature = false
    }
    guard signature, !(reuseHelpers[call.name] ?? []).contains(where: { $0.role == call.role }), importsReusablePod,
      isReusablePodConformer(bound)
    else { return nil }
    if declaresReuseIdentifier(bound) {
      return resolve(.reference(path: [bound.name, "reuseIdentifier"]), in: context, depth: depth + 1)
    }
    return bound.simpleName
  }

  /// The class, a workspace superclass or a workspace protocol it conforms to declares a static `reuseIdentifier`,
  /// readable or not: it replaces the Reusable pod's default.
  private func declaresReuseIdentifier(_ info: TypeInfo) -> Bool {
    func declares(_ type: TypeInfo) -> Bool { type.members(named: "reuseIdentifier").contains { $0.isStatic } }
    return superclassChain(of: info.name).classes.contains(where: declares)
      || conformances(of: info.name).contains { constants[$0]?["reuseIdentifier"] != nil || types[$0].map(declares) == true }
  }

  /// AliSoftware/Reusable's default `reuseIdentifier`, `String(describing: self)`, for `Self` = `type`: when the
  /// workspace imports the pod, the type conforms, and nothing in the workspace declares its own.
  private func reusablePodDefaultIdentifier(of typeName: String) -> String? {
    guard importsReusablePod, let info = resolveType(typeName), isReusablePodConformer(info),
      !declaresReuseIdentifier(info)
    else { return nil }
    return info.simpleName
  }

  /// Some Swift file imports the Reusable pod.
  var importsReusablePod: Bool {
    derived.value("importsReusablePod") { files.contains { $0.swift?.imports.contains("Reusable") == true } }
  }

  /// The class (or a workspace superclass) declares `Reusable` or `NibReusable` conformance.
  func isReusablePodConformer(_ info: TypeInfo) -> Bool {
    let names = conformances(of: info.name).map { TypeInfo.simpleName(of: $0) }
    return names.contains("Reusable") || names.contains("NibReusable")
  }

  /// The workspace helper a call site calls: same name, role and queue, labels that fit its parameters (defaults may
  /// be left out), and the type parameter bound where the helper lets it be (a `T.Type` argument, or its `T` result).
  /// `nil` when the helper is not in the workspace (a pod), or when overloads disagree on the identifier.
  public func genericHelper(for call: GenericHelperCall) -> GenericReuseHelper? {
    let candidates = genericHelpers(for: call)
    guard let first = candidates.first, candidates.allSatisfy({ $0.identifier == first.identifier }) else { return nil }
    return first
  }

  /// Every workspace helper a call site may call (overloads that differ in their constraints).
  public func genericHelpers(for call: GenericHelperCall) -> [GenericReuseHelper] {
    (reuseHelpers[call.name] ?? []).filter { helper in
      guard helper.role == call.role, helper.kind == call.kind,
        let indices = helper.parameterIndices(forArgumentLabels: call.argumentLabels)
      else { return false }
      if let argument = call.bindingArgument {
        return argument < indices.count && helper.parameters[indices[argument]].bindsTypeParameter
      }
      return helper.returnsTypeParameter
    }
  }

  private func resolveReference(_ path: [String], in context: String?, depth: Int, pinnedSelf: String?) -> String? {
    guard let name = path.last else { return nil }
    if path.count == 1 {
      // A member of the enclosing type (or its superclasses, outer types, protocol defaults), else a global.
      if let context {
        var scope = context.split(separator: ".").map(String.init)
        while !scope.isEmpty {
          let typeName = scope.joined(separator: ".")
          if let found = lookupMember(name, onType: typeName) {
            // `self` may be a subclass that declares its own: the value is not known (an Objective-C
            // `[self cellIdentifier]` overridden below, a Swift `class var`).
            if pinnedSelf == nil, isDeclaredBelow(name, typeName) { return nil }
            return resolveFound(found, dynamicSelf: true, depth: depth, pinnedSelf: pinnedSelf)
          }
          scope.removeLast()
        }
        // AliSoftware/Reusable's default `reuseIdentifier` is `String(describing: self)`: known once `Self` is.
        if name == "reuseIdentifier", let pinnedSelf, let identifier = reusablePodDefaultIdentifier(of: pinnedSelf) {
          return identifier
        }
        // A member the index holds no value for (an Objective-C property, ivar or method it cannot read, a Swift
        // stored property): the name means it, not a global of the same name.
        if declaresMember(name, around: context) { return nil }
      }
      guard let globals = globalConstants[name], !globals.isEmpty else { return nil }
      // Memoised: many files may declare the same file-private name (Objective-C `static NSString * const`), and
      // every dequeue and registration that uses it asks again.
      let key = "global|\(name)"
      if let stored: String? = derived.stored(key) { return stored }
      return derived.value(key) { () -> String? in
        let values = Set(globals.map { resolve($0.value, in: nil, depth: depth + 1) })
        guard values.count == 1, let only = values.first else { return nil }
        return only
      }
    }
    let typePath = path.dropLast().joined(separator: ".")
    guard let info = resolveType(typePath, from: context) else { return nil }
    // `Self.x` is as dynamic as a bare `x`; `PhotoCell.x` names its type, which is `Self` inside `x`.
    let named = typePath == "Self" ? pinnedSelf : info.name
    guard let found = lookupMember(name, onType: info.name) else {
      return name == "reuseIdentifier" ? named.flatMap(reusablePodDefaultIdentifier(of:)) : nil
    }
    // `Self.x` with `Self` not pinned is as open to a subclass's own `x` as a bare `x`.
    if typePath == "Self", named == nil, isDeclaredBelow(name, info.name) { return nil }
    return resolveFound(found, dynamicSelf: typePath == "Self", depth: depth, pinnedSelf: named)
  }

  /// Whether the context type, its outer types or their superclasses declare a member `name` (Swift, or Objective-C
  /// selectors, properties and ivars).
  private func declaresMember(_ name: String, around context: String) -> Bool {
    var scope = context.split(separator: ".").map(String.init)
    while !scope.isEmpty {
      let typeName = scope.joined(separator: ".")
      if let surface = objcSurface(ofClass: typeName), surface.responds(to: name) || surface.settableKey(name) != nil {
        return true
      }
      if superclassChain(of: typeName).classes.contains(where: { !$0.members(named: name).isEmpty })
        || resolveType(typeName).map({ !$0.members(named: name).isEmpty }) == true
      {
        return true
      }
      scope.removeLast()
    }
    return false
  }

  /// Whether a subclass of `typeName` declares its own constant `name` (an overridden Objective-C method, a Swift
  /// `class var`): through a dynamic `self` the value is then not known.
  private func isDeclaredBelow(_ name: String, _ typeName: String) -> Bool {
    descendants(of: typeName).contains { constants[$0.name]?[name] != nil }
  }

  /// A found constant's value. A value derived from `self` is the static type named at the use site, unless the use
  /// is dynamic (`x` or `Self.x` inside a class or protocol extension, where `self` may be any subclass).
  private func resolveFound(
    _ found: (constant: StringConstant, selfType: String), dynamicSelf: Bool, depth: Int, pinnedSelf: String?
  ) -> String? {
    if found.constant.value == .selfTypeName {
      if let pinnedSelf { return TypeInfo.simpleName(of: pinnedSelf) }
      if dynamicSelf, let info = resolveType(found.selfType), info.kind != .struct, info.kind != .enum {
        return nil
      }
      return TypeInfo.simpleName(of: found.selfType)
    }
    return resolve(found.constant.value, in: found.selfType, depth: depth + 1, pinnedSelf: pinnedSelf)
  }

  /// A constant named `name` visible on a type: its own (extensions merged), its superclasses', then defaults from
  /// extensions of the protocols it conforms to. `selfType` is the type `Self` means for the found declaration.
  func lookupMember(_ name: String, onType typeName: String) -> (constant: StringConstant, selfType: String)? {
    let chain = superclassChain(of: typeName)
    let start = chain.classes.first?.name ?? resolveType(typeName)?.name ?? typeName
    for info in chain.classes {
      if let constant = constants[info.name]?[name] {
        return (constant, constant.value == .selfTypeName ? start : info.name)
      }
    }
    if chain.classes.isEmpty, let info = resolveType(typeName), let constant = constants[info.name]?[name] {
      return (constant, start)
    }
    for protocolName in conformances(of: start) {
      if let constant = constants[protocolName]?[name] {
        return (constant, start)
      }
    }
    return nil
  }
}

extension ProjectIndex {
  /// The constant (or enum case) an identifier expression reads its value from, as seen from code in `context`: where a
  /// rename of the value writes it. `nil` for a literal, a computed name, or a name that means several constants.
  public func declaringConstant(of expression: IdentifierExpression, in context: String?) -> StringConstant? {
    switch expression {
    case .reference(let path):
      guard let name = path.last else { return nil }
      if path.count == 1 {
        if let context {
          var scope = context.split(separator: ".").map(String.init)
          while !scope.isEmpty {
            if let found = lookupMember(name, onType: scope.joined(separator: ".")) { return found.constant }
            scope.removeLast()
          }
        }
        guard let globals = globalConstants[name], globals.count == 1 else { return nil }
        return globals[0]
      }
      guard let info = resolveType(path.dropLast().joined(separator: "."), from: context) else { return nil }
      return lookupMember(name, onType: info.name)?.constant
    case .rawValue(let enumType, let caseName):
      if let enumType {
        guard let info = resolveType(enumType, from: context), let constant = constants[info.name]?[caseName],
          constant.isEnumCase
        else { return nil }
        return constant
      }
      let cases = enumCasesByName[caseName] ?? []
      return cases.count == 1 ? cases[0] : nil
    case .literal, .typeName, .selfTypeName, .genericHelper, .unknown:
      return nil
    }
  }
}
