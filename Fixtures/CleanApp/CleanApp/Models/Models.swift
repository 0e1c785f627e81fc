import Foundation

struct Post: Hashable {
  var title: String
  var body: String
  var date: Date
  var photoURL: URL?

  var hasPhoto: Bool { photoURL != nil }
}

struct Contact: Hashable {
  var name: String
  var company: String?

  var initials: String { String(name.split(separator: " ").compactMap(\.first)) }
}

struct Message: Hashable {
  var sender: String
  var preview: String
}

struct Comment: Hashable {
  var author: String
  var text: String
}

struct User {
  var name: String
  var avatarURL: URL?
  var links: [URL]
}

struct Book: Hashable {
  var title: String
  var author: String
  var isFinished: Bool
}

struct Download: Hashable {
  var fileName: String
  var progress: Float
  var thumbnail: Post?
}

struct Product: Hashable {
  var name: String
  var price: Decimal
  var isFeatured: Bool
}
