import TablelintIndex
import TablelintModel

/// A selector that no method answers: an Interface Builder action, an unwind action, a `#selector`, a
/// `Selector("…")` literal, or a target–action whose method takes more arguments than the sender passes.
///
/// **What it does:**
/// - an IB `action` whose selector the destination's class does not expose to Objective-C under that exact name and
///   arity (`reset` vs `reset:` vs `resetWithSender:`), in the class, its extensions in any file, its
///   superclasses or a subclass (the object may be one when the action is sent: `object_setClass`, a storyboard's
///   `creator` block); actions sent to First Responder (a storyboard scene's, a xib's `IBFirstResponder`, AppKit's
///   `customObject` with id `-1`), when no class in the workspace and no standard UIKit or AppKit responder action
///   (`copy:`, `performClose:`, `toggleSidebar:` …) has the selector (not a text field's Did End On Exit: wired to
///   make Return dismiss the keyboard, it needs no receiver); an unwind segue's `unwindAction` that no class in the
///   workspace exposes;
/// - `#selector(Type.member(labels:))` and `#selector(member)` naming no such member of that type;
/// - `Selector("x:")` / `NSSelectorFromString("x:")` naming a selector no workspace type exposes and that is not a
///   well-known UIKit or Foundation selector, when a workspace method has that base name (a misspelt selector for
///   the app's own method; other literals, and those passed to `responds(to:)` or the runtime functions, name
///   framework or private API on purpose); an Objective-C `@selector(…)` the same way, when a workspace method's
///   selector starts with its first piece and no framework selector does; a row's `NSSelectorFromString("…")`
///   (`SimpleRow(action: …)`) that the enclosing class performs on itself (`perform(row.action)`) must be answered
///   by that class;
/// - `addTarget(self, action:for:)`, gesture recognisers, bar button items, `perform(_:)`, notification and timer
///   selectors whose method takes more arguments than the sender passes.
///
/// **Why is this bad?** The app crashes with "unrecognized selector sent to instance" when the button is tapped, the
/// segue unwinds or the timer fires. Swift names map to selectors by rules that are easy to get wrong:
/// `func reset(sender:)` is `resetWithSender:`, not `reset:`, and an action renamed in Swift leaves the storyboard
/// behind.
///
/// **Example:** `@IBAction func resetCache()` while `Settings.storyboard` still sends `resetCache:`.
///
/// **Instead:** reconnect the action in Interface Builder, or declare the method with the selector IB uses
/// (`@IBAction func resetCache(_ sender: Any)` or `@objc(resetCache:)`).
///
/// UIKit's own methods are assumed only from a curated list (`FrameworkMembers`); when a class's chain leaves the
/// workspace for a class outside that list, tablelint stays silent about that class's selectors.
public struct DanglingSelectorRule: Rule {
  public static let description = RuleDescription(
    identifier: "dangling_selector",
    name: "Dangling selector",
    severity: .error,
    summary: "a selector that no method of the receiving class answers",
    triggeringExamples: triggeringExamples,
    nonTriggeringExamples: nonTriggeringExamples,
    corrections: corrections
  )

  public static func check(_ project: ProjectIndex) -> [Finding] {
    // The workspace-wide selector sets are prepared only when a file asked for holds what they check.
    let documents = project.subjectInterfaceBuilderFiles
    let interfaceBuilder = documents.isEmpty ? [] : interfaceBuilderFindings(project, documents: documents)
    return interfaceBuilder + selectorExpressionFindings(project) + selectorLiteralFindings(project)
      + targetActionFindings(project)
  }

  // MARK: - Interface Builder

  /// The selector a connection asks some class of the workspace or of UIKit to expose, whichever it is: an unwind
  /// segue's action, or an action sent up the responder chain.
  private static func selectorAskedOfAnyClass(_ connection: IBConnection, objects: IBObjectsByID) -> String? {
    if connection.kind == .segue, let unwind = connection.unwindAction, !unwind.isEmpty { return unwind }
    guard connection.kind == .action, let selector = connection.selector, !selector.isEmpty,
      objects[connection.receiverID]?.placeholderIdentifier == "IBFirstResponder"
    else { return nil }
    return selector
  }

  private static func interfaceBuilderFindings(
    _ project: ProjectIndex, documents: [(path: String, document: InterfaceBuilderDocument)]
  ) -> [Finding] {
    let objectMaps = documents.map { IBObjectsByID($0.document) }
    var asked: Set<String> = []
    for ((_, document), objects) in zip(documents, objectMaps) {
      for connection in document.connections {
        if let selector = selectorAskedOfAnyClass(connection, objects: objects) { asked.insert(selector) }
      }
    }
    let exposed = project.exposedSelectors(among: asked)
    // Every exposed selector, for suggestions: only when one is missing.
    lazy var everywhere = project.allExposedSelectors()
    var findings: [Finding] = []
    let targetModules = project.interfaceBuilderTargetModules
    for ((path, document), objects) in zip(documents, objectMaps) {
      // A document that uses another module's classes (`customModule="Spring"` on a class the workspace lacks) may
      // unwind to that module's extension of UIViewController: Spring and IBAnimatable declare
      // `unwindToViewController:` on every view controller (DesignerNewsApp, whose Spring submodule the checkout
      // leaves empty). A workspace class named with its module but no `customModuleProvider` (older Xcode) is not one.
      lazy var usesAnotherModule = document.objects.contains { object in
        guard let module = object.classReference.customModule, !targetModules.contains(module) else { return false }
        return object.effectiveClassName.flatMap { project.resolveType($0) } == nil
      }
      for connection in document.connections {
        if connection.kind == .segue, let unwind = connection.unwindAction, !unwind.isEmpty,
          !exposed.contains(unwind), !usesAnotherModule
        {
          let suggestion = NameSuggestion.suffix(for: unwind, among: everywhere)
          findings.append(
            finding("no view controller in the workspace implements the unwind action '\(unwind)'\(suggestion)", at: connection.location)
          )
        }
        guard connection.kind == .action, let selector = connection.selector, !selector.isEmpty,
          let destination = objects[connection.receiverID], !objects.crossesScenes(connection)
        else { continue }
        if destination.placeholderIdentifier == "IBFirstResponder" {
          // A text field's Did End On Exit sent up the chain: any action there makes Return dismiss the keyboard,
          // which is what it is wired for, and one that reaches no responder is dropped, not a crash
          // (Programming-iOS-Book-Examples names it `dummy:`).
          guard !exposed.contains(selector), connection.eventType != "editingDidEndOnExit" else { continue }
          // The responders may be Python classes (PyObjC), which tablelint does not read.
          guard !project.buildsPython else { continue }
          if let (name, surface, member) = unexposedResponder(selector, project) {
            // A framework protocol the class conforms to may expose the method after all.
            guard !surface.hasExternalConformances else { continue }
            findings.append(
              unexposed(member, on: name, so: "'\(selector)', sent up the responder chain, reaches no responder", at: connection.location)
            )
          } else {
            findings.append(
              finding(
                "no class in the workspace and no UIKit or AppKit responder implements '\(selector)', sent up the responder chain\(suggestionSuffix(for: selector, among: everywhere))",
                at: connection.location
              )
            )
          }
          continue
        }
        switch IBObjectClass(destination, in: project, document: document, path: path) {
        case .workspace(let name, let surface):
          guard !surface.responds(to: selector) else { continue }
          // A subclass answers it: the scene's object may be one by the time the action is sent (one storyboard
          // scene for both subclasses, the instance's class swapped with `object_setClass`: PopcornTimeTV's
          // `DetailViewController`; or made by an `instantiateViewController(identifier:creator:)` block).
          // A nib's File's Owner may also be the controller the nib is named after (`someOwner`).
          let responds = { (surface: ObjCSurface) in surface.responds(to: selector) }
          if destination.placeholderIdentifier == "IBFilesOwner"
            ? project.someOwner(ofNibAt: path, declaring: name, answers: responds)
            : project.someSubclass(of: name, answers: responds)
          {
            continue
          }
          if let member = surface.unexposedMember(selector) {
            guard !surface.hasExternalConformances else { continue }
            findings.append(unexposed(member, on: name, so: "'\(selector)' is not found", at: connection.location))
          } else {
            let suggestion = suggestionSuffix(for: selector, among: surface.selectorNames)
            // The fix renames the action to the suggested method when the workspace declares it (not UIKit); without
            // a near one, to the nearest declared method, as a suggestion for the editor.
            let declared = surface.workspaceSelectorNames
            var fixes = NameSuggestion.selector(for: selector, among: surface.selectorNames)
              .flatMap { replacement in surface.selector(replacement).flatMap { $0 }.map { _ in replacement } }
              .map { XMLText.renaming(connection, from: selector, to: $0, title: "Change the action to '\($0)'") } ?? []
            if fixes.isEmpty, let distant = NameSuggestion.selector(for: selector, among: declared, allowDistant: true) {
              fixes = XMLText.renaming(connection, from: selector, to: distant, title: "Change the action to '\(distant)'")
                .map { fix in
                  var suggestion = fix
                  suggestion.applicability = .suggestion
                  return suggestion
                }
            }
            // A stub of the method, for the editor to offer.
            if let type = project.resolveType(name), let stub = CodeInsertions.methodStub(for: selector),
              let edit = CodeInsertions.members([stub.declaration], into: type, atStart: false)
            {
              fixes.append(Fix(title: "Add '\(stub.title)' to '\(type.simpleName)'", applicability: .suggestion, edits: [edit]))
            }
            findings.append(
              finding("no action method '\(selector)' on '\(name)'\(suggestion)", at: connection.location, fixes: fixes)
            )
          }
        case .framework(let name, _, let selectors):
          guard !selectors.contains(selector) else { continue }
          findings.append(
            finding("no action method '\(selector)' on '\(name)' (no custom class is set)", at: connection.location)
          )
        case .unknown:
          continue
        }
      }
    }
    return findings
  }

