// libpng reports errors by longjmp, which Swift cannot catch: this file keeps the setjmp and
// the whole write in C, and hands Swift a status and a message.
// POSIX 2008 and getrandom(2), whatever C standard the compiler is told to use.
#define _GNU_SOURCE
#include "fontfit_png.h"

#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <png.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

// Bytes go to a file descriptor through a buffer of our own (png_set_write_fn), so a failed
// write(2), fsync(2) or close(2) is reported with its errno ("No space left on device"), not
// as libpng's bare "Write Error".
struct fontfit_png_sink {
  int descriptor;
  // The errno of the first failed write; 0 while every write succeeded.
  int error_number;
  size_t used;
  unsigned char buffer[1 << 16];
};

struct fontfit_png_context {
  char *message;
  size_t size;
  struct fontfit_png_sink *sink;
};

static void fontfit_png_on_error(png_structp png, png_const_charp message) {
  struct fontfit_png_context *context = png_get_error_ptr(png);
  if (context != NULL && context->size > 0) {
    if (context->sink != NULL && context->sink->error_number != 0) {
      snprintf(context->message, context->size, "cannot write the file: %s",
               strerror(context->sink->error_number));
    } else {
      snprintf(context->message, context->size, "libpng: %s", message);
    }
  }
  png_longjmp(png, 1);
}

static void fontfit_png_on_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

// Writes the sink's buffer out, retrying after interruptions and short writes; 0 on success,
// else -1 with the errno kept in the sink.
static int fontfit_png_sink_flush(struct fontfit_png_sink *sink) {
  size_t done = 0;
  while (done < sink->used) {
    ssize_t written = write(sink->descriptor, sink->buffer + done, sink->used - done);
    if (written < 0) {
      if (errno == EINTR) continue;
      sink->error_number = errno;
      return -1;
    }
    if (written == 0) {
      sink->error_number = EIO;
      return -1;
    }
    done += (size_t)written;
  }
  sink->used = 0;
  return 0;
}

static void fontfit_png_write_data(png_structp png, png_bytep data, size_t length) {
  struct fontfit_png_sink *sink = png_get_io_ptr(png);
  while (length > 0) {
    size_t room = sizeof sink->buffer - sink->used;
    size_t part = length < room ? length : room;
    memcpy(sink->buffer + sink->used, data, part);
    sink->used += part;
    data += part;
    length -= part;
    if (sink->used == sizeof sink->buffer && fontfit_png_sink_flush(sink) != 0) {
      png_error(png, "Write Error");
    }
  }
}

static void fontfit_png_flush_data(png_structp png) {
  struct fontfit_png_sink *sink = png_get_io_ptr(png);
  if (fontfit_png_sink_flush(sink) != 0) png_error(png, "Write Error");
}

int fontfit_png_write_to_descriptor(int descriptor, const uint8_t *pixels, uint32_t width,
                                    uint32_t height, size_t bytes_per_row, char *error,
                                    size_t error_size) {
  if (error_size > 0) error[0] = '\0';
  struct fontfit_png_sink *sink = malloc(sizeof *sink);
  if (sink == NULL) {
    snprintf(error, error_size, "out of memory");
    return -1;
  }
  sink->descriptor = descriptor;
  sink->error_number = 0;
  sink->used = 0;
  struct fontfit_png_context context = {error, error_size, sink};
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context,
                                            fontfit_png_on_error, fontfit_png_on_warning);
  png_infop info = png == NULL ? NULL : png_create_info_struct(png);
  if (png == NULL || info == NULL) {
    snprintf(error, error_size, "libpng: out of memory");
    png_destroy_write_struct(&png, NULL);
    free(sink);
    return -1;
  }
  // Volatile: read after a longjmp back here.
  volatile int status = -1;
  if (setjmp(png_jmpbuf(png)) == 0) {
    png_set_write_fn(png, sink, fontfit_png_write_data, fontfit_png_flush_data);
    // libpng refuses rows over a million pixels unless told otherwise; callers bound images.
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_set_compression_level(png, 9);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_ALL_FILTERS);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (uint32_t row = 0; row < height; row++) {
      png_write_row(png, pixels + (size_t)row * bytes_per_row);
    }
    png_write_end(png, NULL);
    fontfit_png_flush_data(png);
    status = 0;
  }
  png_destroy_write_struct(&png, &info);
  free(sink);
  return status;
}

// The temporary file's name: "." + the final name + "." + random characters + ".tmp".
#define FONTFIT_PNG_RANDOM_LENGTH 10
#define FONTFIT_PNG_CREATE_ATTEMPTS 100
_Static_assert(FONTFIT_PNG_TEMPORARY_NAME_EXTRA == 1 + 1 + FONTFIT_PNG_RANDOM_LENGTH + 4,
               "the header's count of the temporary name's bytes");
_Static_assert(FONTFIT_PNG_LONGEST_NAME == NAME_MAX - FONTFIT_PNG_TEMPORARY_NAME_EXTRA,
               "the header's longest name");

