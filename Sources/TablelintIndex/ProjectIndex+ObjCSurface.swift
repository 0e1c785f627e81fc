import TablelintModel

/// What the Objective-C runtime sees on instances of a class: the selectors it responds to and the keys it can set
/// by key-value coding, gathered from the class, its extensions in any file and its superclasses.
///
/// A subclass's surface is its own declarations (`own`) laid over its superclass's surface (`base`, shared, never
/// copied): a look-up asks the superclass first, whose entries win as the runtime's do (see `inheriting(_:)`).
/// Copying every superclass's tables into each subclass's surface was most of the rules' time on element-ios, where
/// hundreds of controllers inherit large Objective-C base classes.
public struct ObjCSurface: Sendable, Equatable {
  /// One class's tables (or a whole chain's, for a surface gathered from every class of its chain).
  struct Layer: Sendable, Equatable {
    /// Selector → where a workspace class declares it.
    var declaredSelectors: [String: SourceLocation?] = [:]
    /// Keys that `setValue(_:forKey:)` can set: settable exposed properties, Objective-C properties and ivars.
    var settableKeys: [String: SourceLocation?] = [:]
    /// Swift members the runtime cannot see, by the selector they would have: for "add @objc" messages.
    var unexposedMembers: [String: SwiftMember] = [:]
    /// Swift properties that exist but cannot be set by key-value coding (get-only, or not exposed), by name.
    var unsettableProperties: [String: SwiftMember] = [:]
    /// The keys of `settableKeys` and `unexposedMembers` only filled (an instance variable, a `setKey:` method, an
    /// unexposed method), which a subclass's own entry replaces.
    var filledSettableKeys: Set<String> = []
    var filledUnexposedMembers: Set<String> = []
  }

  /// The superclass's surface, shared by every subclass built on it.
  final class Base: Sendable {
    let surface: ObjCSurface
    init(_ surface: ObjCSurface) { self.surface = surface }
  }

  /// This class's own declarations (a whole chain's when `base` is nil).
  var own = Layer()
  /// The surface of the superclass this one is built on; its entries win over `own`'s.
  var base: Base?
  /// The selectors of the chain's framework superclass, declared nowhere (`nil`): its table from `FrameworkMembers`,
  /// shared by every surface built on it. Copying it into each class's own table on its first write cost 4 % of a
  /// cold lint's CPU on element-ios (a surface for every class its storyboards name).
  var frameworkSelectors: [String: SourceLocation?] = [:]
  /// False when the chain leaves the workspace for a framework class tablelint has no list for: absence proves
  /// nothing then.
  public var isComplete = true
  /// The chain conforms to a protocol declared outside the workspace: Swift infers `@objc` for members that satisfy
  /// its requirements, which tablelint cannot see.
  public var hasExternalConformances = false
  /// Whether a class of the chain is `@objcMembers` (for building a subclass's surface on this one).
  var chainHasObjCMembers = false

  /// Where the class responds to `selector`: `nil` when it does not, `.some(nil)` when it does but no workspace file
  /// declares it (a framework selector).
  public func selector(_ selector: String) -> SourceLocation?? {
    declaredSelector(selector) ?? frameworkSelectors[selector]
  }

  /// Whether instances respond to `selector`.
  public func responds(to selector: String) -> Bool { self.selector(selector) != nil }

  /// Where key-value coding finds `key`: `nil` when it cannot set it, `.some(nil)` when it can but no workspace file
  /// declares it (a framework outlet, an instance variable).
  public func settableKey(_ key: String) -> SourceLocation?? {
    // Not `settableEntry(key)?.location`: optional chaining would flatten a missing key into `.some(nil)`.
    guard let entry = settableEntry(key) else { return nil }
    return .some(entry.location)
  }

  /// The Swift member the runtime cannot see that would answer `selector`.
  public func unexposedMember(_ selector: String) -> SwiftMember? { unexposedEntry(selector)?.member }

  /// The Swift property named `name` that key-value coding cannot set (get-only, or not exposed).
  public func unsettableProperty(_ name: String) -> SwiftMember? {
    base?.surface.unsettableProperty(name) ?? own.unsettableProperties[name]
  }

  /// Every key key-value coding can set, for suggestions.
  public var settableKeyNames: Set<String> {
    var names = Set(own.settableKeys.keys)
    if let base { names.formUnion(base.surface.settableKeyNames) }
    return names
  }

