import TablelintModel

/// Names a file or a class goes by besides the one the index keys it by.
extension ProjectIndex {
  /// The name of the nib a storyboard, xib or nib file compiles to, its device modifier kept (`BalanceView~iphone`
  /// for `BalanceView~iphone.xib`); `nibs` keeps it under the name without the modifier.
  public static func nibFileName(ofPath path: String) -> String { IndexBuilder.fileStem(of: path) }
}

extension ProjectIndex {
  /// The Swift types the Objective-C runtime knows by another name (`@objc(LegacyProfileCell) class ProfileCell`), by
  /// that name.
  public var swiftTypesByObjCName: [String: TypeInfo] {
    if let stored: [String: TypeInfo] = derived.stored("swiftTypesByObjCName") { return stored }
    return derived.value("swiftTypesByObjCName") { [types] () -> [String: TypeInfo] in
      var names: [String: TypeInfo] = [:]
      for info in types.values {
        for (_, declaration) in info.declarations {
          if let name = declaration.objcName { names[name] = info }
        }
      }
      return names
    }
  }
}

extension ProjectIndex {
  /// The superclasses of workspace classes that are neither the workspace's nor an Apple framework's: a dependency's
  /// classes (InAppSettingsKit's `IASKAppSettingsViewController`), whose nibs the app may load by name.
  public var dependencySuperclasses: Set<String> {
    if let stored: Set<String> = derived.stored("dependencySuperclasses") { return stored }
    return derived.value("dependencySuperclasses") { () -> Set<String> in
      var names: Set<String> = []
      for info in types.values where info.isClassLike {
        guard let superclass = info.superclass, resolveType(superclass) == nil else { continue }
        let name = TypeInfo.simpleName(of: superclass)
        if !FrameworkMembers.isAppleFrameworkClass(name), FrameworkMembers.classes[name] == nil { names.insert(name) }
      }
      return names
    }
  }
}

extension ProjectIndex {
  /// The modules Interface Builder documents name as their target's (`customModuleProvider="target"`): the
  /// workspace's own. A `customModule` outside them is another module's: a dependency's or a framework target's.
  public var interfaceBuilderTargetModules: Set<String> {
    if let stored: Set<String> = derived.stored("interfaceBuilderTargetModules") { return stored }
    return derived.value("interfaceBuilderTargetModules") { [interfaceBuilderDocuments] () -> Set<String> in
      var modules: Set<String> = []
      for (_, document) in interfaceBuilderDocuments {
        for object in document.objects where object.classReference.customModuleProvider == "target" {
          if let module = object.classReference.customModule { modules.insert(module) }
        }
      }
      return modules
    }
  }
}
