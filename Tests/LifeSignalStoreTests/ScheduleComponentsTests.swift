import Testing

@testable import LifeSignalStore

/// The schedule's paths are cut at their slashes as `split(separator:)` cuts them.
struct ScheduleComponentsTests {
    @Test(arguments: ["schedule/00494000/001778400000000-a1b2c3d4-e5f6-0718-293a-4b5c6d7e8f90", "schedule/head.json",
                      "schedule//x/", "/a//b/c", "", "/", "schedule", "a/b/c/d", "zoë/東京/x"])
    func cutsAsSplitDoes(_ path: String) {
        #expect(LayoutStore.components(of: path) == path.split(separator: "/").map(String.init))
    }
}