  /// Every selector instances respond to, for suggestions (a framework selector the workspace also declares comes
  /// twice; suggestions take candidates as a set).
  public var selectorNames: [String] { Array(flattened().own.declaredSelectors.keys) + Array(frameworkSelectors.keys) }

  /// The selectors a workspace file declares (not only the framework).
  public var workspaceSelectorNames: [String] {
    flattened().own.declaredSelectors.compactMap { selector, location in location == nil ? nil : selector }
  }

  public static func == (lhs: ObjCSurface, rhs: ObjCSurface) -> Bool {
    lhs.flattened().own == rhs.flattened().own && lhs.frameworkSelectors == rhs.frameworkSelectors
      && lhs.isComplete == rhs.isComplete && lhs.hasExternalConformances == rhs.hasExternalConformances
      && lhs.chainHasObjCMembers == rhs.chainHasObjCMembers
  }

  private func declaredSelector(_ selector: String) -> SourceLocation?? {
    if let base, let found = base.surface.declaredSelector(selector) { return found }
    return own.declaredSelectors[selector]
  }

  /// A superclass's entry wins unless it is only filled and this class has one of its own.
  private func settableEntry(_ key: String) -> (location: SourceLocation?, filled: Bool)? {
    let inherited = base?.surface.settableEntry(key)
    if let inherited, !inherited.filled { return inherited }
    if let location = own.settableKeys[key] { return (location, own.filledSettableKeys.contains(key)) }
    return inherited
  }

  private func unexposedEntry(_ selector: String) -> (member: SwiftMember, filled: Bool)? {
    let inherited = base?.surface.unexposedEntry(selector)
    if let inherited, !inherited.filled { return inherited }
    if let member = own.unexposedMembers[selector] { return (member, own.filledUnexposedMembers.contains(selector)) }
    return inherited
  }
}

extension ProjectIndex {
  /// The Objective-C surface of a listed framework class that the workspace extends, itself or a listed superclass
  /// (`extension UIViewController { @IBAction func dismissViewController(_:) }` for a scene without custom class,
  /// ivpn): the curated list with the extensions' members. `nil` when the class is not listed or nothing extends it.
  public func frameworkSurface(ofClass name: String) -> ObjCSurface? {
    let key = "frameworkSurface|\(name)"
    if let stored: ObjCSurface? = derived.stored(key) { return stored }
    return derived.value(key) { () -> ObjCSurface? in
      guard let framework = FrameworkMembers.surfaceTables[name] else { return nil }
      var surface = ObjCSurface()
      surface.frameworkSelectors = framework.selectors
      let added = addFrameworkExtensions(from: name, to: &surface.own)
      guard added.any else { return nil }
      // What an extension conforms to may declare more (`extension UIViewController: SomeDelegate`).
      surface.hasExternalConformances = added.conforming
      for outlet in framework.outlets where surface.own.settableKeys[outlet] == nil {
        surface.own.settableKeys[outlet] = .some(nil)
        surface.own.filledSettableKeys.insert(outlet)
      }
      return surface
    }
  }

  /// Whether the surface of some workspace subclass of `name`, at any depth, satisfies `answers`: the object a rule
  /// judges by its class may be one (`self` performing a row's selector, a nib's owner, a scene's object whose class
  /// is swapped at run time).
  public func someSubclass(of name: String, answers: (ObjCSurface) -> Bool) -> Bool {
    descendants(of: name).contains { objcSurface(ofClass: $0.name).map(answers) == true }
  }

  /// Whether some object that may own the nib at `path` answers, its File's Owner declaring the class `name`: a
  /// subclass of that class (`someSubclass`), or the workspace class the nib is named after, or a subclass of it
  /// (`UIViewController` loads the nib named after its class when given none, and code that names a nib after the
  /// controller it makes, `RushShoppingItem(nibName: "RushShoppingItem", bundle: nil)`, makes that controller the
  /// owner, whatever class the xib names: MeiTuan_Swift's `HomeViewController`). That class's surface unknown (its
  /// chain leaves the workspace for an unlisted class) answers too.
  public func someOwner(ofNibAt path: String, declaring name: String, answers: (ObjCSurface) -> Bool) -> Bool {
    if someSubclass(of: name, answers: answers) { return true }
    guard let named = resolveType(IndexBuilder.nibName(ofPath: path)), named.isClassLike,
      named.name != resolveType(name)?.name, let surface = objcSurface(ofClass: named.name)
    else { return false }
    return !surface.isComplete || answers(surface) || someSubclass(of: named.name, answers: answers)
  }

