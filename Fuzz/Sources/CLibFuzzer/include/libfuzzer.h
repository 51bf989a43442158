// libFuzzer's driver, for fuzz targets whose executable has its own `main` (SwiftPM gives every
// executable target one): the toolchain's clang runtime (libclang_rt.fuzzer) defines it, and
// `-sanitize=fuzzer` links that runtime.
#ifndef FONTFIT_LIBFUZZER_H
#define FONTFIT_LIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer as its own `main` would, with `argc` and `argv`, on `callback`: the target's
/// test of one input, which returns 0. Returns the exit status.
int LLVMFuzzerRunDriver(
    int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