  // MARK: - #selector

  /// Swift names of NSObject members that `#selector` may name on a class rooted in NSObject.
  static let nsObjectMemberNames: Set<String> = [
    "description", "debugDescription", "copy", "mutableCopy", "isEqual", "hash", "awakeFromNib",
    "prepareForInterfaceBuilder", "setValue", "value", "perform", "responds", "observeValue", "init",
    "forwardingTarget", "isKind", "isMember", "conforms", "doesNotRecognizeSelector", "methodSignature",
  ]

  private static func selectorExpressionFindings(_ project: ProjectIndex) -> [Finding] {
    var findings: [Finding] = []
    for reference in project.selectorReferences
    where reference.form == .selectorExpression && project.isRuleSubject(reference.location.file) {
      guard let memberName = reference.memberName, reference.accessor == nil,
        let typeName = reference.typeName ?? reference.enclosingType,
        let type = project.resolveType(typeName, from: reference.enclosingType),
        type.isClassLike || type.kind == .protocol
      else { continue }
      let chain = project.superclassChain(of: type.name)
      var infos = chain.classes
      if type.kind == .protocol {
        // Inside the protocol or its extensions, `Self` may be constrained (`where Self: OtherProtocol`): its
        // members are not only the protocol's. Elsewhere, members come from the protocol and those it refines.
        guard let protocols = refinedProtocols(of: type, in: project),
          reference.enclosingType.flatMap({ project.resolveType($0)?.name }) != type.name
        else { continue }
        infos = protocols
      }
      if infos.contains(where: \.isObjectiveC) { continue }
      let candidates = infos.flatMap { $0.members(named: memberName) }.filter { $0.kind != .subscriptMember }
      if !candidates.isEmpty {
        // Swift 2 leaves out a method's first label: `#selector(reconnect(_:))` names `func reconnect(timer:)` in a
        // legacy file (CatchChat/Yep).
        func matches(_ member: SwiftMember, _ labels: [String?]) -> Bool {
          if member.argumentLabels == labels { return true }
          guard project.legacySwiftFiles.contains(member.location.file), member.kind == .method,
            member.argumentLabels.count == labels.count, labels.first == .some(nil)
          else { return false }
          return Array(member.argumentLabels.dropFirst()) == Array(labels.dropFirst())
        }
        guard let labels = reference.argumentLabels, !candidates.contains(where: { matches($0, labels) }) else {
          continue
        }
        // A framework superclass may declare an overload with these labels.
        guard chain.externalSuperclass == nil || chain.externalSuperclass == "NSObject" else { continue }
        let found = candidates.map { "'\(signature(of: $0))'" }.sorted().joined(separator: ", ")
        findings.append(
          finding("no method '\(reference.displayName)' on '\(type.simpleName)'; found \(found)", at: reference.location)
        )
        continue
      }
      let fullyKnown = type.kind == .protocol || chain.externalSuperclass == nil || chain.externalSuperclass == "NSObject"
      guard fullyKnown, !nsObjectMemberNames.contains(memberName) else { continue }
      let names = infos.flatMap(\.members).filter { $0.kind == .method || $0.kind == .property }.map(\.name)
      let suggestion = NameSuggestion.suffix(for: memberName, among: names)
      findings.append(finding("no member '\(memberName)' on '\(type.simpleName)'\(suggestion)", at: reference.location))
    }
    return findings
  }

  /// The protocol and every protocol it refines, when all of them are in the workspace.
  private static func refinedProtocols(of type: TypeInfo, in project: ProjectIndex) -> [TypeInfo]? {
    var result: [TypeInfo] = []
    var pending = [type]
    var seen: Set<String> = []
    while let next = pending.popLast() {
      guard seen.insert(next.name).inserted else { continue }
      result.append(next)
      for written in next.inheritedTypes where written != "AnyObject" && written != "class" {
        guard let parent = project.resolveType(written, from: next.name), parent.kind == .protocol else {
          return nil
        }
        pending.append(parent)
      }
    }
    return result
  }

  /// A connection's action that a Swift method would answer if it were exposed to Objective-C.
  private static func unexposed(_ member: SwiftMember, on name: String, so consequence: String, at location: SourceLocation)
    -> Finding
  {
    finding(
      "'\(signature(of: member))' on '\(name)' is not exposed to Objective-C, so \(consequence); mark it @IBAction or @objc",
      at: location
    )
  }

  /// A workspace class with a Swift method that would answer `selector` if it were exposed to Objective-C (a method
  /// of a class ported from Objective-C that lost its `@objc`: OpenEmu's `OEGameDocument.volumeUp(_:)`); the first
  /// by name. Asked only for a First Responder action nothing answers.
  private static func unexposedResponder(
    _ selector: String, _ project: ProjectIndex
  ) -> (name: String, surface: ObjCSurface, member: SwiftMember)? {
    let base = String(selector.prefix { $0 != ":" })
    // Only classes declaring a member of that name are candidates: the others need no surface, nor sorting.
    let candidates = project.types.filter { _, info in
      info.isClassLike && info.declarations.contains { $0.declaration.members.contains { $0.name == base } }
    }
    for name in candidates.keys.sorted() {
      guard let surface = project.objcSurface(ofClass: name), let member = surface.unexposedMember(selector) else {
        continue
      }
      return (TypeInfo.simpleName(of: name), surface, member)
    }
    return nil
  }

  // MARK: - Selector("…")