  /// The Objective-C surface of a workspace class (instance side). `nil` when the workspace does not declare it.
  public func objcSurface(ofClass name: String) -> ObjCSurface? {
    // Memoised: every outlet and action of every storyboard asks for its class's surface.
    let key = "objcSurface|\(name)"
    if let stored: ObjCSurface? = derived.stored(key) { return stored }
    return derived.value(key) { computeObjcSurface(ofClass: name) }
  }

  private func computeObjcSurface(ofClass name: String) -> ObjCSurface? {
    guard let root = resolveType(name), root.isClassLike || root.kind == .protocol else { return nil }
    let chain = superclassChain(of: root.name)
    // A superclass's surface is this one's but for the class's own declarations, when its chain is this chain
    // without the class (never in a cycle): each class's declarations are gathered once, not once per subclass.
    if chain.classes.count > 1 {
      let parent = chain.classes[1].name
      let parentChain = superclassChain(of: parent)
      if parentChain.externalSuperclass == chain.externalSuperclass,
        parentChain.classes.map(\.name) == chain.classes.dropFirst().map(\.name),
        let inherited = objcSurface(ofClass: parent)
      {
        let objcMembers = inherited.chainHasObjCMembers || Self.isObjCMembers(root)
        var own = ObjCSurface.Layer()
        addDeclarations(of: root, exposedByInheritance: objcMembers, to: &own)
        var surface = inherited.inheriting(own)
        surface.chainHasObjCMembers = objcMembers
        // The chain's conformances are the superclass chain's and what the class's own list reaches.
        surface.hasExternalConformances =
          inherited.hasExternalConformances || reachesUnresolvedProtocol(from: root.inheritedTypes)
        return surface
      }
    }
    return computeWholeObjcSurface(of: root, chain: chain)
  }

  /// The surface gathered from every class of the chain (also what `inheriting(_:)` must equal).
  func computeWholeObjcSurface(of root: TypeInfo, chain: SuperclassChain) -> ObjCSurface {
    let framework = chain.externalSuperclass.flatMap {
      FrameworkMembers.surfaceTables[TypeInfo.simpleName(of: $0)]
    }
    var surface = ObjCSurface()
    // The framework's selectors stay in their shared table; the workspace's declarations below take precedence.
    if let framework { surface.frameworkSelectors = framework.selectors }
    // `@objcMembers` is inherited: the members of such a class and of its subclasses (earlier in the chain) are
    // exposed.
    let lastObjCMembersClass = chain.classes.lastIndex(where: Self.isObjCMembers) ?? -1
    surface.chainHasObjCMembers = lastObjCMembersClass >= 0
    for (position, info) in chain.classes.enumerated() {
      addDeclarations(of: info, exposedByInheritance: position <= lastObjCMembersClass, to: &surface.own)
    }
    // The workspace's extensions of the framework classes above the chain: `extension UIViewController` gives its
    // `@IBAction func dismissViewController(_:)` to a `UITableViewController` subclass too (ivpn's scenes).
    if let external = chain.externalSuperclass,
      let above = FrameworkMembers.classes[TypeInfo.simpleName(of: external)]?.superclass
    {
      _ = addFrameworkExtensions(from: above, to: &surface.own)
    }
    if chain.externalSuperclass != nil {
      if let framework {
        for outlet in framework.outlets where surface.own.settableKeys[outlet] == nil {
          surface.own.settableKeys[outlet] = .some(nil)
          surface.own.filledSettableKeys.insert(outlet)
        }
      } else {
        surface.isComplete = false
      }
    }
    surface.hasExternalConformances = conformances(of: root.name).contains { resolveType($0) == nil }
    return surface
  }

  private static func isObjCMembers(_ info: TypeInfo) -> Bool {
    info.declarations.contains { $0.declaration.attributes.contains("objcMembers") }
  }

