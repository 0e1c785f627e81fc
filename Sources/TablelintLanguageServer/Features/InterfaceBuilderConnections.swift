import InterfaceBuilderFrontend
import TablelintIndex
import TablelintModel

/// Connections of storyboards and xibs and the Swift or Objective-C members they name: for go to definition,
/// references and quick fixes.
enum InterfaceBuilderConnections {

  /// The object whose class must answer a connection: the destination of an action, the source of an outlet.
  static func receiver(of connection: IBConnection, in document: InterfaceBuilderDocument) -> IBObject? {
    connection.receiverID.flatMap(document.object(withID:))
  }

  /// The connection whose start tag begins at `location` (a finding's place), in `document`.
  static func connection(at location: SourceLocation, in document: InterfaceBuilderDocument) -> IBConnection? {
    document.connections.first { $0.location.range.start == location.range.start }
      ?? document.connections.first {
        $0.location.line == location.line && $0.location.column == location.column
      }
  }

  /// The UTF-8 offset of a tablelint position in `text` (line and column win over the stored offset).
  static func offset(of position: SourcePosition, in text: TextSnapshot) -> Int {
    text.offset(of: text.position(of: position, encoding: .utf8), encoding: .utf8)
  }

  /// The start tag at a connection's location in the current text.
  static func tag(at location: SourceLocation, in text: TextSnapshot) -> InterfaceBuilderTag? {
    InterfaceBuilderTag.starting(at: offset(of: location.range.start, in: text), in: text.bytes)
  }

  /// Where the member a connection names is declared: the Swift member or Objective-C method/property.
  static func declarations(named connection: IBConnection, in document: InterfaceBuilderDocument, index: ProjectIndex)
    -> [SourceLocation]
  {
    guard let type = index.workspaceClass(of: receiver(of: connection, in: document)) else { return [] }
    let chain = index.superclassChain(of: type.name).classes
    var result: [SourceLocation] = []
    switch connection.kind {
    case .action:
      guard let selector = connection.selector else { return [] }
      for info in chain {
        result += info.members.filter { ($0.kind == .method) && !$0.isStatic && $0.selector == selector }.map(\.location)
        for (_, declaration) in info.objcDeclarations {
          result += declaration.methods.filter { !$0.isClassMethod && $0.selector == selector }.map(\.location)
        }
        if !result.isEmpty { break }
      }
    case .outlet, .outletCollection:
      guard let property = connection.property else { return [] }
      for info in chain {
        result += info.members.filter { $0.kind == .property && !$0.isStatic && $0.name == property }.map(\.location)
        for (_, declaration) in info.objcDeclarations {
          result += declaration.properties.filter { $0.name == property }.map(\.location)
        }
        if !result.isEmpty { break }
      }
    case .segue:
      break
    }
    return result
  }

  /// Every IB connection that names `member` of `typeName` (or of a subclass, which inherits it).
  static func connections(using member: SwiftMember, of typeName: String, index: ProjectIndex) -> [IBConnection] {
    var result: [IBConnection] = []
    for (_, document) in index.interfaceBuilderFiles {
      for connection in document.connections {
        switch connection.kind {
        case .action:
          guard member.kind == .method, connection.selector == member.selector else { continue }
        case .outlet, .outletCollection:
          guard member.kind == .property, connection.property == member.name else { continue }
        case .segue:
          continue
        }
        guard let type = index.workspaceClass(of: receiver(of: connection, in: document)),
          index.superclassChain(of: type.name).classes.contains(where: { $0.name == typeName })
        else { continue }
        result.append(connection)
      }
    }
    return result.sorted { $0.location < $1.location }
  }
}
