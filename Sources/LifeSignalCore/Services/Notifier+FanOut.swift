import FoundationEssentials

/// A notice to many people that never needs one transaction for all of
/// them: as many as the transaction carries are told at once, the rest are
/// owed on the sender's account (`FanOut`) and handed out by whoever comes
/// next, each recipient once.
extension Notifier {
    /// `fanOut(from:key:to:_:)` to everyone who watches over `account`,
    /// found as `notifyResponders` finds them.
    func fanOutToResponders(from account: inout Account, key: @autoclosure () -> String, _ draft: FeedDraft) throws -> Reach {
        let found = try store.responders(of: account.id)
        var reach = try fanOut(from: &account, key: key(), to: found.links.map(\.contactID), draft)
        reach.contactsProblem = found.problem
        return reach
    }

    /// Notifies each of `recipients` on their own while this transaction
    /// can carry notices; the rest are owed on `account` under `key` (the
    /// caller saves it) and the account is due at once, so the next
    /// transaction (this command's, or anyone's catch-up) goes on. The reach
    /// then names the fan-out as pending. `key` is made only then.
    /// `scheduling`: false when the caller schedules the account itself
    /// (`DeadlineService.nextWake` counts what a fan-out owes). `tracked`:
    /// a record of the account notes each notice (`track`), so `key` is
    /// made at once.
    func fanOut(from account: inout Account, key makeKey: @autoclosure () -> String, to recipients: [EntityID],
                _ draft: FeedDraft, scheduling: Bool = true, tracked: Bool = false) throws -> Reach {
        var reach = Reach()
        var owed: [EntityID] = []
        let madeKey = tracked ? makeKey() : nil
        store.expectNotices(to: recipients.prefix(store.remainingNotices ?? recipients.count))
        for recipient in recipients {
            guard owed.isEmpty, store.reserveNotice() else {
                owed.append(recipient)
                continue
            }
            let item = try deliverItem(recipient, draft)
            account.note(draft, to: recipient, item: item)
            if let item {
                reach.told.append(recipient)
                if let madeKey { Self.track(item, to: recipient, key: madeKey, in: &account) }
            } else {
                reach.unreachable.append(recipient)
            }
        }
        guard !owed.isEmpty else { return reach }
        let key = madeKey ?? makeKey()
        account.fanOuts.removeAll { $0.key == key }
        let done = account.fanOuts.filter(\.isDone).map(\.key)
        if done.count >= FanOut.doneKept {
            let dropped = Set(done.prefix(done.count - FanOut.doneKept + 1))
            account.fanOuts.removeAll { dropped.contains($0.key) }
        }
        account.fanOuts.append(FanOut(key: key, since: env.now, draft: draft, owed: owed, told: reach.told.count,
                                      unreachable: reach.unreachable))
        reach.pending = key
        if scheduling { try store.schedule(account.id, at: env.now) }
        return reach
    }

    /// Hands out what the account's fan-outs still owe, oldest first, as far
    /// as this transaction carries notices; a recipient whose files cannot
    /// be used is skipped and kept for the report. Returns how many were told.
    /// The recipients the fan-outs still owe, oldest first, at most `limit`.
    /// A plain array: a lazy chain's generic type, built at run time on
    /// every hand-out, cost ~0.8M instructions a `checkin`.
    static func owedFirst(_ fanOuts: [FanOut], upTo limit: Int) -> [EntityID] {
        var owed: [EntityID] = []
        for fanOut in fanOuts where !fanOut.isDone {
            for recipient in fanOut.owed {
                guard owed.count < limit else { return owed }
                owed.append(recipient)
            }
        }
        return owed
    }

    func handOut(_ account: inout Account) throws -> Int {
        var sent = 0
        let carried = store.remainingNotices ?? .max
        if account.fanOuts.contains(where: { !$0.isDone }) {
            store.expectNotices(to: Self.owedFirst(account.fanOuts, upTo: carried))
        }
        for index in account.fanOuts.indices where !account.fanOuts[index].isDone {
            var fanOut = account.fanOuts[index]
            let draft = fanOut.draft
            var taken = 0
            while taken < fanOut.owed.count, store.reserveNotice() {
                let recipient = fanOut.owed[taken]
                taken += 1
                let item = try deliverItem(recipient, draft)
                account.note(draft, to: recipient, item: item)
                if let item {
                    fanOut.told += 1
                    sent += 1
                    Self.track(item, to: recipient, key: fanOut.key, in: &account)
                } else {
                    fanOut.unreachable.append(recipient)
                }
            }
            fanOut.owed.removeFirst(taken)
            account.fanOuts[index] = fanOut
        }
        return sent
    }

    /// Notes `item`, the fan-out `key`'s notice to `recipient`, where a
    /// record of the account follows its notices one by one: a drill's
    /// report shows each responder's test notice (`DrillService.fanOutKey`).
    private static func track(_ item: FeedItem, to recipient: EntityID, key: String, in account: inout Account) {
        guard let drill = account.drill, key == DrillService.fanOutKey(drill.id) else { return }
        account.drill?.notices.append(DrillNotice(responder: recipient, item: item.id, index: item.index))
    }

    /// Where the fan-out `key` stands, after handing out what this
    /// transaction carries of it: pending while anyone is owed; once done,
    /// its record goes and the reach counts everyone it told. A record
    /// already gone (more fan-outs came since) reads as an empty reach.
    func outcome(_ account: inout Account, key: String) throws -> Reach {
        let before = account
        _ = try handOut(&account)
        guard let index = account.fanOuts.firstIndex(where: { $0.key == key }) else { return Reach() }
        let reach = account.fanOuts[index].reach
        if account.fanOuts[index].isDone { account.fanOuts.remove(at: index) }
        if account != before {
            try store.save(account)
            try store.schedule(account.id, at: DeadlineService(store: store, env: env).nextWake(for: account))
        }
        return reach
    }
}
