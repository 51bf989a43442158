// libpng reports errors by longjmp, which Swift cannot catch: this file keeps the setjmp and
// the whole write in C, and hands Swift a status and a message.
#include "fontfit_png.h"

#include <errno.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct fontfit_png_error {
  char *message;
  size_t size;
};

static void fontfit_png_on_error(png_structp png, png_const_charp message) {
  struct fontfit_png_error *error = png_get_error_ptr(png);
  if (error != NULL && error->size > 0) {
    snprintf(error->message, error->size, "libpng: %s", message);
  }
  png_longjmp(png, 1);
}

static void fontfit_png_on_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

int fontfit_png_write(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height,
                      size_t bytes_per_row, char *error, size_t error_size) {
  if (error_size > 0) error[0] = '\0';
  FILE *file = fopen(path, "wb");
  if (file == NULL) {
    snprintf(error, error_size, "cannot create the file: %s", strerror(errno));
    return -1;
  }
  struct fontfit_png_error context = {error, error_size};
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context,
                                            fontfit_png_on_error, fontfit_png_on_warning);
  png_infop info = png == NULL ? NULL : png_create_info_struct(png);
  if (png == NULL || info == NULL) {
    snprintf(error, error_size, "libpng: out of memory");
    png_destroy_write_struct(&png, NULL);
    fclose(file);
    return -1;
  }
  // Volatile: read after a longjmp back here.
  volatile int status = -1;
  if (setjmp(png_jmpbuf(png)) == 0) {
    png_init_io(png, file);
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
    status = 0;
  }
  png_destroy_write_struct(&png, &info);
  if (fflush(file) != 0 && status == 0) {
    snprintf(error, error_size, "cannot write the file: %s", strerror(errno));
    status = -1;
  }
  if (fclose(file) != 0 && status == 0) {
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