  private static func selectorLiteralFindings(_ project: ProjectIndex) -> [Finding] {
    let literals = project.selectorReferences.filter {
      $0.form == .stringLiteral && project.isRuleSubject($0.location.file)
    }
    guard !literals.isEmpty else { return [] }
    // Only selectors meant for the workspace's own methods are checked: one whose base name a workspace method has.
    // Others name framework or private API (`setHardwareLayout:`) that no list can cover. An Objective-C selector
    // only where it is passed in a message: one kept in a variable or an array is for swizzling or introspection,
    // and names framework methods (FLEX swizzles the delegate methods `connection:didReceiveData:` and
    // `URLSession:task:didCompleteWithError:` so).
    // Nor one written in an extension of a framework class: it names that class's own API, which the workspace's
    // method of the same base name only wraps (Slide for Reddit's `extension AVAudioSession` performs
    // `setCategory:withOptions:error:` on iOS 9).
    func candidate(_ reference: SelectorReference) -> String? {
      guard !reference.isPerformedOnEnclosingType, !reference.isStored, let selector = reference.selector,
        !selector.hasPrefix("_"),
        reference.enclosingType.flatMap({ project.resolveType($0)?.kind }) != .externalExtended
      else {
        return nil
      }
      return selector
    }
    // Each candidate once: its reference, its selector, and whether Objective-C wrote it.
    var entries: [(reference: SelectorReference, selector: String, isObjectiveC: Bool)] = []
    var objectiveC: Set<String> = []
    var swift: Set<String> = []
    for reference in literals {
      guard let selector = candidate(reference) else { continue }
      let isObjectiveC = SourceFileKind(path: reference.location.file) == .objectiveC
      // An initializer handed over by selector, in a workspace with dependencies, is a dependency class's: dependency
      // injection builds objects so (MEWconnect's Typhoon assemblies:
      // `useInitializer:@selector(initWithStoryboard:andRestorationId:)` for a pod's module factory).
      if isObjectiveC, project.hasDependencyManifests, selector.hasPrefix("init") { continue }
      entries.append((reference, selector, isObjectiveC))
      if isObjectiveC { objectiveC.insert(selector) } else { swift.insert(selector) }
    }
    // Which candidates are exposed, which base names and which first pieces workspace methods have, from one pass
    // over the types: a Swift candidate is checked only when its base name is one (the exposed ones among the
    // candidates are those among the checked ones, selector by selector); an Objective-C `@selector(…)` only when a
    // workspace method's selector has its first piece: Swift's base name would make `URLWithString:` a workspace
    // `URL`'s and `invokeWithTarget:` an `invoke`'s, while they are NSURL's and NSInvocation's (Quicksilver, adium).
    // A piece the frameworks' selectors start with too (`setObject` of `setObject:forKey:`) may be meant for a
    // framework object the workspace does not hold (growl sends F-Script's interpreter `setObject:forIdentifier:`):
    // not asked.
    let (known, workspaceBaseNames, workspacePieces) = project.exposedSelectors(
      among: objectiveC.union(swift), includingClassMethods: true, methodsNamed: Set(swift.map(baseName(of:))),
      baseName: NameSuggestion.selectorBaseNameSlice(of:),
      methodsStartingWith: Set(objectiveC.map(ProjectIndex.firstPiece(of:)))
        .subtracting(FrameworkMembers.selectorFirstPieces)
    )
    lazy var everywhere = project.allExposedSelectors(includingClassMethods: true)
    var findings: [Finding] = []
    for reference in literals where reference.isPerformedOnEnclosingType {
      findings += rowActionFindings(reference, project)
    }
    for (reference, selector, isObjectiveC) in entries where !known.contains(selector) {
      let meantForTheWorkspace = isObjectiveC
        ? workspacePieces.contains(ProjectIndex.firstPiece(of: selector))
        : workspaceBaseNames.contains(baseName(of: selector))
      guard meantForTheWorkspace else { continue }
      let suggestion = suggestionSuffix(for: selector, among: everywhere)
      findings.append(
        finding("no type in the workspace exposes the selector '\(selector)'\(suggestion)", at: reference.location)
      )
    }
    return findings
  }

  /// A row's `NSSelectorFromString("…")` performed on the enclosing class: its surface must answer it.
  private static func rowActionFindings(_ reference: SelectorReference, _ project: ProjectIndex) -> [Finding] {
    guard let selector = reference.selector, let context = reference.enclosingType,
      let type = project.resolveType(context), type.isClassLike, let surface = project.objcSurface(ofClass: type.name),
      surface.isComplete, !surface.responds(to: selector), !surface.hasExternalConformances,
      // `self` may be a subclass: one that answers the selector is enough.
      !project.someSubclass(of: type.name, answers: { $0.responds(to: selector) })
    else { return [] }
    if let member = surface.unexposedMember(selector) {
      return [
        finding(
          "'\(signature(of: member))' on '\(type.simpleName)' is not exposed to Objective-C, so '\(selector)' is not found; mark it @objc",
          at: reference.location
        )
      ]
    }
    let suggestion = suggestionSuffix(for: selector, among: surface.selectorNames)
    return [finding("no method '\(selector)' on '\(type.simpleName)', which performs it\(suggestion)", at: reference.location)]
  }

  // MARK: - Target–action arity

  private static func targetActionFindings(_ project: ProjectIndex) -> [Finding] {
    var findings: [Finding] = []
    for use in project.targetActions where use.targetIsSelf && project.isRuleSubject(use.location.file) {
      let reference = use.selector
      guard let context = reference.enclosingType, let type = project.resolveType(context), type.isClassLike else {
        continue
      }
      let arity: Int
      let shown: String
      switch reference.form {
      case .stringLiteral:
        guard let selector = reference.selector else { continue }
        arity = selector.filter { $0 == ":" }.count
        shown = "'\(selector)'"
      case .selectorExpression:
        guard reference.accessor == nil, let memberName = reference.memberName else { continue }
        if let written = reference.typeName, project.resolveType(written, from: context)?.name != type.name {
          continue
        }
        if let labels = reference.argumentLabels {
          arity = labels.count
          shown = "'\(reference.displayName)'"
        } else {
          let methods = project.superclassChain(of: type.name).classes.flatMap { $0.members(named: memberName) }
            .filter { $0.kind == .method }
          guard let first = methods.first, methods.allSatisfy({ $0.argumentLabels.count == first.argumentLabels.count })
          else { continue }
          arity = first.argumentLabels.count
          shown = "'\(signature(of: first))'"
        }
      }
      guard arity > use.maximumArguments else { continue }
      findings.append(
        finding(
          "\(shown) takes \(arity) argument\(arity == 1 ? "" : "s"), but \(senderDescription(use.kind, maximum: use.maximumArguments))",
          at: reference.location
        )
      )
    }
    return findings
  }

  private static func senderDescription(_ kind: TargetActionUse.Kind, maximum: Int) -> String {
    switch kind {
    case .controlEvent: return "a control event passes at most 2 (the sender and the event)"
    case .targetAction:
      return maximum == 2
        ? "a bar button item passes at most 2 (the sender and the event)"
        : "a gesture recognizer or an AppKit control passes at most 1 (the sender)"
    case .perform: return maximum == 0 ? "'perform(_:)' passes none" : "'perform' passes at most \(maximum)"
    case .notification: return "a notification observer receives at most 1 (the notification)"
    case .timer: return "a timer passes at most 1 (the timer)"
    case .displayLink: return "a display link passes at most 1 (the link)"
    }
  }