  /// One class's own declarations, in the order the runtime's look-ups see them: a later (super)class's declaration
  /// overwrites an earlier one's; instance variables and `setKey:` methods only fill a key nothing set.
  private func addDeclarations(of info: TypeInfo, exposedByInheritance: Bool, to surface: inout ObjCSurface.Layer) {
    for (_, declaration) in info.declarations {
      for member in declaration.members where !member.isStatic {
        add(member, exposedByInheritance: exposedByInheritance, to: &surface)
      }
    }
    for (_, declaration) in info.objcDeclarations {
      for method in declaration.methods where !method.isClassMethod {
        surface.declaredSelectors[method.selector] = method.location
      }
      for property in declaration.properties {
        surface.declaredSelectors[property.name] = property.location
        // Key-value coding falls back to the synthesized `_name` ivar, even for read-only properties; that ivar is
        // found under its own name too (`_name`).
        surface.setSettableKey(property.name, property.location)
        if surface.settableKeys["_" + property.name] == nil {
          surface.setSettableKey("_" + property.name, property.location)
        }
        if !property.isReadOnly {
          surface.declaredSelectors[ObjCSurface.setter(for: property.name)] = property.location
        }
      }
      for ivar in declaration.instanceVariables {
        for key in ObjCSurface.keys(settingInstanceVariable: ivar) where surface.settableKeys[key] == nil {
          surface.settableKeys[key] = .some(nil)
          surface.filledSettableKeys.insert(key)
        }
      }
      // `setValue:forKey:` calls `setKey:` or `_setKey:` first.
      for method in declaration.methods where !method.isClassMethod {
        if let key = ObjCSurface.key(setBy: method.selector), surface.settableKeys[key] == nil {
          surface.settableKeys[key] = method.location
          surface.filledSettableKeys.insert(key)
        }
      }
    }
  }

  /// Adds the workspace's extensions of the listed framework class `name` and of its listed superclasses
  /// (`FrameworkMembers.classes`), nearest first; says whether there was any, and whether one declares conformances.
  private func addFrameworkExtensions(
    from name: String, to layer: inout ObjCSurface.Layer
  ) -> (any: Bool, conforming: Bool) {
    var added = (any: false, conforming: false)
    var current: String? = name
    var visited: Set<String> = []
    while let listed = current, visited.insert(listed).inserted {
      if let info = types[listed], info.kind == .externalExtended {
        addDeclarations(of: info, exposedByInheritance: false, to: &layer)
        added.any = true
        if info.declarations.contains(where: { !$0.declaration.inheritedTypes.isEmpty }) { added.conforming = true }
      }
      current = FrameworkMembers.classes[listed]?.superclass
    }
    return added
  }

  /// Swift 2's selector of a method of a legacy file (`legacySwiftFiles`), when it differs from today's: the first
  /// argument's label is left out (`func login(sender: AnyObject)` is `login:`, not `loginWithSender:`).
  func legacySelector(of member: SwiftMember) -> String? {
    guard member.kind == .method, member.explicitObjCName == nil, let first = member.argumentLabels.first,
      first != nil, !legacySwiftFiles.isEmpty, legacySwiftFiles.contains(member.location.file)
    else { return nil }
    let rest = member.argumentLabels.dropFirst().map { ($0 ?? "") + ":" }.joined()
    return SwiftIdentifier.unescaped(member.name) + ":" + rest
  }

  /// Whether a member is exposed to Objective-C: marked so, or in a legacy file (`legacySwiftFiles`), where an
  /// `NSObject` subclass exposes every member.
  func isExposed(_ member: SwiftMember) -> Bool {
    member.isExposedToObjC || (!legacySwiftFiles.isEmpty && legacySwiftFiles.contains(member.location.file))
  }

  private func add(_ member: SwiftMember, exposedByInheritance: Bool, to surface: inout ObjCSurface.Layer) {
    let exposed = isExposed(member) || exposedByInheritance
    switch member.kind {
    case .method, .initializer:
      if exposed, let legacy = legacySelector(of: member) { surface.declaredSelectors[legacy] = member.location }
      if exposed {
        surface.declaredSelectors[member.selector] = member.location
      } else if surface.unexposedMembers[member.selector] == nil {
        surface.unexposedMembers[member.selector] = member
        surface.filledUnexposedMembers.insert(member.selector)
      }
    case .property:
      // The names the runtime sees: `` var `default` `` is `default` to key-value coding.
      let key = SwiftIdentifier.unescaped(member.name)
      let getter = member.explicitObjCName ?? key
      if exposed {
        surface.declaredSelectors[getter] = member.location
        if member.isSettable {
          surface.declaredSelectors[ObjCSurface.setter(for: getter)] = member.location
          surface.setSettableKey(key, member.location)
        } else {
          surface.unsettableProperties[key] = member
        }
      } else {
        surface.unexposedMembers[getter] = member
        surface.filledUnexposedMembers.remove(getter)
        surface.unsettableProperties[key] = member
      }
    case .subscriptMember:
      break
    }
  }

