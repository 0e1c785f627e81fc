/// What a reuse identifier (or nib name) expression says, before cross-file resolution.
///
/// The Swift frontend records what it sees; the index resolves references against the
/// workspace's constants and types. Anything the frontend cannot describe is `.unknown`,
/// and no rule fires on an identifier that does not resolve to a string.
public indirect enum IdentifierExpression: Hashable, Codable, Sendable {
  /// A string literal without interpolation.
  case literal(String)
  /// A reference to a constant: `reuseID`, `Cell.reuseID`, `Constants.Cells.photo`, `self.cellID`.
  /// `path` is the dotted path as written (without a leading `self`).
  case reference(path: [String])
  /// A name derived from a type: `String(describing: X.self)`, `"\(X.self)"`, `String(describing: self)` in a
  /// static member of X.
  case typeName(String)
  /// An enum case's raw value: `CellID.photo.rawValue`.
  case rawValue(enumType: String?, caseName: String)
  /// `String(describing: self)` / `"\(self)"` inside a static member: the name of the type the member is
  /// finally looked up on (used by protocol-extension defaults).
  case selfTypeName
  /// The identifier a generic helper from an extension of `UITableView`/`UICollectionView` passes to UIKit
  /// (`dequeueReusableCell(for:) as FooCell`, `register(cellType: FooCell.self)`), with its type parameter bound at
  /// the call site. The index finds the helper's body (`GenericReuseHelper`) and substitutes the bound type.
  case genericHelper(GenericHelperCall)
  /// Anything else: computed at run time, from a generic parameter, from a function call …
  case unknown
}
