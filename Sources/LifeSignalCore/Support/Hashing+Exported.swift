// SHA-256, HMAC and PBKDF2, hex and constant-time comparison live in their
// own module (`Hashing`), compiled optimised even in debug builds, and are
// part of the core's interface as they were when they lived here.
@_exported import Hashing