  /// Every selector some workspace type exposes, plus the curated framework selectors: for unwind actions,
  /// responder-chain actions and `Selector("…")` literals.
  public func allExposedSelectors(includingClassMethods: Bool = false) -> Set<String> {
    let parts = derived.value("allExposedSelectors|parts") { computeExposedSelectorParts() }
    guard includingClassMethods else { return parts.instance }
    // Copying the instance set keeps its hashes: only the class side's selectors are hashed again.
    return derived.value("allExposedSelectors|withClassMethods") { parts.instance.union(parts.classSide) }
  }

  /// The members of `selectors` that `allExposedSelectors(includingClassMethods:)` holds, found without building
  /// that set: the curated framework classes are asked first, then one pass over the types looks each exposed
  /// member's name up among those still missing and stops when none is. A rule asks about the few selectors a
  /// workspace's storyboards send up the responder chain or unwind to; hashing and storing every exposed selector
  /// of element-ios to answer them was a quarter of all rule time there.
  public func exposedSelectors(among selectors: Set<String>, includingClassMethods: Bool = false) -> Set<String> {
    exposedSelectors(among: selectors, includingClassMethods: includingClassMethods, methodsNamed: []).exposed
  }

  /// `exposedSelectors(among:includingClassMethods:)`, and from the same pass over the types, which of `baseNames`
  /// some method of the workspace has, of any type (a Swift method's name, or `baseName` of an Objective-C method's
  /// selector), and which of `pieces` some method's selector starts with, exposed or not (`methodFirstPieces`). A
  /// rule that checks `Selector("…")` literals asks all three about the same selectors; as separate passes they were
  /// most of a cold element-ios run's last stretch, on one core. Each name is first tested against a
  /// `SpellingFilter` of those asked: hashing every member's name whole was most of the pass.
  public func exposedSelectors(
    among selectors: Set<String>, includingClassMethods: Bool, methodsNamed baseNames: Set<String> = [],
    baseName: (String) -> Substring = { $0[...] }, methodsStartingWith pieces: Set<String> = []
  ) -> (exposed: Set<String>, methodBaseNames: Set<String>, methodFirstPieces: Set<String>) {
    var missing = selectors.filter { selector in
      !FrameworkMembers.allSelectors.contains(selector) && !objectiveCProtocolSelectors.contains(selector)
    }
    var found = selectors.subtracting(missing)
    var missingNames = baseNames
    var foundNames: Set<String> = []
    var missingPieces = pieces
    var foundPieces: Set<String> = []
    let selectorFilter = SpellingFilter(missing)
    let nameFilter = SpellingFilter(missingNames)
    let pieceFilter = SpellingFilter(missingPieces)
    // A property's setter is spelled only when some selector asked for could be one.
    let asksForSetters = missing.contains { $0.hasPrefix("set") && $0.hasSuffix(":") }
    func look(_ name: String) {
      if selectorFilter.mayContain(name), missing.remove(name) != nil { found.insert(name) }
    }
    func lookName(_ name: Substring) {
      if nameFilter.mayContain(name.utf8), let name = missingNames.remove(String(name)) { foundNames.insert(name) }
    }
    func lookPiece(of selector: String) {
      guard !missingPieces.isEmpty else { return }
      let piece = Self.firstPieceSlice(of: selector)
      if pieceFilter.mayContain(piece.utf8), let piece = missingPieces.remove(String(piece)) { foundPieces.insert(piece) }
    }
    // Elements are read in place through their indices: a `for member in members` loop copied every member (and a
    // type's whole `TypeInfo`), and retaining their strings and arrays was most of this pass.
    for typeIndex in types.values.indices where !missing.isEmpty || !missingNames.isEmpty || !missingPieces.isEmpty {
      let exposes = types.values[typeIndex].isClassLike || types.values[typeIndex].kind == .protocol
      let declarations = types.values[typeIndex].declarations
      let objcMembers = exposes && declarations.contains { $0.declaration.attributes.contains("objcMembers") }
      for declarationIndex in declarations.indices {
        let members = declarations[declarationIndex].declaration.members
        for index in members.indices {
          if members[index].kind == .method {
            if !missingNames.isEmpty { lookName(members[index].name[...]) }
            lookPiece(of: members[index].selector)
          }
          guard exposes, !missing.isEmpty, isExposed(members[index]) || objcMembers,
            includingClassMethods || !members[index].isStatic
          else { continue }
          let isProperty = members[index].kind == .property
          // A property's selector is its getter: the `@objc` name, or the name as the runtime spells it.
          let name = members[index].selector
          look(name)
          if let legacy = legacySelector(of: members[index]) { look(legacy) }
          if asksForSetters, isProperty, members[index].isSettable { look(ObjCSurface.setter(for: name)) }
        }
      }
      // An Objective-C declaration is a class's (or a category's) whatever Swift declares under the same name in
      // another target (iTerm2's SwiftUI `struct SessionView` beside its Objective-C `SessionView`).
      let objcDeclarations = types.values[typeIndex].objcDeclarations
      for declarationIndex in objcDeclarations.indices {
        let methods = objcDeclarations[declarationIndex].declaration.methods
        for index in methods.indices {
          if !missingNames.isEmpty { lookName(baseName(methods[index].selector)) }
          lookPiece(of: methods[index].selector)
          if !missing.isEmpty, includingClassMethods || !methods[index].isClassMethod { look(methods[index].selector) }
        }
        guard !missing.isEmpty else { continue }
        let properties = objcDeclarations[declarationIndex].declaration.properties
        for index in properties.indices {
          look(properties[index].name)
          if asksForSetters, !properties[index].isReadOnly { look(ObjCSurface.setter(for: properties[index].name)) }
        }
      }
    }
    return (found, foundNames, foundPieces)
  }

