/// What a list shows of another person's account: their names and number.
///
/// Read on its own (`LayoutStore.accountName`) where a command names many
/// people and uses nothing else of their accounts (`ping list`): the rest
/// of each account file is skipped, not decoded.
public struct AccountName: Sendable, Equatable {
    public var firstName: String
    public var lastName: String
    public var phoneNumber: String

    public init(firstName: String, lastName: String, phoneNumber: String) {
        self.firstName = firstName
        self.lastName = lastName
        self.phoneNumber = phoneNumber
    }

    public init(_ account: Account) {
        self.init(firstName: account.firstName, lastName: account.lastName, phoneNumber: account.phoneNumber)
    }

    /// As `Account.fullName`: both names, either, or the number without one.
    public var fullName: String { Self.fullName(first: firstName, last: lastName, phone: phoneNumber) }

    static func fullName(first: String, last: String, phone: String) -> String {
        // Concatenated by hand: `joined(separator:)` here runs as unspecialised
        // generic code, on the path of every `status`.
        switch (first.isEmpty, last.isEmpty) {
        case (true, true): phone
        case (false, true): first
        case (true, false): last
        case (false, false): first + " " + last
        }
    }
}
