import Foundation

struct TaskItem: Hashable {
  var title: String
  var isDone: Bool
  var completedAt: Date?
}

struct Order: Hashable {
  enum Status: String { case placed, shipped, delivered }

  var number: String
  var total: Decimal
  var status: Status
}

struct Sticker: Hashable {
  var name: String
  var imageName: String
}

struct Product: Hashable {
  var name: String
  var price: Decimal
  var isOnSale: Bool
}

struct Review: Hashable {
  var author: String
  var rating: Int
  var text: String
}

struct Plan: Hashable {
  var name: String
  var monthlyPrice: Decimal
  var features: [String]
}

struct Coupon: Hashable {
  var code: String
  var expires: Date
}
