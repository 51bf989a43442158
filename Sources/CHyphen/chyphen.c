#include "chyphen.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// The part of libhyphen's API (hyphen.h) this file calls; the dictionary is opaque here.
typedef void *(*load_function)(const char *path);
typedef void (*free_function)(void *dictionary);
typedef int (*hyphenate2_function)(
    void *dictionary, const char *word, int word_size, char *hyphens, char *hyphenated_word,
    char ***rep, int **pos, int **cut);

static struct {
  load_function load;
  free_function free;
  hyphenate2_function hyphenate2;
} library;

static pthread_once_t library_once = PTHREAD_ONCE_INIT;

static void open_library(void) {
  void *handle = dlopen("libhyphen.so.0", RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL) return;
  load_function load = (load_function)dlsym(handle, "hnj_hyphen_load");
  free_function release = (free_function)dlsym(handle, "hnj_hyphen_free");
  hyphenate2_function hyphenate2 = (hyphenate2_function)dlsym(handle, "hnj_hyphen_hyphenate2");
  if (load == NULL || release == NULL || hyphenate2 == NULL) {
    dlclose(handle);
    return;
  }
  library.load = load;
  library.free = release;
  library.hyphenate2 = hyphenate2;
}

int chyphen_available(void) {
  pthread_once(&library_once, open_library);
  return library.load != NULL;
}

void *chyphen_load(const char *path) {
  if (!chyphen_available() || path == NULL) return NULL;
  return library.load(path);
}

void chyphen_free(void *dictionary) {
  if (dictionary != NULL && chyphen_available()) library.free(dictionary);
}

int chyphen_hyphenate(void *dictionary, const char *word, int length, char *points) {
  if (length <= 0) return 0;
  memset(points, 0, (size_t)length);
  if (dictionary == NULL || !chyphen_available()) return -1;
  // libhyphen writes past the word (it asks for word_size + 5 bytes), and it searches the word
  // with strstr for the dictionary's NOHYPHEN strings, so the word it gets must end in a NUL
  // whatever the caller passed.
  char *hyphens = calloc((size_t)length + 5, 1);
  char *terminated = malloc((size_t)length + 1);
  if (hyphens == NULL || terminated == NULL) {
    free(hyphens);
    free(terminated);
    return -1;
  }
  memcpy(terminated, word, (size_t)length);
  terminated[length] = '\0';
  char **rep = NULL;
  int *pos = NULL;
  int *cut = NULL;
  int status =
      library.hyphenate2(dictionary, terminated, length, hyphens, NULL, &rep, &pos, &cut);
  if (status == 0) {
    for (int index = 0; index < length; index++) {
      int standard = rep == NULL || rep[index] == NULL;
      points[index] = (hyphens[index] & 1) && standard ? 1 : 0;
    }
  }
  if (rep != NULL) {
    for (int index = 0; index < length; index++) free(rep[index]);
    free(rep);
  }
  free(pos);
  free(cut);
  free(hyphens);
  free(terminated);
  return status == 0 ? 0 : -1;
}
