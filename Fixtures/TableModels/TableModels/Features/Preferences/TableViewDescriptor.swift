/// A screen described by an enum: each case is a row and `layout` places every case in a section.
protocol TableViewDescriptor: CaseIterable {
  static var layout: [[Self]] { get }
  static var sectionHeaders: [Int: String]? { get }
  static var sectionFooters: [Int: String]? { get }
}

extension TableViewDescriptor {
  static var sectionHeaders: [Int: String]? { nil }
  static var sectionFooters: [Int: String]? { nil }
}