  /// "; did you mean 'refreshWithSender:'?": a selector with the same base name first (the arity or a label
  /// differs), else the closest by spelling.
  static func suggestionSuffix(for selector: String, among candidates: some Sequence<String>) -> String {
    NameSuggestion.selector(for: selector, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }

  static func baseName(of selector: String) -> String { NameSuggestion.selectorBaseName(of: selector) }

  static func signature(of member: SwiftMember) -> String {
    guard member.kind != .property else { return member.name }
    return member.name + "(" + member.argumentLabels.map { ($0 ?? "_") + ":" }.joined() + ")"
  }
}

extension DanglingSelectorRule {
  static let triggeringExamples: [RuleExample] = [
    RuleExample(
      [
        (
          "SettingsViewController.swift",
          """
          import UIKit

          final class SettingsViewController: UIViewController {
            @IBAction func resetCache() {}
            @IBAction func refresh(sender: Any) {}
            func share(_ sender: Any) {}
          }
          """
        ),
        (
          "Settings.storyboard",
          ExampleIB.storyboard(
            ExampleIB.viewControllerScene(
              id: "settings", controllerClass: "SettingsViewController",
              actions: [
                "1️⃣<action selector=\"resetCache:\" destination=\"settings\" eventType=\"touchUpInside\" id=\"a1\"/>",
                "2️⃣<action selector=\"refresh:\" destination=\"settings\" eventType=\"touchUpInside\" id=\"a2\"/>",
                "3️⃣<action selector=\"share:\" destination=\"settings\" eventType=\"touchUpInside\" id=\"a3\"/>",
                "4️⃣<segue destination=\"settings-exit\" kind=\"unwind\" unwindAction=\"unwindToSettings:\" id=\"u1\"/>",
              ]
            )
          )
        ),
      ],
      note: "no 'resetCache:' (only 'resetCache'); 'refresh(sender:)' is 'refreshWithSender:'; 'share(_:)' not exposed; no unwind target"
    ),
    RuleExample(
      swift: """
        import UIKit

        final class Poller: NSObject {
          @objc func reset() {}

          func start(button: UIButton) {
            button.addTarget(self, action: 1️⃣#selector(tapped(_:_:_:)), for: .touchUpInside)
            let timer = Timer(timeInterval: 1, target: self, selector: 2️⃣#selector(Poller.reset(_:)), userInfo: nil, repeats: true)
            _ = timer
            perform(3️⃣#selector(refreshh))
            _ = 4️⃣Selector("reset:")
          }

          @objc func tapped(_ sender: Any, _ event: UIEvent, _ extra: Any) {}
        }
        """,
      note: "arity, labels, a typo on a class fully known to the workspace, a string selector for a method that has no argument"
    ),
    RuleExample(
      [
        (
          "UploadServer.m",
          """
          @implementation UploadServer
          - (void)start {
            NSTimer *timer = [NSTimer timerWithTimeInterval:0.5 target:self selector:1️⃣@selector(progress:total:)
                                                   userInfo:nil repeats:YES];
            [[NSRunLoop mainRunLoop] addTimer:timer forMode:NSRunLoopCommonModes];
          }
          - (void)progress:(uint64_t)sent total:(uint64_t)total {}
          @end
          """
        )
      ],
      note: "an Objective-C timer whose action takes two arguments"
    ),
    RuleExample(
      [
        (
          "ComposeViewController.m",
          """
          @implementation ComposeViewController
          - (void)viewDidLoad {
            self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"Send"
                style:UIBarButtonItemStylePlain target:self action:1️⃣@selector(send:animated:completion:)];
          }
          - (void)send:(id)sender animated:(BOOL)animated completion:(id)completion {}
          @end
          """
        )
      ],
      note: "an Objective-C bar button item whose action takes three arguments (it passes the sender and the event)"
    ),
    RuleExample(
      [
        (
          "AssetTablePicker.m",
          """
          @implementation AssetTablePicker
          - (void)pick:(NSArray *)assets {
            [(NSObject *)self.parent performSelector:1️⃣@selector(selectedAssets:) withObject:assets afterDelay:0];
          }
          @end

          @implementation ImagePickerController
          - (void)selectedAssets:(NSArray *)assets andURL:(NSString *)url {}
          @end
          """
        )
      ],
      note: "an Objective-C selector performed after its method was renamed (owncloud's ios-legacy)"
    ),
    RuleExample(
      [
        (
          "Game.swift",
          """
          import Foundation

          @objc final class Game: NSObject {
            func requestCoverDownload() {}
          }
          """
        ),
        (
          "GameCollectionViewController.m",
          """
          @implementation GameCollectionViewController
          - (void)downloadCoverArt:(id)sender {
            [[self selectedGames] makeObjectsPerformSelector:1️⃣@selector(requestCoverDownload)];
          }
          @end
          """
        ),
      ],
      note: "Objective-C sends a Swift method that is not exposed (OpenEmu's games, ported to Swift)"
    ),
    RuleExample(
      [
        (
          "PluginWindowController.m",
          """
          @implementation PluginWindowController
          - (IBAction)reloadPackages:(id)sender {}
          @end
          """
        ),
        (
          "AlcatrazSpec.m",
          """
          @implementation AlcatrazSpec
          - (void)testReload {
            [[self.windowController should] receive:1️⃣@selector(reloadPackages)];
          }
          @end
          """
        ),
      ],
      note: "a Kiwi expectation on an object names a method its class lacks: the method takes the sender (Alcatraz)"
    ),
    RuleExample(
      [
        ("ProfileViewController.swift", "import UIKit\n\nfinal class ProfileViewController: UIViewController {}"),
        (
          "Profile.storyboard",
          ExampleIB.storyboard(
            ExampleIB.viewControllerScene(
              id: "profile", controllerClass: "ProfileViewController", module: "Legacy",
              actions: ["1️⃣<segue destination=\"profile-exit\" kind=\"unwind\" unwindAction=\"unwindToHome:\" id=\"u1\"/>"]
            )
          )
        ),
      ],
      note: "a workspace class named with its module but no `customModuleProvider` (older Xcode) is no other module's: the unwind is checked"
    ),
    RuleExample(
      [
        (
          "AppDelegate.swift",
          """
          import AppKit

          @main final class AppDelegate: NSObject, NSApplicationDelegate {
            @IBAction func showErrorLog(_ sender: Any?) {}
            @IBAction func `import`(_ sender: Any?) {}
          }
          """
        ),
        (
          "ErrorLogWindow.xib",
          ExampleIB.appKitWindowXib(
            ownerClass: "ErrorLogWindowController",
            buttonActions: ["1️⃣<action selector=\"showErrorLogs:\" target=\"-1\" id=\"act-1\"/>"]
          )
        ),
      ],
      note: "an AppKit First Responder action (id -1) that no class in the workspace and no AppKit responder implements"
    ),
    RuleExample(
      [
        (
          "GameDocument.swift",
          """
          import AppKit

          @objc final class GameDocument: NSDocument {
            func volumeUp(_ sender: Any?) {}
          }
          """
        ),
        (
          "GameWindow.xib",
          ExampleIB.appKitWindowXib(
            ownerClass: "GameWindowController",
            buttonActions: ["1️⃣<action selector=\"volumeUp:\" target=\"-1\" id=\"act-1\"/>"]
          )
        ),
      ],
      note: "a First Responder action whose Swift method is not exposed (OpenEmu's document, ported from Objective-C)"
    ),
    RuleExample(
      swift: """
        import UIKit

        struct SimpleRow {
          let title: String
          let action: Selector?
        }

        final class DebugMenuViewController: UITableViewController {
          private let rows = [
            SimpleRow(title: "Settings", action: 1️⃣NSSelectorFromString("openSetings")),
            SimpleRow(title: "Logs", action: NSSelectorFromString("showLogs")),
          ]

          override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            if let action = rows[indexPath.row].action { perform(action) }
          }

          @objc func openSettings() {}
          @objc func showLogs() {}
        }
        """,
      note: "a row's string selector, performed on the menu itself"
    ),
  ]

