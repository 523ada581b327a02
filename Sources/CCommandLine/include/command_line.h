// The Swift runtime's entry points for the command line, defined in
// command_line.c for the static release link (see there). The runtime
// declares them with the Swift calling convention; nothing in lifesignal
// calls them.

#ifndef LIFESIGNAL_COMMAND_LINE_H
#define LIFESIGNAL_COMMAND_LINE_H

/// argv and argc as the process received them (or as last overridden).
__attribute__((swiftcall)) char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen);

/// Replaces what `_swift_stdlib_getUnsafeArgvArgc` answers (the runtime's
/// hook for interpreters; lifesignal never calls it).
__attribute__((swiftcall)) void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc);

#endif
