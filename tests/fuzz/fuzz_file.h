/*
 * fuzz_file.h — the libFuzzer targets' input as a file: the readers take a
 * path, so the fuzzer's bytes go to a memory file (memfd) named by its
 * /proc/self/fd path; the same code reads it as a regular file on disk.
 */
#ifndef IRHW_FUZZ_FILE_H
#define IRHW_FUZZ_FILE_H

#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A memory file holding data[0..size): its descriptor (path in path), or
 * the process stops (a fuzzer harness failure, not a finding). */
static int fuzz_file(const uint8_t *data, size_t size, char *path, size_t len)
{
    int fd = memfd_create("irhw-fuzz", 0);
    if (fd < 0 || (size && write(fd, data, size) != (ssize_t)size)) {
        perror("irhw fuzz: memfd");
        abort();
    }
    snprintf(path, len, "/proc/self/fd/%d", fd);
    return fd;
}

#endif
