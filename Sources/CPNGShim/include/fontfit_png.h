#ifndef FONTFIT_PNG_H
#define FONTFIT_PNG_H

#include <stddef.h>
#include <stdint.h>

/// The bytes the temporary name adds to a file's name: "." before it, then "." and ten random
/// characters and ".tmp" after it.
#define FONTFIT_PNG_TEMPORARY_NAME_EXTRA 16

/// The longest file name (the last part of a path, in bytes) `fontfit_png_write` writes:
/// NAME_MAX (255) less FONTFIT_PNG_TEMPORARY_NAME_EXTRA.
#define FONTFIT_PNG_LONGEST_NAME 239

/// The most PNG writes at once whose temporary files the signal handler removes.
#define FONTFIT_PNG_SLOT_COUNT 16

/// Writes an 8-bit RGBA image (straight alpha, rows of `bytes_per_row` bytes) as a PNG file
/// at `path`: fixed compression and filters, no time stamp or text chunks, so the same pixels
/// always give the same bytes. Returns 0 on success; otherwise writes a message into
/// `error` (at most `error_size` bytes, NUL-terminated) and returns -1.
///
/// The bytes go to a new file in the same directory, created with O_CREAT | O_EXCL |
/// O_NOFOLLOW, mode 0644 less the umask, at a name with ten characters from getrandom(2)
/// (another name is tried when one exists); it is fsync'ed, closed and renamed onto `path`.
/// A failed write removes it, so `path` is either the old file or the whole new one, and no
/// symbolic link planted in the directory is ever followed. A name longer than
/// FONTFIT_PNG_LONGEST_NAME bytes is refused before anything is created.
int fontfit_png_write(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height,
                      size_t bytes_per_row, char *error, size_t error_size);

/// Writes the same PNG bytes as `fontfit_png_write` to the open file descriptor `descriptor`
/// (which stays open), through a buffer of 64 KiB. A failed write(2) is reported with its
/// errno, as in "cannot write the file: No space left on device". Returns 0 on success, else
/// -1 with a message in `error`.
int fontfit_png_write_to_descriptor(int descriptor, const uint8_t *pixels, uint32_t width,
                                    uint32_t height, size_t bytes_per_row, char *error,
                                    size_t error_size);

/// Makes SIGHUP, SIGINT and SIGTERM remove the temporary file of every `fontfit_png_write`
/// under way (up to 16 at once), then end the process as the signal's default action would.
/// A signal that is ignored or already has a handler is left alone. SIGKILL cannot be caught:
/// after it a temporary file may remain.
void fontfit_png_remove_temporary_files_on_signals(void);

/// Reads the PNG file at `path` as 8-bit RGBA (straight alpha) into a buffer it allocates with
/// malloc (`*pixels`, `*width` × `*height` × 4 bytes; the caller frees it). At most
/// `max_pixels` pixels are accepted. Returns 0 on success; otherwise writes a message into
/// `error` and returns -1.
int fontfit_png_read(const char *path, uint8_t **pixels, uint32_t *width, uint32_t *height,
                     uint64_t max_pixels, char *error, size_t error_size);

#endif
