// libpng reports errors by longjmp, which Swift cannot catch: this file keeps the setjmp and
// the whole write in C, and hands Swift a status and a message.
// POSIX 2008 and getrandom(2), whatever C standard the compiler is told to use.
#define _GNU_SOURCE
#include "fontfit_png.h"

#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <png.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
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
    // Level 3 with the Sub filter: `demo render` of the sample took 4.6 s at level 9 with
    // every filter (three quarters of it in zlib) and takes 0.55 s so, for files as small
    // (docs/performance.md, "Pictures"). zlib is deterministic at any level.
    png_set_compression_level(png, 3);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
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
    unsigned long long mix = ((unsigned long long)now.tv_nsec << 20) ^
                             (unsigned long long)now.tv_sec ^
                             ((unsigned long long)getpid() << 40) ^
                             atomic_fetch_add(&counter, 1);
    for (size_t index = got; index < sizeof bytes; index++) {
      mix = mix * 6364136223846793005ULL + 1442695040888963407ULL;
      bytes[index] = (unsigned char)(mix >> 56);
    }
  }
  for (size_t index = 0; index < sizeof bytes; index++) out[index] = alphabet[bytes[index] & 63];
  out[FONTFIT_PNG_RANDOM_LENGTH] = '\0';
}

// The temporary files being written, for the signal handler to remove. Each slot is FREE,
// BUSY (a file is being created or moved into place, with the termination signals blocked in
// that thread) or READY (the file `path`, identified by `device` and `inode`, exists).
// Everything the handler reads is a static buffer or a lock-free atomic, so it stays
// async-signal-safe. With more writes at once than slots, the extra ones are not removed on
// a signal.
enum { FONTFIT_SLOT_FREE, FONTFIT_SLOT_BUSY, FONTFIT_SLOT_READY };

struct fontfit_png_slot {
  atomic_int state;
  dev_t device;
  ino_t inode;
  char path[PATH_MAX];
};

static struct fontfit_png_slot fontfit_png_slots[FONTFIT_PNG_SLOT_COUNT];

static const int fontfit_png_signals[] = {SIGHUP, SIGINT, SIGTERM};
#define FONTFIT_PNG_SIGNAL_COUNT (sizeof fontfit_png_signals / sizeof fontfit_png_signals[0])

static void fontfit_png_signal_set(sigset_t *set) {
  sigemptyset(set);
  for (size_t index = 0; index < FONTFIT_PNG_SIGNAL_COUNT; index++) {
    sigaddset(set, fontfit_png_signals[index]);
  }
}

// Blocks the termination signals in this thread, saving the old mask in `old`: a signal
// then waits until the slot says what exists. Another thread's handler waits for BUSY slots.
static void fontfit_png_block_signals(sigset_t *old) {
  sigset_t set;
  fontfit_png_signal_set(&set);
  pthread_sigmask(SIG_BLOCK, &set, old);
}

static void fontfit_png_restore_signals(const sigset_t *old) {
  pthread_sigmask(SIG_SETMASK, old, NULL);
}

// A FREE slot, now BUSY; NULL when all are taken.
static struct fontfit_png_slot *fontfit_png_claim_slot(void) {
  for (size_t index = 0; index < FONTFIT_PNG_SLOT_COUNT; index++) {
    int expected = FONTFIT_SLOT_FREE;
    if (atomic_compare_exchange_strong(&fontfit_png_slots[index].state, &expected,
                                       FONTFIT_SLOT_BUSY)) {
      return &fontfit_png_slots[index];
    }
  }
  return NULL;
}

static void fontfit_png_on_termination_signal(int number) {
  int saved_errno = errno;
  for (size_t index = 0; index < FONTFIT_PNG_SLOT_COUNT; index++) {
    struct fontfit_png_slot *slot = &fontfit_png_slots[index];
    // A BUSY slot belongs to a thread inside open(2) or rename(2) with the signals blocked:
    // wait for it (at most a second) to say whether a file exists.
    int state = atomic_load(&slot->state);
    for (int wait = 0; state == FONTFIT_SLOT_BUSY && wait < 1000; wait++) {
      struct timespec millisecond = {0, 1000000};
      nanosleep(&millisecond, NULL);
      state = atomic_load(&slot->state);
    }
    if (state != FONTFIT_SLOT_READY) continue;
    // Only the file this process created, never one put at the name since.
    struct stat status;
    if (lstat(slot->path, &status) == 0 && status.st_dev == slot->device &&
        status.st_ino == slot->inode) {
      unlink(slot->path);
    }
  }
  // Then end as the signal would have: the default action, raised again (it is blocked
  // while this handler runs, and delivered when it returns).
  struct sigaction default_action;
  memset(&default_action, 0, sizeof default_action);
  default_action.sa_handler = SIG_DFL;
  sigemptyset(&default_action.sa_mask);
  sigaction(number, &default_action, NULL);
  raise(number);
  errno = saved_errno;
}

void fontfit_png_remove_temporary_files_on_signals(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = fontfit_png_on_termination_signal;
  fontfit_png_signal_set(&action.sa_mask);
  for (size_t index = 0; index < FONTFIT_PNG_SIGNAL_COUNT; index++) {
    struct sigaction current;
    if (sigaction(fontfit_png_signals[index], NULL, &current) != 0) continue;
    // Ignored (nohup) or handled by the app: left alone.
    if ((current.sa_flags & SA_SIGINFO) != 0 || current.sa_handler != SIG_DFL) continue;
    sigaction(fontfit_png_signals[index], &action, NULL);
  }
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
  // followed. Mode 0644, less the umask. The file is in a slot for the signal handler from
  // before it exists (BUSY, the signals blocked here) until it is renamed or removed.
  sigset_t old_mask;
  fontfit_png_block_signals(&old_mask);
  struct fontfit_png_slot *slot = fontfit_png_claim_slot();
  int descriptor = -1;
  for (int attempt = 0; attempt < FONTFIT_PNG_CREATE_ATTEMPTS && descriptor < 0; attempt++) {
    char random[FONTFIT_PNG_RANDOM_LENGTH + 1];
    fontfit_png_random_name(random);
    snprintf(temporary, sizeof temporary, "%.*s.%s.%s.tmp", (int)directory_length, path, name,
             random);
    descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (descriptor < 0 && errno != EEXIST) break;
  }
  int open_errno = errno;
  struct stat created;
  if (slot != NULL && descriptor >= 0 && fstat(descriptor, &created) == 0) {
    memcpy(slot->path, temporary, sizeof temporary);
    slot->device = created.st_dev;
    slot->inode = created.st_ino;
    atomic_store(&slot->state, FONTFIT_SLOT_READY);
  } else if (slot != NULL) {
    atomic_store(&slot->state, FONTFIT_SLOT_FREE);
    slot = NULL;
  }
  fontfit_png_restore_signals(&old_mask);
  errno = open_errno;
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
  fontfit_png_block_signals(&old_mask);
  if (slot != NULL) atomic_store(&slot->state, FONTFIT_SLOT_BUSY);
  if (status == 0 && rename(temporary, path) != 0) {
    snprintf(error, error_size, "cannot move the written file into place: %s", strerror(errno));
    status = -1;
  }
  if (status != 0) unlink(temporary);
  if (slot != NULL) atomic_store(&slot->state, FONTFIT_SLOT_FREE);
  fontfit_png_restore_signals(&old_mask);
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
