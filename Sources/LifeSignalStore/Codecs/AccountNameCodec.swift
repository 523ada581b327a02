import LifeSignalCore
import StoreCodecKit
import StrictJSON

/// The names and number in `account.json`, read without the rest: the
/// account's other members are skipped (still checked to be JSON), so a
/// list that names many people decodes none of their deadlines or alerts.
/// It never writes: `account.json` is written whole, as `Account`.
extension AccountName {
    /// The members read; the account's others are skipped.
    enum StoreField: UInt8, StoreFieldSet {
        case firstName, lastName, phoneNumber
        @usableFromInline
        static let names = JSONNames(["firstName", "lastName", "phoneNumber"])
    }

    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> AccountName {
        let start = reader.valueStart()
        var firstName: String?, lastName: String?, phoneNumber: String?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .firstName: firstName = try reader.readString()
            case .lastName: lastName = try reader.readString()
            case .phoneNumber: phoneNumber = try reader.readString()
            }
        }
        return AccountName(firstName: try present(firstName, StoreField.firstName, start),
                           lastName: try present(lastName, StoreField.lastName, start),
                           phoneNumber: try present(phoneNumber, StoreField.phoneNumber, start))
    }
}
