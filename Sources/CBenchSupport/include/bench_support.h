// What the bench reads from the C library that Swift's Glibc module does not export.
#ifndef FONTFIT_BENCH_SUPPORT_H
#define FONTFIT_BENCH_SUPPORT_H

#include <stddef.h>

// The bytes malloc has handed out and not had back (glibc's mallinfo2().uordblks), or 0 where
// the C library has no mallinfo2.
size_t fontfit_bench_heap_in_use(void);

#endif
