import LifeSignalCore
import ZoneInfoFiles

/// This machine's time zone, as `TZ` or `/etc/localtime` sets it.
public enum MachineZone {
    /// The name of this machine's zone; nil when it has none (a POSIX TZ
    /// string, a copied file) or cannot be read: an account then keeps none
    /// until a sign-in elsewhere or `settings set time-zone` gives it one.
    public static func name(_ c: AppSession) -> String? {
        (try? SystemZoneInfo.catalog(fileSystem: c.env.fileSystem).machineZone(variable: c.env.variable("TZ")))?.name?.rawValue
    }

    /// The zone named `text`, once the system's database knows it.
    public static func known(_ text: String, _ c: AppSession) throws -> ZoneName {
        let name = try ZoneName(validating: text)
        _ = try SystemZoneInfo.catalog(fileSystem: c.env.fileSystem).rules(named: name)
        return name
    }
}