  /// `tableView:cellForRowAtIndexPath:` → `tableView`: the piece before the first colon, found on the bytes (a
  /// `Character` search walks grapheme clusters).
  public static func firstPiece(of selector: String) -> String {
    String(firstPieceSlice(of: selector))
  }

  private static func firstPieceSlice(of selector: String) -> Substring {
    guard let colon = selector.utf8.firstIndex(of: UInt8(ascii: ":")) else { return selector[...] }
    return selector[..<colon]
  }

  /// Which of `pieces` some workspace method's selector starts with, exposed or not (`tableView` for
  /// `tableView:cellForRowAtIndexPath:`): for selectors written in Objective-C. One pass over the types, which stops
  /// when every piece is found (`exposedSelectors(among:…:methodsStartingWith:)`).
  public func methodFirstPieces(among pieces: Set<String>) -> Set<String> {
    guard !pieces.isEmpty else { return [] }
    return exposedSelectors(among: [], includingClassMethods: false, methodsStartingWith: pieces).methodFirstPieces
  }

  /// Both questions `allExposedSelectors` answers, from one pass over the types: the selectors instances respond to,
  /// and those only the class side adds (static members, `+` methods).
  private func computeExposedSelectorParts() -> (instance: Set<String>, classSide: Set<String>) {
    var instance: Set<String> = []
    var classSide: Set<String> = []
    for info in types.values {
      let objcMembers = info.declarations.contains { $0.declaration.attributes.contains("objcMembers") }
      for (_, declaration) in info.declarations where info.isClassLike || info.kind == .protocol {
        for member in declaration.members where isExposed(member) || objcMembers {
          let name = member.selector
          let setter = member.kind == .property && member.isSettable ? ObjCSurface.setter(for: name) : nil
          let legacy = legacySelector(of: member)
          if member.isStatic {
            classSide.insert(name)
            if let setter { classSide.insert(setter) }
            if let legacy { classSide.insert(legacy) }
          } else {
            instance.insert(name)
            if let setter { instance.insert(setter) }
            if let legacy { instance.insert(legacy) }
          }
        }
      }
      for (_, declaration) in info.objcDeclarations {
        for method in declaration.methods {
          if method.isClassMethod { classSide.insert(method.selector) } else { instance.insert(method.selector) }
        }
        for property in declaration.properties {
          instance.insert(property.name)
          if !property.isReadOnly { instance.insert(ObjCSurface.setter(for: property.name)) }
        }
      }
    }
    instance.formUnion(FrameworkMembers.allSelectors)
    instance.formUnion(objectiveCProtocolSelectors)
    return (instance, classSide)
  }
}

