/*
 * fuzz_liberty.c — libFuzzer target of the liberty reader of `irhw area
 * --liberty` (area/liberty.c, area_filter_liberty: the library name, the
 * cells kept, flip-flops, buffer, areas), writing the filtered copy as a
 * run does. Built and run by `make fuzz`.
 */
#include "fuzz_file.h"

#include "area_int.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64], out[64], err[IRHW_ERRLEN];
    int fd = fuzz_file(data, size, path, sizeof path);
    snprintf(out, sizeof out, "/tmp/irhw-fuzz-liberty.%d.lib", (int)getpid());
    lib_info li = {0};
    area_filter_liberty(path, out, &li, err, sizeof err);
    area_strlist_free(&li.seq);
    unlink(out);
    close(fd);
    return 0;
}
