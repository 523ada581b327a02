import FoundationEssentials
import LifeSignalCore

/// Each account's delivery set-up in a file of its own
/// (`accounts/<id>/delivery.json`), and the store's last look by an agent
/// or `tick` (`looked.json`), which is read without joining a transaction's
/// checks: agents on many machines write it, and none of them needs the
/// others' latest.
extension LayoutStore {
    public func deliverySetup(of id: EntityID) throws -> DeliverySetup {
        try load(DeliverySetup.self, StorePaths.deliverySetup(id)) ?? DeliverySetup()
    }

    public func saveDeliverySetup(_ setup: DeliverySetup, of id: EntityID) throws {
        let path = StorePaths.deliverySetup(id)
        if setup.places.isEmpty { try remove(path) } else { try store(setup, path) }
    }

    public func lastLook() throws -> LastLook? {
        let path = StorePaths.lastLook
        guard let bytes = try files.readOutsideReadSet(path) else { return nil }
        return try codec.decode(LastLook.self, from: bytes, path: path)
    }

    public func setLastLook(_ look: LastLook) throws {
        try store(look, StorePaths.lastLook)
    }
}