extension ObjCSurface.Layer {
  /// A key set outright (not only filled): a superclass's declaration of it replaces a subclass's.
  mutating func setSettableKey(_ key: String, _ location: SourceLocation) {
    settableKeys[key] = location
    filledSettableKeys.remove(key)
  }

  /// This layer (a superclass's) with a subclass's own declarations laid under it, in one table: as if the
  /// subclass's declarations came first and these after them. A superclass's entry replaces the subclass's, except
  /// an entry only filled, which the subclass's own entry replaces.
  func merged(withSubclassLayer own: ObjCSurface.Layer) -> ObjCSurface.Layer {
    var layer = self
    for (selector, location) in own.declaredSelectors where layer.declaredSelectors[selector] == nil {
      layer.declaredSelectors[selector] = location
    }
    for (name, member) in own.unsettableProperties where layer.unsettableProperties[name] == nil {
      layer.unsettableProperties[name] = member
    }
    Self.inherit(own.settableKeys, own.filledSettableKeys, into: &layer.settableKeys, &layer.filledSettableKeys)
    Self.inherit(
      own.unexposedMembers, own.filledUnexposedMembers, into: &layer.unexposedMembers, &layer.filledUnexposedMembers
    )
    return layer
  }

  /// A subclass's own entries of a table whose entries may be only filled: each replaces the superclass's when that
  /// one is missing or only filled, and keeps its own kind.
  private static func inherit<Value>(
    _ own: [String: Value], _ ownFilled: Set<String>, into table: inout [String: Value], _ filled: inout Set<String>
  ) {
    for (key, value) in own where table[key] == nil || filled.contains(key) {
      table[key] = value
      if ownFilled.contains(key) { filled.insert(key) } else { filled.remove(key) }
    }
  }
}

extension ObjCSurface {
  /// The surface of a subclass whose own declarations make `own` (gathered alone, exposed as the chain exposes
  /// them), built on this one without copying it: look-ups ask this surface first.
  func inheriting(_ own: Layer) -> ObjCSurface {
    var surface = ObjCSurface()
    surface.own = own
    surface.base = Base(self)
    surface.frameworkSelectors = frameworkSelectors
    surface.isComplete = isComplete
    surface.hasExternalConformances = hasExternalConformances
    surface.chainHasObjCMembers = chainHasObjCMembers
    return surface
  }

  /// The same surface with every layer merged into `own` (for enumerating its names, and for equality).
  func flattened() -> ObjCSurface {
    guard let base else { return self }
    var flat = self
    flat.own = base.surface.flattened().own.merged(withSubclassLayer: own)
    flat.base = nil
    return flat
  }

  /// The keys key-value coding sets through an instance variable: it looks for `_key`, `_isKey`, `key` and `isKey`,
  /// so `_isHidden` serves `hidden` (and `isHidden`, and `_isHidden` itself), `_name` serves `name` and `_name`.
  public static func keys(settingInstanceVariable ivar: String) -> [String] {
    let bare = ivar.hasPrefix("_") ? String(ivar.dropFirst()) : ivar
    guard !bare.isEmpty else { return [] }
    var keys = bare == ivar ? [bare] : [bare, ivar]
    if bare.hasPrefix("is"), bare.count > 2, let third = bare.dropFirst(2).first, third.isUppercase {
      let rest = bare.dropFirst(2)
      keys.append(rest.prefix(1).lowercased() + rest.dropFirst())
    }
    return keys
  }

  /// `setTitle:` / `_setTitle:` → `title`: the key an accessor method sets.
  static func key(setBy selector: String) -> String? {
    // Most selectors are no setters: a look at their bytes rules them out before any `Character` is made.
    let bytes = selector.utf8
    guard bytes.last == UInt8(ascii: ":"),
      bytes.starts(with: "set".utf8) || bytes.starts(with: "_set".utf8)
    else { return nil }
    var name = Substring(selector)
    if name.hasPrefix("_") { name = name.dropFirst() }
    guard name.hasPrefix("set"), name.hasSuffix(":"), name.filter({ $0 == ":" }).count == 1 else { return nil }
    let key = name.dropFirst(3).dropLast()
    guard let first = key.first, first.isUppercase else { return nil }
    return first.lowercased() + key.dropFirst()
  }

  /// `title` → `setTitle:`.
  public static func setter(for property: String) -> String { ObjCProperty.setterSelector(for: property) }
}