// Fills `out` with FONTFIT_PNG_RANDOM_LENGTH characters of [A-Za-z0-9_-] from getrandom(2).
// Without it (an old kernel, a seccomp filter) the clock and a counter stand in: O_EXCL still
// makes the name safe, only less unpredictable.
static void fontfit_png_random_name(char out[FONTFIT_PNG_RANDOM_LENGTH + 1]) {
  static const char alphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
  unsigned char bytes[FONTFIT_PNG_RANDOM_LENGTH];
  size_t got = 0;
  while (got < sizeof bytes) {
    ssize_t count = getrandom(bytes + got, sizeof bytes - got, 0);
    if (count < 0 && errno == EINTR) continue;
    if (count <= 0) break;
    got += (size_t)count;
  }
  if (got < sizeof bytes) {
    static _Atomic unsigned long counter;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    unsigned long long mix = ((unsigned long long)now.tv_nsec << 20) ^ (unsigned long long)now.tv_sec ^
                             ((unsigned long long)getpid() << 40) ^ atomic_fetch_add(&counter, 1);
    for (size_t index = got; index < sizeof bytes; index++) {
      mix = mix * 6364136223846793005ULL + 1442695040888963407ULL;
      bytes[index] = (unsigned char)(mix >> 56);
    }
  }
  for (size_t index = 0; index < sizeof bytes; index++) out[index] = alphabet[bytes[index] & 63];
  out[FONTFIT_PNG_RANDOM_LENGTH] = '\0';
}

int fontfit_png_write(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height,
                      size_t bytes_per_row, char *error, size_t error_size) {
  if (error_size > 0) error[0] = '\0';
  const char *slash = strrchr(path, '/');
  size_t directory_length = slash == NULL ? 0 : (size_t)(slash - path) + 1;
  const char *name = path + directory_length;
  size_t name_length = strlen(name);
  if (name_length == 0) {
    snprintf(error, error_size, "the file name is empty");
    return -1;
  }
  if (name_length > FONTFIT_PNG_LONGEST_NAME) {
    snprintf(error, error_size,
             "the file name is %zu bytes, more than %d (a file name may have %d, and the "
             "temporary name adds %d)",
             name_length, FONTFIT_PNG_LONGEST_NAME, NAME_MAX, FONTFIT_PNG_TEMPORARY_NAME_EXTRA);
    return -1;
  }
  char temporary[PATH_MAX];
  if (strlen(path) + FONTFIT_PNG_TEMPORARY_NAME_EXTRA >= sizeof temporary) {
    snprintf(error, error_size, "the path is longer than %d bytes", PATH_MAX - 1);
    return -1;
  }
  // A new file at a name nobody can predict: O_EXCL fails on anything already there (a
  // planted symbolic link included, dangling or not), and O_NOFOLLOW makes sure no link is
  // followed. Mode 0644, less the umask.
  int descriptor = -1;
  for (int attempt = 0; attempt < FONTFIT_PNG_CREATE_ATTEMPTS && descriptor < 0; attempt++) {
    char random[FONTFIT_PNG_RANDOM_LENGTH + 1];
    fontfit_png_random_name(random);
    snprintf(temporary, sizeof temporary, "%.*s.%s.%s.tmp", (int)directory_length, path, name,
             random);
    descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (descriptor < 0 && errno != EEXIST) break;
  }
  if (descriptor < 0) {
    const char *reason = errno == EEXIST ? "every name tried exists" : strerror(errno);
    // The directory without its last slash, unless it is "/"; "." for a bare name.
    int shown = directory_length > 1 ? (int)directory_length - 1 : (int)directory_length;
    snprintf(error, error_size, "cannot create a temporary file in %.*s: %s",
             shown == 0 ? 1 : shown, shown == 0 ? "." : path, reason);
    return -1;
  }
  int status = fontfit_png_write_to_descriptor(descriptor, pixels, width, height,
                                               bytes_per_row, error, error_size);
  // On disk before the rename, so a crash never leaves a final name with missing bytes.
  if (status == 0 && fsync(descriptor) != 0) {
    snprintf(error, error_size, "cannot write the file: %s", strerror(errno));
    status = -1;
  }
  if (close(descriptor) != 0 && status == 0) {
    snprintf(error, error_size, "cannot write the file: %s", strerror(errno));
    status = -1;
  }
  if (status == 0 && rename(temporary, path) != 0) {
    snprintf(error, error_size, "cannot move the written file into place: %s", strerror(errno));
    status = -1;
  }
  if (status != 0) unlink(temporary);
  return status;
}

int fontfit_png_read(const char *path, uint8_t **pixels, uint32_t *width, uint32_t *height,
                     uint64_t max_pixels, char *error, size_t error_size) {
  if (error_size > 0) error[0] = '\0';
  *pixels = NULL;
  // libpng's simplified API reports errors through the image, without longjmp.
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  if (png_image_begin_read_from_file(&image, path) == 0) {
    snprintf(error, error_size, "%s", image.message);
    return -1;
  }
  if ((uint64_t)image.width * image.height > max_pixels) {
    snprintf(error, error_size, "the image is %ux%u pixels, more than %llu", image.width,
             image.height, (unsigned long long)max_pixels);
    png_image_free(&image);
    return -1;
  }
  image.format = PNG_FORMAT_RGBA;
  size_t size = PNG_IMAGE_SIZE(image);
  uint8_t *buffer = malloc(size > 0 ? size : 1);
  if (buffer == NULL) {
    snprintf(error, error_size, "out of memory");
    png_image_free(&image);
    return -1;
  }
  if (png_image_finish_read(&image, NULL, buffer, 0, NULL) == 0) {
    snprintf(error, error_size, "%s", image.message);
    free(buffer);
    return -1;
  }
  *pixels = buffer;
  *width = image.width;
  *height = image.height;
  return 0;
}
