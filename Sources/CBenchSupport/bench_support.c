#include "bench_support.h"

#include <stdlib.h>  // defines __GLIBC__ on glibc

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
#include <malloc.h>
size_t fontfit_bench_heap_in_use(void) { return mallinfo2().uordblks; }
#else
size_t fontfit_bench_heap_in_use(void) { return 0; }
#endif
