// Nothing to compile: the module only declares libFuzzer's driver (include/libfuzzer.h).
#include "libfuzzer.h"
