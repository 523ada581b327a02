// The command line for Swift's `CommandLine`, kept from what the C library
// hands every constructor.
//
// On Linux the Swift runtime finds argv with a constructor of its own
// (CommandLine.cpp in libswiftCore): it reads /proc/self/maps with fopen,
// fgets and sscanf to walk the initial stack within known bounds, which cost
// every run of lifesignal ~56k instructions, five system calls and the page
// faults of stdio's buffer and scanf's tables. glibc calls each constructor
// with argc, argv and envp, in static and dynamic executables alike, so this
// file keeps them and defines the runtime's two entry points for the
// command line. In the static release link these definitions are seen
// first, so CommandLine.cpp.o, which defines just these two, is never taken
// from libswiftCore.a and its constructor never runs. With the shared
// runtime (debug builds) the runtime's internal definitions are the ones
// used, and these are not.

#include "command_line.h"

#include <stddef.h>

static char **kept_arguments;
static int kept_count;
static char **override_arguments;
static int override_count;

__attribute__((constructor))
static void keep_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    kept_arguments = argv;
    kept_count = argc;
}

char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    if (override_arguments != NULL) {
        *outArgLen = override_count;
        return override_arguments;
    }
    if (kept_arguments != NULL) {
        *outArgLen = kept_count;
        return kept_arguments;
    }
    // What the runtime answers when it cannot find argv: no arguments.
    static char *none[] = {NULL};
    *outArgLen = 0;
    return none;
}

void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
    override_arguments = argv;
    override_count = argc;
}
