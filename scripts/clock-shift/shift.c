// Moves the wall clock of a process tree by CLOCK_SHIFT_SECONDS (LD_PRELOAD), for `npm run test:dates`.
// Only CLOCK_REALTIME and its coarse form move; monotonic clocks (timers, timeouts) are untouched.
// It calls the kernel directly and never dlsym/malloc: workerd's tcmalloc reads the clock while it
// initialises, and libfaketime deadlocks there (its dlsym allocates; docs/decisions/0066).
#define _GNU_SOURCE
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static long long shift_seconds(void) {
  static long long shift = 0;
  static int read = 0;
  if (!read) {
    const char *value = getenv("CLOCK_SHIFT_SECONDS");
    shift = value ? atoll(value) : 0;
    read = 1;
  }
  return shift;
}

int clock_gettime(clockid_t clock, struct timespec *ts) {
  int rc = syscall(SYS_clock_gettime, clock, ts);
  if (rc == 0 && (clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE)) ts->tv_sec += shift_seconds();
  return rc;
}

int gettimeofday(struct timeval *tv, void *tz) {
  (void)tz;
  struct timespec ts;
  int rc = clock_gettime(CLOCK_REALTIME, &ts);
  if (rc == 0 && tv) {
    tv->tv_sec = ts.tv_sec;
    tv->tv_usec = ts.tv_nsec / 1000;
  }
  return rc;
}

time_t time(time_t *out) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  if (out) *out = ts.tv_sec;
  return ts.tv_sec;
}
