/// The subset of SARIF 2.1.0 that tablelint writes, as `Encodable` values. Optional properties are omitted when
/// nil, so every object stays valid against the official schema.
struct SARIFLog: Encodable {
  static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

  var schema = schemaURI
  var version = "2.1.0"
  var runs: [Run]

  enum CodingKeys: String, CodingKey {
    case schema = "$schema"
    case version, runs
  }

  struct Run: Encodable {
    var tool: Tool
    /// `%SRCROOT%` → the current directory, so relative artifact URIs resolve.
    var originalUriBaseIds: [String: ArtifactLocation]?
    var columnKind: String
    var results: [Result]
  }

  struct Tool: Encodable {
    var driver: ToolComponent
  }

  struct ToolComponent: Encodable {
    var name: String
    var version: String
    var informationUri: String?
    var rules: [ReportingDescriptor]
  }

  struct ReportingDescriptor: Encodable {
    var id: String
    var name: String
    var shortDescription: Message
    var defaultConfiguration: Configuration
  }

  struct Configuration: Encodable {
    var level: String
  }

  struct Message: Encodable {
    var text: String
  }

  struct Result: Encodable {
    var ruleId: String
    var ruleIndex: Int?
    var level: String
    var message: Message
    var locations: [Location]
    var relatedLocations: [Location]?
  }

  struct Location: Encodable {
    var id: Int?
    var physicalLocation: PhysicalLocation
    var message: Message?
  }

  struct PhysicalLocation: Encodable {
    var artifactLocation: ArtifactLocation
    var region: Region
  }

  struct ArtifactLocation: Encodable {
    var uri: String
    var uriBaseId: String?
  }

  struct Region: Encodable {
    var startLine: Int
    var startColumn: Int
    var endLine: Int?
    var endColumn: Int?
  }
}