  static let nonTriggeringExamples: [RuleExample] = [
    RuleExample(
      swift: """
        import UIKit

        struct SimpleRow {
          let title: String
          let action: Selector?
        }

        class DebugMenuViewController: UITableViewController {
          var rows: [SimpleRow] { [SimpleRow(title: "Logs", action: NSSelectorFromString("showLogs"))] }

          override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            if let action = rows[indexPath.row].action { perform(action) }
          }
        }

        final class AppDebugMenuViewController: DebugMenuViewController {
          @objc func showLogs() {}
        }
        """,
      note: "a row's string selector that a subclass of the menu answers: `self` may be that subclass"
    ),
    RuleExample(
      swift: """
        import UIKit

        struct SimpleRow {
          let title: String
          let action: Selector?
        }

        final class DebugMenuViewController: UITableViewController {
          private let rows = [SimpleRow(title: "Settings", action: NSSelectorFromString("openSettings:"))]

          override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            if let action = rows[indexPath.row].action { perform(action, with: nil) }
          }

          @objc func openSettings(_ sender: Any?) {}
        }

        final class RowFactory {
          static let rows = [SimpleRow(title: "Share", action: NSSelectorFromString("shareLink:"))]
        }
        """,
      note: "a row's string selector that the menu answers; rows that another object performs are not checked"
    ),
    RuleExample(
      [
        (
          "BaseViewController.swift",
          """
          import UIKit

          class BaseViewController: UIViewController {
            @IBAction func dismissTapped(_ sender: Any) {}
          }
          """
        ),
        (
          "SettingsViewController.swift",
          """
          import UIKit

          final class SettingsViewController: BaseViewController {
            @IBAction private func refresh(sender: Any) {}
            @IBAction func share(with sender: Any) {}
            @objc(clearHistory:) func clear(_ sender: Any) {}
            @IBAction func unwindToSettings(_ segue: UIStoryboardSegue) {}
          }

          extension SettingsViewController {
            @IBAction func help(_ sender: UIButton, forEvent event: UIEvent) {}
          }
          """
        ),
        (
          "Settings.storyboard",
          ExampleIB.storyboard(
            ExampleIB.viewControllerScene(
              id: "settings", controllerClass: "SettingsViewController",
              actions: [
                "<action selector=\"refreshWithSender:\" destination=\"settings\" eventType=\"touchUpInside\" id=\"a1\"/>",
                "<action selector=\"shareWith:\" destination=\"settings\" eventType=\"touchUpInside\" id=\"a2\"/>",
                "<action selector=\"clearHistory:\" destination=\"settings\" eventType=\"touchUpInside\" id=\"a3\"/>",
                "<action selector=\"dismissTapped:\" destination=\"settings\" eventType=\"touchUpInside\" id=\"a4\"/>",
                "<action selector=\"help:forEvent:\" destination=\"settings\" eventType=\"touchUpInside\" id=\"a5\"/>",
                "<action selector=\"copy:\" destination=\"settings-fr\" eventType=\"touchUpInside\" id=\"a6\"/>",
                "<segue destination=\"settings-exit\" kind=\"unwind\" unwindAction=\"unwindToSettings:\" id=\"u1\"/>",
              ]
            )
          )
        ),
      ],
      note: "sender:/with: naming, @objc(name:), private @IBAction, superclass and extension actions, First Responder"
    ),
    RuleExample(
      [
        (
          "LegacyViewController.h",
          """
          @interface LegacyViewController : UIViewController
          - (IBAction)tapped:(id)sender;
          @end
          """
        ),
        (
          "Legacy.storyboard",
          ExampleIB.storyboard(
            ExampleIB.viewControllerScene(
              id: "legacy", controllerClass: "LegacyViewController",
              actions: ["<action selector=\"tapped:\" destination=\"legacy\" eventType=\"touchUpInside\" id=\"a1\"/>"]
            )
          )
        ),
      ],
      note: "an Objective-C action"
    ),
    RuleExample(
      swift: """
        import UIKit

        final class PlayerViewController: UIViewController {
          @objc func togglePlayback(_ sender: Any, forEvent event: UIEvent) {}

          override func viewDidLoad() {
            super.viewDidLoad()
            let button = UIButton()
            button.addTarget(self, action: #selector(togglePlayback(_:forEvent:)), for: .touchUpInside)
            navigationItem.rightBarButtonItem = UIBarButtonItem(
              barButtonSystemItem: .done, target: self, action: #selector(UIViewController.dismiss(animated:completion:))
            )
            _ = #selector(viewWillAppear(_:))
            _ = Selector("copy:")
            _ = NSSelectorFromString("setHardwareLayout:")
            if responds(to: Selector("setAllowsPictureInPicturePlayback:")) {}
            _ = NSSelectorFromString("setDataSource:")
            _ = Selector(("replace:"))
          }

          func setDataSource(_ dataSource: AnyObject, retainedBy owner: AnyObject) {}
          func replace(_ text: String, with other: String) {}
        }
        """,
      note: "UIKit members (an outlet's setter too: RxSwift's tests) are not second-guessed; introspection names private or framework selectors, and so does `Selector((\"…\"))`, whose parentheses silence Swift's warning on purpose (olvid-ios)"
    ),
    RuleExample(
      swift: """
        import UIKit

        final class DefaultNameViewController: UIViewController {
          override func viewDidLoad() {
            super.viewDidLoad()
            navigationItem.rightBarButtonItem = UIBarButtonItem(
              title: "Day", style: .plain, target: self, action: #selector(buttonTapped(_:for:))
            )
          }

          @objc func buttonTapped(_ sender: UIBarButtonItem, for event: UIEvent) {}
        }
        """,
      note: "a bar button item sends its action through a control: the sender and the event (iOS-Open-GPX-Tracker)"
    ),
    RuleExample(
      [
        (
          "ServerCapabilities.m",
          """
          @implementation ServerCapabilities
          - (void)discover {
            [self.tracker addElement:iq target:self selector:@selector(handleQuery:withInfo:) timeout:15];
          }
          - (void)handleQuery:(XMPPIQ *)iq withInfo:(id)info {}
          @end
          """
        ),
        (
          "Roster.swift",
          """
          import Foundation

          final class Roster: NSObject {
            func fetch() {
              tracker.add(query, target: self, selector: #selector(handle(_:withInfo:)), timeout: 30)
            }

            @objc func handle(_ iq: AnyObject, withInfo info: AnyObject) {}
          }
          """
        ),
      ],
      note: "a library's `target:selector:` (XMPPFramework's ID tracker sends two arguments): not a timer"
    ),
    RuleExample(
      [
        (
          "AssetConsole.m",
          """
          @implementation AssetConsole
          - (NSComparisonResult)compareWithIndex:(AssetConsole *)other { return NSOrderedSame; }
          - (int)currentIndex {
            [self.indexes sortUsingSelector:@selector(compare:)];
            [self.names sortUsingSelector:@selector(localizedCaseInsensitiveCompare:)];
            return 0;
          }
          @end
          """
        )
      ],
      note: "Foundation's comparisons, though a workspace method has the same base name (owncloud's ios-legacy)"
    ),
    RuleExample(
      [
        (
          "NetworkObserver.m",
          """
          @implementation NetworkObserver
          - (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error {}
          + (void)injectIntoDelegateClass:(Class)cls {
            const SEL selectors[] = {
              @selector(connection:didReceiveData:),
              @selector(connection:didFailWithError:),
            };
            SEL selector = @selector(connection:willSendRequest:redirectResponse:);
            [self swizzle:selector of:cls];
          }
          @end
          """
        )
      ],
      note: "Objective-C selectors stored for swizzling (FLEX): the framework's delegate methods"
    ),
    RuleExample(
      [
        (
          "NSBundle+OverrideLanguage.m",
          """
          @implementation NSBundle (OverrideLanguage)
          + (void)load {
            [self ttt_swizzleInstanceMethod:@selector(localizedStringForKey:value:table:)
                            withReplacement:@selector(ttt_localizedStringForKey:value:table:)];
          }
          - (NSString *)ttt_localizedStringForKey:(NSString *)key value:(NSString *)value table:(NSString *)table {
            return key;
          }
          @end
          """
        ),
        (
          "ModelFactory.m",
          """
          @implementation ModelFactory
          - (void)addStopTimeRules:(NSString *)prefix {
            [self addSetNext:@selector(addObject:) forPrefix:prefix];
          }
          @end
          """
        ),
      ],
      note: "a selector passed to a swizzling helper names the framework's method (threema-ios); Foundation's collections (onebusaway-iphone)"
    ),
    RuleExample(
      [
        (
          "AccountService.m",
          """
          @implementation AccountService
          - (void)updateAccount:(id)account {
            [APIAccount updateAccount:account completionBlock:nil];
          }
          @end
          """
        ),
        (
          "AccountServiceSpec.m",
          """
          @implementation AccountServiceSpec
          - (void)testUpdate {
            [APIAccount stub:@selector(updateAccount:completionBlock:) withBlock:nil];
          }
          @end
          """
        ),
      ],
      note: "a Kiwi stub names a method of the receiver, here a dependency's class (suripu-ios's specs)"
    ),
    RuleExample(
      [
        (
          "StoriesViewController.swift",
          """
          import UIKit
          import Spring

          final class StoriesViewController: UIViewController {}
          """
        ),
        (
          "Main.storyboard",
          ExampleIB.storyboard(
            """
            <scene sceneID="s1">
                <objects>
                    <viewController id="vc1" customClass="StoriesViewController" customModule="App" customModuleProvider="target" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="v1">
                            <subviews>
                                <view contentMode="scaleToFill" id="badge" customClass="SpringView" customModule="Spring"/>
                                <button opaque="NO" contentMode="scaleToFill" id="close">
                                    <connections>
                                        <segue destination="exit1" kind="unwind" unwindAction="unwindToViewController:" id="unwind1"/>
                                    </connections>
                                </button>
                            </subviews>
                        </view>
                    </viewController>
                    <exit id="exit1" userLabel="Exit" sceneMemberID="exit"/>
                </objects>
            </scene>
            """
          )
        ),
      ],
      note: "a document that uses another module's classes may unwind to that module's extension of UIViewController (DesignerNewsApp and Spring)"
    ),
    RuleExample(
      [
        (
          "CreateID.storyboard",
          ExampleIB.storyboard(
            ExampleIB.viewControllerScene(
              id: "link", controllerClass: "LinkViewController",
              actions: [
                "<action selector=\"selectCountry:\" destination=\"link\" eventType=\"touchUpInside\" id=\"a1\"/>",
                "<action selector=\"yesAction:\" destination=\"nick\" eventType=\"touchUpInside\" id=\"a2\"/>",
              ]
            ),
            ExampleIB.bareScene(id: "nick", controllerClass: "NicknameViewController")
          )
        ),
        (
          "Onboarding.swift",
          """
          final class LinkViewController: UIViewController {
            @IBAction func selectCountry(_ sender: Any) {}
          }
          final class NicknameViewController: UIViewController {}
          """
        ),
      ],
      note: "a button copied from another scene keeps an action into that scene: never compiled (threema-ios)"
    ),
    RuleExample(
      [
        (
          "Yep.xcodeproj/project.pbxproj",
          """
          // !$*UTF8*$!
          {
          \tobjects = {
          \t\tF1 = {isa = PBXFileReference; path = WelcomeViewController.swift; sourceTree = "<group>"; };
          \t\tF2 = {isa = PBXFileReference; path = Intro.storyboard; sourceTree = "<group>"; };
          \t\tG0 = {isa = PBXGroup; children = (F1, F2); sourceTree = "<group>"; };
          \t\tP0 = {
          \t\t\tisa = PBXProject;
          \t\t\tattributes = {LastSwiftMigration = 0700; LastSwiftUpdateCheck = 0730;};
          \t\t\tmainGroup = G0;
          \t\t\tprojectDirPath = "";
          \t\t};
          \t};
          \trootObject = P0;
          }
          """
        ),
        (
          "Intro.storyboard",
          ExampleIB.storyboard(
            ExampleIB.viewControllerScene(
              id: "welcome", controllerClass: "WelcomeViewController",
              actions: ["<action selector=\"login:\" destination=\"welcome\" eventType=\"touchUpInside\" id=\"a1\"/>"]
            )
          )
        ),
        (
          "WelcomeViewController.swift",
          """
          import UIKit

          class WelcomeViewController: UIViewController {
            @IBAction func login(sender: AnyObject) {
              NSTimer.scheduledTimerWithTimeInterval(1, target: self, selector: #selector(tick(_:)), userInfo: nil, repeats: false)
            }
            func tick(timer: NSTimer) {}
          }
          """
        ),
      ],
      note: "Swift 2, which Xcode 7's project without `SWIFT_VERSION` builds: no first label in selectors (CatchChat/Yep)"
    ),
    RuleExample(
      [
        (
          "Main.storyboard",
          ExampleIB.storyboard(
            ExampleIB.viewControllerScene(
              id: "mtu", controllerClass: "MTUViewController",
              actions: ["<action selector=\"dismissViewController:\" destination=\"mtu\" eventType=\"touchUpInside\" id=\"a1\"/>"]
            ),
            """
                    <scene sceneID="scene-terms">
                        <objects>
                            <viewController id="terms" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="terms-root">
                                    <subviews>
                                        <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="terms-close">
                                            <connections>
                                                <action selector="dismissViewController:" destination="terms" eventType="touchUpInside" id="a2"/>
                                            </connections>
                                        </button>
                                    </subviews>
                                </view>
                            </viewController>
                        </objects>
                    </scene>
            """
          )
        ),
        (
          "MTUViewController.swift",
          """
          import UIKit

          final class MTUViewController: UITableViewController {}

          extension UIViewController {
            @IBAction func dismissViewController(_ sender: Any) { dismiss(animated: true) }
          }
          """
        ),
      ],
      note: "an action the workspace adds to a framework class, above the controller's superclass or on a scene without custom class (ivpn)"
    ),
    RuleExample(
      [
        (
          "CPParser.h",
          """
          @protocol CPParserDelegate <NSObject>
          @optional
          - (id)parser:(CPParser *)parser didProduceSyntaxTree:(CPSyntaxTree *)syntaxTree;
          - (CPRecoveryAction *)parser:(CPParser *)parser didEncounterErrorOnInput:(CPTokenStream *)inputStream
              __attribute__((deprecated("use -parser:didEncounterErrorOnInput:expecting: instead.")));
          @end

          @interface CPParser : NSObject
          + (id)parserWithGrammar:(CPGrammar *)grammar;
          @property (readwrite, assign, nonatomic) id<CPParserDelegate> delegate;
          @end
          """
        ),
        (
          "CPShiftReduceParser.m",
          """
          @implementation CPShiftReduceParser
          - (CPRecoveryAction *)recover:(CPTokenStream *)tokenStream {
            return [[self delegate] performSelector:@selector(parser:didEncounterErrorOnInput:)
                                         withObject:self withObject:tokenStream];
          }
          @end
          """
        ),
      ],
      note: "a library's delegate method that its protocol declares and only its clients implement (iTerm2's CoreParse)"
    ),
    RuleExample(
      [
        (
          "HomepageViewController.m",
          """
          @implementation HomepageViewController
          - (UITabBarController *)tabBarController { return nil; }
          - (void)viewDidLoad {
            [[self rac_signalForSelector:@selector(tabBarController:didSelectViewController:)
                            fromProtocol:@protocol(UITabBarControllerDelegate)] subscribeNext:^(id tuple) {}];
          }
          @end
          """
        )
      ],
      note: "a selector sent with the protocol that declares it: a framework delegate's method (MVVMReactiveCocoa)"
    ),
    RuleExample(
      swift: """
        import AVFoundation

        extension AVAudioSession {
          func setCategory(_ category: AVAudioSession.Category, options: AVAudioSession.CategoryOptions) throws {
            let session = AVAudioSession.sharedInstance()
            if #available(iOS 10.0, *) {
              try session.setCategory(category, mode: .default, options: options)
            } else {
              session.perform(NSSelectorFromString("setCategory:withOptions:error:"), with: category, with: options)
            }
          }
        }
        """,
      note: "a string selector in an extension of a framework class names that class's API (Slide for Reddit)"
    ),
    RuleExample(
      [
        (
          "PTYSession.m",
          """
          @implementation PTYSession
          - (void)registerBuiltInFunctions {
            iTermBuiltInMethod *method = [[iTermBuiltInMethod alloc] initWithName:@"set_name"
                                                                    defaultValues:@{}
                                                                           target:self
                                                                           action:@selector(setNameWithCompletion:name:)];
            [_methods registerFunction:method namespace:@"iterm2"];
          }
          - (void)setNameWithCompletion:(void (^)(id, NSError *))completion name:(NSString *)name {}
          @end
          """
        ),
        (
          "Methods.swift",
          """
          final class Scripting: NSObject {
            func register() {
              _ = BuiltInMethod(name: "set_title", target: self, action: #selector(setTitle(completion:title:)))
            }
            @objc func setTitle(completion: @escaping (Any?) -> Void, title: String) {}
          }
          """
        ),
      ],
      note: "the workspace's own API with `target:` and `action:`, which calls its actions with what it likes (iTerm2)"
    ),
    RuleExample(
      [
        (
          "SessionView.m",
          """
          @implementation SessionView
          - (instancetype)initWithFrame:(NSRect)frame {
            self = [super initWithFrame:frame];
            [[NSNotificationCenter defaultCenter] addObserver:self
                                                     selector:@selector(windowKeyStatusDidChange:)
                                                         name:NSWindowDidBecomeKeyNotification
                                                       object:nil];
            return self;
          }
          - (void)windowKeyStatusDidChange:(NSNotification *)notification {}
          @end
          """
        ),
        (
          "Companion/SessionView.swift",
          """
          import SwiftUI

          struct SessionView: View {
            func windowStatusDidChange(_ note: Notification) {}
            var body: some View { Text("") }
          }
          """
        ),
      ],
      note: "an Objective-C class and another target's SwiftUI view of the same name (iTerm2 and its companion app)"
    ),
    RuleExample(
      [
        (
          "QSObjectView.m",
          """
          @implementation QSObjectView
          - (void)draggingUpdated {
            NSCursor *cursor = [NSCursor informativeCursorWithString:@"Choose Action..."];
            [cursor performSelector:@selector(set) withObject:nil afterDelay:0.0];
            [[NSRunLoop currentRunLoop] performSelector:@selector(display) target:[self superview]
                                               argument:nil order:0 modes:@[NSDefaultRunLoopMode]];
          }
          - (NSArray *)URLs:(NSArray *)strings {
            return [NSURL performSelector:@selector(URLWithString:) onObjectsInArray:strings returnValues:YES];
          }
          @end
          """
        ),
        (
          "QSHotKeyEditor.m",
          """
          @implementation QSHotKeyEditor
          - (IBAction)set:(id)sender {}
          - (void)display:(id)sender {}
          - (NSURL *)URL { return nil; }
          @end
          """
        ),
      ],
      note: "AppKit's and Foundation's methods performed by selector, beside workspace methods of the same name (Quicksilver)"
    ),
    RuleExample(
      [
        (
          "GrowlTunesController.m",
          """
          @implementation GrowlTunesController
          - (void)attachScriptingConsole {
            id interpreter = [[self consoleView] performSelector:@selector(interpreter)];
            [interpreter performSelector:@selector(setObject:forIdentifier:) withObject:self withObject:@"appDelegate"];
          }
          @end
          """
        ),
        (
          "GrowlPreferences.m",
          """
          @implementation GrowlPreferences
          - (void)setObject:(id)object forKey:(NSString *)key {}
          @end
          """
        ),
      ],
      note: "a selector whose first piece a framework method's starts with too (NSMutableDictionary's `setObject:forKey:`), sent to an object of a framework the workspace does not hold (F-Script's interpreter, growl)"
    ),
    RuleExample(
      [
        (
          "ModuleManager.m",
          """
          @implementation ModuleManager
          - (void)broadcast:(NSNotification *)notification {
            [[NSNotificationCenter defaultCenter] performSelectorOnMainThread:@selector(postNotification:)
                withObject:notification waitUntilDone:NO];
          }
          @end
          """
        ),
        (
          "NotificationHelper.m",
          """
          @implementation NotificationHelper
          + (void)postNotification:(NSString *)name userInfo:(NSDictionary *)userInfo object:(id)object {}
          @end
          """
        ),
      ],
      note: "the notification center's own method, performed on the main thread, beside a workspace method of the same first piece (TeamTalk)"
    ),
    RuleExample(
      [
        ("Podfile", "target 'App' do\n  pod 'Typhoon'\n  pod 'ViperMcFlurryX'\nend\n"),
        (
          "ModuleFactoriesAssembly.m",
          """
          @implementation ModuleFactoriesAssembly
          - (RamblerViperModuleFactory *)startFactory {
            return [TyphoonDefinition withClass:[RamblerViperModuleFactory class] configuration:^(TyphoonDefinition *definition) {
              [definition useInitializer:@selector(initWithStoryboard:andRestorationId:) parameters:^(TyphoonMethod *initializer) {}];
            }];
          }
          @end
          """
        ),
        (
          "NavigationControllerFactory.m",
          """
          @implementation NavigationControllerFactory
          - (instancetype)initWithStoryboard:(UIStoryboard *)storyboard { return self; }
          @end
          """
        ),
      ],
      note: "a dependency's initializer handed to dependency injection, beside a workspace initializer of the same first piece (MEWconnect)"
    ),
    RuleExample(
      [
        (
          "SearchViewController.swift",
          """
          import UIKit

          final class SearchViewController: UIViewController {
            @IBOutlet var field: UITextField!
          }
          """
        ),
        (
          "Search.storyboard",
          ExampleIB.storyboard(
            """
                    <scene sceneID="scene-search">
                        <objects>
                            <viewController id="search" customClass="SearchViewController" customModule="App" customModuleProvider="target" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="search-root">
                                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                    <subviews>
                                        <textField opaque="NO" contentMode="scaleToFill" borderStyle="roundedRect" id="search-field">
                                            <rect key="frame" x="16" y="100" width="361" height="34"/>
                                            <connections>
                                                <action selector="dummy:" destination="search-fr" eventType="editingDidEndOnExit" id="search-return"/>
                                            </connections>
                                        </textField>
                                    </subviews>
                                </view>
                                <connections>
                                    <outlet property="field" destination="search-field" id="search-outlet"/>
                                </connections>
                            </viewController>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="search-fr" userLabel="First Responder" sceneMemberID="firstResponder"/>
                        </objects>
                    </scene>
            """
          )
        ),
      ],
      note: "a text field's Did End On Exit sent to First Responder: wired so that Return dismisses the keyboard, whatever it names (Programming-iOS-Book-Examples' `dummy:`)"
    ),
    RuleExample(
      [
        (
          "DetailViewController.swift",
          """
          import UIKit

          class DetailViewController: UIViewController {}

          final class ShowDetailViewController: DetailViewController {
            @IBAction func changeSeason(_ sender: UIButton) {}
          }

          func present(_ storyboard: UIStoryboard, isShow: Bool) -> UIViewController {
            let controller = storyboard.instantiateViewController(withIdentifier: "detail")
            if isShow { object_setClass(controller, ShowDetailViewController.self) }
            return controller
          }
          """
        ),
        (
          "Main.storyboard",
          ExampleIB.storyboard(
            ExampleIB.viewControllerScene(
              id: "detail", controllerClass: "DetailViewController",
              actions: ["<action selector=\"changeSeason:\" destination=\"detail\" eventType=\"touchUpInside\" id=\"a1\"/>"]
            )
          )
        ),
      ],
      note: "one scene for a class's subclasses, the instance's class swapped at run time (PopcornTimeTV)"
    ),
    RuleExample(
      [
        (
          "VerifiedSuccessfullyViewController.swift",
          """
          import UIKit

          @objc(DWVerifiedSuccessfullyViewController)
          final class VerifiedSuccessfullyViewController: UIViewController {
            @IBAction func continueButtonAction() {}
          }
          """
        ),
        ("DWVerifiedSuccessfullyViewController.h", "@interface DWVerifiedSuccessfullyViewController : UIViewController\n@end\n"),
        (
          "DWVerifiedSuccessfullyViewController.m",
          """
          @implementation DWVerifiedSuccessfullyViewController
          - (IBAction)continueButtonAction:(id)sender {}
          @end
          """
        ),
        (
          "VerifiedSuccessfully.storyboard",
          ExampleIB.storyboard(
            ExampleIB.viewControllerScene(
              id: "verified", controllerClass: "DWVerifiedSuccessfullyViewController", module: nil,
              actions: ["<action selector=\"continueButtonAction\" destination=\"verified\" eventType=\"touchUpInside\" id=\"a1\"/>"]
            )
          )
        ),
      ],
      note: "a Swift class the runtime knows by the scene's class name, beside the Objective-C class it replaced (dashwallet-ios)"
    ),
    RuleExample(
      [
        ("ImageAlpha.xcodeproj/project.pbxproj", ExampleIB.xcodeProject(referencing: "MainMenu.xib", "ImageAlphaDocument.py")),
        ("ImageAlphaDocumentC.h", "@interface ImageAlphaDocumentC : NSDocument\n@end\n"),
        (
          "MainMenu.xib",
          ExampleIB.appKitWindowXib(
            ownerClass: "NSApplication",
            buttonActions: ["<action selector=\"toggleShowOriginal:\" target=\"-1\" id=\"act-1\"/>"]
          )
        ),
      ],
      note: "a First Responder action of a PyObjC app, whose Python document class answers it (`def toggleShowOriginal_`: ImageAlpha, blink-cocoa)"
    ),
    RuleExample(
      swift: """
        import AppKit

        final class WebViewContainerView: NSView {
          private enum Selectors {
            static let initWithWindowWebViewPage = NSSelectorFromString("initWithWindow:webView:page:")
          }
        }
        """,
      note: "a Swift string selector kept in a constant names private API; what receives it is unknown (duckduckgo's macOS browser)"
    ),
    RuleExample(
      [
        (
          "GameDocument.swift",
          """
          import AppKit
          import GameAudio

          @objc final class GameDocument: NSDocument, GameAudioControlling {
            func volumeUp(_ sender: Any?) {}
          }
          """
        ),
        (
          "GameWindow.xib",
          ExampleIB.appKitWindowXib(
            ownerClass: "GameWindowController",
            buttonActions: ["<action selector=\"volumeUp:\" target=\"-1\" id=\"act-1\"/>"]
          )
        ),
      ],
      note: "a protocol from another module may require the method `@objc`: it may answer the First Responder action"
    ),
    RuleExample(
      swift: """
        import UIKit

        protocol TableNavigateableCore: AnyObject {
          func navigate(by offset: Int)
        }

        @objc protocol TableNavigateableRelay: AnyObject {
          func navigateKeyCommandHandlerRelay(_ sender: UIKeyCommand)
        }

        extension TableNavigateableCore where Self: TableNavigateableRelay {
          var navigationKeyCommands: [UIKeyCommand] {
            [UIKeyCommand(input: "j", modifierFlags: [], action: #selector(Self.navigateKeyCommandHandlerRelay(_:)))]
          }
        }
        """,
      note: "in a constrained protocol extension (mastodon-ios), `Self` has the members of the other protocol too"
    ),
    RuleExample(
      [
        (
          "AppDelegate.swift",
          """
          import AppKit

          @main final class AppDelegate: NSObject, NSApplicationDelegate {
            @IBAction func showErrorLog(_ sender: Any?) {}
            @IBAction func `import`(_ sender: Any?) {}
          }

          extension NSObject {
            func describedForLog() -> String { description }
          }
          """
        ),
        (
          "ErrorLogWindow.xib",
          ExampleIB.appKitWindowXib(
            ownerClass: "ErrorLogWindowController",
            buttonActions: [
              "<action selector=\"showErrorLog:\" target=\"-1\" id=\"act-1\"/>",
              "<action selector=\"performClose:\" target=\"-1\" id=\"act-2\"/>",
              "<action selector=\"toggleAutomaticDashSubstitution:\" target=\"-1\" id=\"act-3\"/>",
              "<action selector=\"toggleSourceList:\" target=\"-1\" id=\"act-5\"/>",
              "<action selector=\"dismissController:\" target=\"-1\" id=\"act-6\"/>",
              "<action selector=\"import:\" target=\"-1\" id=\"act-8\"/>",
              "<action selector=\"complete:\" target=\"-1\" id=\"act-9\"/>",
              "<action selector=\"stop:\" target=\"-1\" id=\"act-10\"/>",
              "<action selector=\"replaceQuotesInSelection:\" target=\"-1\" id=\"act-10\"/>",
              "<action selector=\"terminate:\" target=\"-3\" id=\"act-7\"/>",
              "<action selector=\"orderFrontStandardAboutPanel:\" target=\"-3\" id=\"act-4\"/>",
            ]
          )
        ),
      ],
      note: "AppKit First Responder actions answered by a workspace class (a backticked `import`: Sequel-Ace) or by AppKit's responders (NSTextView's completion and substitutions: CotEditor); the Application placeholder, whose `NSObject` class the workspace extends (simplenote-macos)"
    ),
  ]
}

extension DanglingSelectorRule {
  static let corrections: [RuleCorrection] = [
    RuleCorrection(
      RuleExample([
        ("SettingsViewController.swift", settingsController),
        ("Settings.storyboard", settingsStoryboard(selector: "resetCache:")),
      ]),
      after: [("Settings.storyboard", settingsStoryboard(selector: "resetCache"))]
    ),
  ]

  private static let settingsController = """
    import UIKit

    final class SettingsViewController: UIViewController {
      @IBAction func resetCache() {}
    }
    """

  private static func settingsStoryboard(selector: String) -> String {
    ExampleIB.storyboard(
      ExampleIB.viewControllerScene(
        id: "settings", controllerClass: "SettingsViewController",
        actions: ["<action selector=\"\(selector)\" destination=\"settings\" eventType=\"touchUpInside\" id=\"a1\"/>"]
      )
    )
  }
}
