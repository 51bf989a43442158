// libpng reports errors by longjmp, which Swift cannot catch: this file keeps the setjmp and
// the whole write in C, and hands Swift a status and a message.
#include "fontfit_png.h"

#include <errno.h>
#include <fcntl.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

int fontfit_png_write(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height,
                      size_t bytes_per_row, char *error, size_t error_size) {
  if (error_size > 0) error[0] = '\0';
  int descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (descriptor < 0) {
    snprintf(error, error_size, "cannot create the file: %s", strerror(errno));
    return -1;
  }
  int status = fontfit_png_write_to_descriptor(descriptor, pixels, width, height,
                                               bytes_per_row, error, error_size);
  if (close(descriptor) != 0 && status == 0) {
    snprintf(error, error_size, "cannot write the file: %s", strerror(errno));
    status = -1;
  }
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
