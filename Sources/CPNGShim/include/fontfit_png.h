#ifndef FONTFIT_PNG_H
#define FONTFIT_PNG_H

#include <stddef.h>
#include <stdint.h>

/// Writes an 8-bit RGBA image (straight alpha, rows of `bytes_per_row` bytes) as a PNG file
/// at `path`: fixed compression and filters, no time stamp or text chunks, so the same pixels
/// always give the same bytes. Returns 0 on success; otherwise writes a message into
/// `error` (at most `error_size` bytes, NUL-terminated) and returns -1. The file is written
/// directly; callers write to a temporary name and rename it.
int fontfit_png_write(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height,
                      size_t bytes_per_row, char *error, size_t error_size);

/// Writes the same PNG bytes as `fontfit_png_write` to the open file descriptor `descriptor`
/// (which stays open), through a buffer of 64 KiB. A failed write(2) is reported with its
/// errno, as in "cannot write the file: No space left on device". Returns 0 on success, else
/// -1 with a message in `error`.
int fontfit_png_write_to_descriptor(int descriptor, const uint8_t *pixels, uint32_t width,
                                    uint32_t height, size_t bytes_per_row, char *error,
                                    size_t error_size);

/// Reads the PNG file at `path` as 8-bit RGBA (straight alpha) into a buffer it allocates with
/// malloc (`*pixels`, `*width` × `*height` × 4 bytes; the caller frees it). At most
/// `max_pixels` pixels are accepted. Returns 0 on success; otherwise writes a message into
/// `error` and returns -1.
int fontfit_png_read(const char *path, uint8_t **pixels, uint32_t *width, uint32_t *height,
                     uint64_t max_pixels, char *error, size_t error_size);

#endif
