/*
 * fuzz_vcd.c — libFuzzer target of the VCD reader of `irhw power --vcd`
 * (area/power.c, irhw_vcd_check: the header, the scopes, every value
 * change). Any input must end in 0 or an error, within bounded time and
 * memory. Built and run by `make fuzz`.
 */
#include "fuzz_file.h"

#include "area.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64], err[IRHW_ERRLEN];
    int fd = fuzz_file(data, size, path, sizeof path);
    irhw_vcd_check(path, err, sizeof err);
    close(fd);
    return 0;
}
