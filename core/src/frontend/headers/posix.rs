//! The C17 and POSIX headers host code includes beyond the basic C ones in
//! `headers.rs` (`strings.h`, `sys/types.h`, `sys/resource.h`, `pthread.h`,
//! `getopt.h`, …), and a few host-only libraries whose API is plain
//! declarations (`omp.h`): our own declarations, enough for the host code
//! around kernels to be read and checked. Types follow x86-64 Linux (LP64),
//! as nvcc's host compiler sees them.

/// The text of one of these headers, or `None`.
pub fn header(name: &str) -> Option<&'static str> {
    Some(match name {
        "strings.h" => STRINGS,
        "sys/types.h" => SYS_TYPES,
        "sys/stat.h" => SYS_STAT,
        "sys/resource.h" => SYS_RESOURCE,
        "sys/times.h" => SYS_TIMES,
        "sys/wait.h" => SYS_WAIT,
        "sys/mman.h" => SYS_MMAN,
        "sys/socket.h" => SYS_SOCKET,
        "sys/select.h" => SYS_SELECT,
        "sys/un.h" => SYS_UN,
        "sys/ioctl.h" => SYS_IOCTL,
        "sys/param.h" => SYS_PARAM,
        "sys/sysinfo.h" => SYS_SYSINFO,
        "sys/utsname.h" => SYS_UTSNAME,
        "sys/syscall.h" | "syscall.h" => SYSCALL,
        "sys/file.h" => SYS_FILE,
        "sched.h" => SCHED,
        "errno.h" => ERRNO,
        "ctype.h" => CTYPE,
        "getopt.h" => GETOPT,
        "inttypes.h" => INTTYPES,
        "fcntl.h" => FCNTL,
        "pthread.h" => PTHREAD,
        "semaphore.h" => SEMAPHORE,
        "signal.h" => SIGNAL,
        "memory.h" => "#pragma once\n#include <string.h>\n",
        "malloc.h" => MALLOC,
        "alloca.h" => {
            "#pragma once\n#include <stddef.h>\nextern \"C\" void *alloca(size_t size);\n"
        }
        "fenv.h" => FENV,
        "dirent.h" => DIRENT,
        "dlfcn.h" => DLFCN,
        "libgen.h" => LIBGEN,
        "locale.h" => LOCALE,
        "setjmp.h" => SETJMP,
        "wchar.h" => WCHAR,
        "wctype.h" => WCTYPE,
        "stdalign.h" | "stdnoreturn.h" | "iso646.h" | "uchar.h" | "ciso646" => "#pragma once\n",
        "termios.h" => TERMIOS,
        "poll.h" => POLL,
        "netdb.h" => NETDB,
        "netinet/in.h" => NETINET_IN,
        "arpa/inet.h" => ARPA_INET,
        "omp.h" => OMP,
        "error.h" => ERROR,
        "err.h" => ERR,
        "sys/timeb.h" => SYS_TIMEB,
        _ => return None,
    })
}

/// Every header above, for the test that includes each.
#[cfg(test)]
pub const NAMES: &[&str] = &[
    "strings.h",
    "sys/types.h",
    "sys/stat.h",
    "sys/resource.h",
    "sys/times.h",
    "sys/wait.h",
    "sys/mman.h",
    "sys/socket.h",
    "sys/select.h",
    "sys/un.h",
    "sys/ioctl.h",
    "sys/param.h",
    "sys/sysinfo.h",
    "sys/utsname.h",
    "sys/syscall.h",
    "syscall.h",
    "sys/file.h",
    "sched.h",
    "errno.h",
    "ctype.h",
    "getopt.h",
    "inttypes.h",
    "fcntl.h",
    "pthread.h",
    "semaphore.h",
    "signal.h",
    "memory.h",
    "malloc.h",
    "alloca.h",
    "fenv.h",
    "dirent.h",
    "dlfcn.h",
    "libgen.h",
    "locale.h",
    "setjmp.h",
    "wchar.h",
    "wctype.h",
    "stdalign.h",
    "stdnoreturn.h",
    "iso646.h",
    "uchar.h",
    "ciso646",
    "termios.h",
    "poll.h",
    "netdb.h",
    "netinet/in.h",
    "arpa/inet.h",
    "omp.h",
    "error.h",
    "err.h",
    "sys/timeb.h",
];

/// BSD's error reporting (`err`, `warnx`, …).
const ERR: &str = "#pragma once
#include <stdarg.h>
extern \"C\" {
void err(int status, const char *format, ...);
void errx(int status, const char *format, ...);
void warn(const char *format, ...);
void warnx(const char *format, ...);
void verr(int status, const char *format, va_list ap);
void verrx(int status, const char *format, va_list ap);
void vwarn(const char *format, va_list ap);
void vwarnx(const char *format, va_list ap);
}
";

/// The obsolete millisecond clock (`ftime`).
const SYS_TIMEB: &str = "#pragma once
#include <time.h>
struct timeb {
    time_t time;
    unsigned short millitm;
    short timezone;
    short dstflag;
};
extern \"C\" int ftime(struct timeb *tp);
";

/// glibc's error reporting (Rodinia's dwt2d includes it).
const ERROR: &str = "#pragma once
extern \"C\" {
void error(int status, int errnum, const char *format, ...);
void error_at_line(int status, int errnum, const char *file, unsigned int line, const char *format, ...);
extern void (*error_print_progname)(void);
extern unsigned int error_message_count;
extern int error_one_per_line;
}
";

const STRINGS: &str = "#pragma once
#include <stddef.h>
extern \"C\" {
int strcasecmp(const char *a, const char *b);
int strncasecmp(const char *a, const char *b, size_t n);
void bzero(void *p, size_t n);
void bcopy(const void *src, void *dst, size_t n);
int bcmp(const void *a, const void *b, size_t n);
int ffs(int i);
char *index(const char *s, int c);
char *rindex(const char *s, int c);
}
";

const SYS_TYPES: &str = "#pragma once
#include <stddef.h>
#include <stdint.h>
typedef long ssize_t;
typedef long off_t;
typedef long off64_t;
typedef int pid_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned int mode_t;
typedef unsigned long dev_t;
typedef unsigned long ino_t;
typedef unsigned long nlink_t;
typedef long blksize_t;
typedef long blkcnt_t;
typedef long time_t;
typedef long clock_t;
typedef long suseconds_t;
typedef unsigned int useconds_t;
typedef int key_t;
typedef int clockid_t;
typedef void *timer_t;
typedef char *caddr_t;
typedef unsigned char u_char;
typedef unsigned short u_short;
typedef unsigned int u_int;
typedef unsigned long u_long;
typedef unsigned char u_int8_t;
typedef unsigned short u_int16_t;
typedef unsigned int u_int32_t;
typedef unsigned long long u_int64_t;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
";

const SYS_STAT: &str = "#pragma once
#include <sys/types.h>
#include <time.h>
struct stat {
    dev_t st_dev;
    ino_t st_ino;
    nlink_t st_nlink;
    mode_t st_mode;
    uid_t st_uid;
    gid_t st_gid;
    int __pad0;
    dev_t st_rdev;
    off_t st_size;
    blksize_t st_blksize;
    blkcnt_t st_blocks;
    struct timespec st_atim;
    struct timespec st_mtim;
    struct timespec st_ctim;
    long __reserved[3];
};
#define S_IFMT 0170000
#define S_IFDIR 0040000
#define S_IFREG 0100000
#define S_ISDIR(m) (((m) & S_IFMT) == S_IFDIR)
#define S_ISREG(m) (((m) & S_IFMT) == S_IFREG)
#define S_IRWXU 0700
#define S_IRUSR 0400
#define S_IWUSR 0200
#define S_IXUSR 0100
#define S_IRWXG 070
#define S_IRGRP 040
#define S_IWGRP 020
#define S_IXGRP 010
#define S_IRWXO 07
#define S_IROTH 04
#define S_IWOTH 02
#define S_IXOTH 01
extern \"C\" {
int stat(const char *path, struct stat *buf);
int fstat(int fd, struct stat *buf);
int lstat(const char *path, struct stat *buf);
int mkdir(const char *path, mode_t mode);
int chmod(const char *path, mode_t mode);
mode_t umask(mode_t mask);
}
";

const SYS_RESOURCE: &str = "#pragma once
#include <sys/time.h>
#include <sys/types.h>
typedef unsigned long rlim_t;
struct rlimit {
    rlim_t rlim_cur;
    rlim_t rlim_max;
};
struct rusage {
    struct timeval ru_utime;
    struct timeval ru_stime;
    long ru_maxrss;
    long ru_ixrss;
    long ru_idrss;
    long ru_isrss;
    long ru_minflt;
    long ru_majflt;
    long ru_nswap;
    long ru_inblock;
    long ru_oublock;
    long ru_msgsnd;
    long ru_msgrcv;
    long ru_nsignals;
    long ru_nvcsw;
    long ru_nivcsw;
};
#define RLIMIT_CPU 0
#define RLIMIT_FSIZE 1
#define RLIMIT_DATA 2
#define RLIMIT_STACK 3
#define RLIMIT_CORE 4
#define RLIMIT_NOFILE 7
#define RLIMIT_AS 9
#define RLIM_INFINITY (~0UL)
#define RUSAGE_SELF 0
#define RUSAGE_CHILDREN (-1)
#define PRIO_PROCESS 0
#define PRIO_PGRP 1
#define PRIO_USER 2
extern \"C\" {
int getrlimit(int resource, struct rlimit *rlim);
int setrlimit(int resource, const struct rlimit *rlim);
int getrusage(int who, struct rusage *usage);
int getpriority(int which, unsigned int who);
int setpriority(int which, unsigned int who, int prio);
}
";

const SYS_TIMES: &str = "#pragma once
#include <sys/types.h>
struct tms {
    clock_t tms_utime;
    clock_t tms_stime;
    clock_t tms_cutime;
    clock_t tms_cstime;
};
extern \"C\" clock_t times(struct tms *buf);
";

const SYS_WAIT: &str = "#pragma once
#include <sys/types.h>
#define WNOHANG 1
#define WUNTRACED 2
#define WEXITSTATUS(s) (((s) & 0xff00) >> 8)
#define WTERMSIG(s) ((s) & 0x7f)
#define WIFEXITED(s) (WTERMSIG(s) == 0)
#define WIFSIGNALED(s) (((signed char)(((s) & 0x7f) + 1) >> 1) > 0)
extern \"C\" {
pid_t wait(int *status);
pid_t waitpid(pid_t pid, int *status, int options);
}
";

const SYS_MMAN: &str = "#pragma once
#include <sys/types.h>
#define PROT_NONE 0
#define PROT_READ 1
#define PROT_WRITE 2
#define PROT_EXEC 4
#define MAP_SHARED 1
#define MAP_PRIVATE 2
#define MAP_FIXED 16
#define MAP_ANONYMOUS 32
#define MAP_ANON MAP_ANONYMOUS
#define MAP_FAILED ((void *)-1)
#define MADV_NORMAL 0
#define MADV_SEQUENTIAL 2
#define MADV_WILLNEED 3
extern \"C\" {
void *mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset);
int munmap(void *addr, size_t length);
int mprotect(void *addr, size_t length, int prot);
int msync(void *addr, size_t length, int flags);
int mlock(const void *addr, size_t length);
int munlock(const void *addr, size_t length);
int madvise(void *addr, size_t length, int advice);
}
";

const SYS_SOCKET: &str = "#pragma once
#include <sys/types.h>
typedef unsigned int socklen_t;
typedef unsigned short sa_family_t;
struct sockaddr {
    sa_family_t sa_family;
    char sa_data[14];
};
#define AF_UNIX 1
#define AF_INET 2
#define AF_INET6 10
#define PF_INET AF_INET
#define SOCK_STREAM 1
#define SOCK_DGRAM 2
#define SOL_SOCKET 1
#define SO_REUSEADDR 2
extern \"C\" {
int socket(int domain, int type, int protocol);
int bind(int fd, const struct sockaddr *addr, socklen_t len);
int listen(int fd, int backlog);
int accept(int fd, struct sockaddr *addr, socklen_t *len);
int connect(int fd, const struct sockaddr *addr, socklen_t len);
ssize_t send(int fd, const void *buf, size_t n, int flags);
ssize_t recv(int fd, void *buf, size_t n, int flags);
int setsockopt(int fd, int level, int name, const void *value, socklen_t len);
int shutdown(int fd, int how);
}
";

const SYS_UN: &str = "#pragma once
#include <sys/socket.h>
struct sockaddr_un {
    sa_family_t sun_family;
    char sun_path[108];
};
";

const SYS_SELECT: &str = "#pragma once
#include <sys/time.h>
typedef struct {
    long fds_bits[16];
} fd_set;
extern \"C\" int select(int n, fd_set *r, fd_set *w, fd_set *e, struct timeval *timeout);
";

const SYS_IOCTL: &str = "#pragma once
struct winsize {
    unsigned short ws_row;
    unsigned short ws_col;
    unsigned short ws_xpixel;
    unsigned short ws_ypixel;
};
#define TIOCGWINSZ 0x5413
extern \"C\" int ioctl(int fd, unsigned long request, ...);
";

const SYS_PARAM: &str = "#pragma once
#include <limits.h>
#define MAXPATHLEN 4096
#define NBBY 8
#ifndef MIN
#define MIN(a, b) (((a) < (b)) ? (a) : (b))
#endif
#ifndef MAX
#define MAX(a, b) (((a) > (b)) ? (a) : (b))
#endif
";

const SYS_SYSINFO: &str = "#pragma once
struct sysinfo {
    long uptime;
    unsigned long loads[3];
    unsigned long totalram;
    unsigned long freeram;
    unsigned long sharedram;
    unsigned long bufferram;
    unsigned long totalswap;
    unsigned long freeswap;
    unsigned short procs;
    unsigned short pad;
    unsigned long totalhigh;
    unsigned long freehigh;
    unsigned int mem_unit;
    char _f[4];
};
extern \"C\" {
int sysinfo(struct sysinfo *info);
int get_nprocs(void);
int get_nprocs_conf(void);
}
";

const SYS_UTSNAME: &str = "#pragma once
struct utsname {
    char sysname[65];
    char nodename[65];
    char release[65];
    char version[65];
    char machine[65];
    char domainname[65];
};
extern \"C\" int uname(struct utsname *buf);
";

const SYSCALL: &str = "#pragma once
#define SYS_gettid 186
extern \"C\" long syscall(long number, ...);
";

const SYS_FILE: &str = "#pragma once
#define LOCK_SH 1
#define LOCK_EX 2
#define LOCK_NB 4
#define LOCK_UN 8
extern \"C\" int flock(int fd, int operation);
";

const SCHED: &str = "#pragma once
#include <sys/types.h>
#include <time.h>
struct sched_param {
    int sched_priority;
};
#define SCHED_OTHER 0
#define SCHED_FIFO 1
#define SCHED_RR 2
typedef struct {
    unsigned long __bits[16];
} cpu_set_t;
extern \"C\" {
int sched_yield(void);
int sched_get_priority_max(int policy);
int sched_get_priority_min(int policy);
int sched_setscheduler(pid_t pid, int policy, const struct sched_param *param);
int sched_getscheduler(pid_t pid);
int sched_setparam(pid_t pid, const struct sched_param *param);
int sched_getparam(pid_t pid, struct sched_param *param);
int sched_setaffinity(pid_t pid, size_t size, const cpu_set_t *set);
int sched_getaffinity(pid_t pid, size_t size, cpu_set_t *set);
int sched_getcpu(void);
void __sched_cpu_zero(cpu_set_t *set);
void __sched_cpu_set(int cpu, cpu_set_t *set);
void __sched_cpu_clr(int cpu, cpu_set_t *set);
int __sched_cpu_isset(int cpu, const cpu_set_t *set);
int __sched_cpu_count(const cpu_set_t *set);
}
#define CPU_SETSIZE 1024
#define CPU_ZERO(set) __sched_cpu_zero(set)
#define CPU_SET(cpu, set) __sched_cpu_set(cpu, set)
#define CPU_CLR(cpu, set) __sched_cpu_clr(cpu, set)
#define CPU_ISSET(cpu, set) __sched_cpu_isset(cpu, set)
#define CPU_COUNT(set) __sched_cpu_count(set)
";

const ERRNO: &str = "#pragma once
extern \"C\" int *__errno_location(void);
#define errno (*__errno_location())
#define EPERM 1
#define ENOENT 2
#define ESRCH 3
#define EINTR 4
#define EIO 5
#define ENXIO 6
#define E2BIG 7
#define ENOEXEC 8
#define EBADF 9
#define ECHILD 10
#define EAGAIN 11
#define EWOULDBLOCK EAGAIN
#define ENOMEM 12
#define EACCES 13
#define EFAULT 14
#define EBUSY 16
#define EEXIST 17
#define ENODEV 19
#define ENOTDIR 20
#define EISDIR 21
#define EINVAL 22
#define ENFILE 23
#define EMFILE 24
#define ENOSPC 28
#define ESPIPE 29
#define EROFS 30
#define EPIPE 32
#define EDOM 33
#define ERANGE 34
#define ENOSYS 38
#define ETIMEDOUT 110
";

const CTYPE: &str = "#pragma once
extern \"C\" {
int isalnum(int c);
int isalpha(int c);
int isblank(int c);
int iscntrl(int c);
int isdigit(int c);
int isgraph(int c);
int islower(int c);
int isprint(int c);
int ispunct(int c);
int isspace(int c);
int isupper(int c);
int isxdigit(int c);
int isascii(int c);
int tolower(int c);
int toupper(int c);
}
";

const GETOPT: &str = "#pragma once
#include <unistd.h>
struct option {
    const char *name;
    int has_arg;
    int *flag;
    int val;
};
#define no_argument 0
#define required_argument 1
#define optional_argument 2
extern \"C\" {
int getopt_long(int argc, char *const argv[], const char *optstring, const struct option *longopts, int *longindex);
int getopt_long_only(int argc, char *const argv[], const char *optstring, const struct option *longopts, int *longindex);
}
";

const INTTYPES: &str = "#pragma once
#include <stdint.h>
#define PRId8 \"d\"
#define PRId16 \"d\"
#define PRId32 \"d\"
#define PRId64 \"ld\"
#define PRIi8 \"i\"
#define PRIi16 \"i\"
#define PRIi32 \"i\"
#define PRIi64 \"li\"
#define PRIu8 \"u\"
#define PRIu16 \"u\"
#define PRIu32 \"u\"
#define PRIu64 \"lu\"
#define PRIx8 \"x\"
#define PRIx16 \"x\"
#define PRIx32 \"x\"
#define PRIx64 \"lx\"
#define PRIX32 \"X\"
#define PRIX64 \"lX\"
#define PRIo32 \"o\"
#define PRIo64 \"lo\"
#define PRIdPTR \"ld\"
#define PRIuPTR \"lu\"
#define PRIxPTR \"lx\"
#define PRIdMAX \"ld\"
#define PRIuMAX \"lu\"
#define SCNd32 \"d\"
#define SCNd64 \"ld\"
#define SCNu32 \"u\"
#define SCNu64 \"lu\"
#define SCNx32 \"x\"
#define SCNx64 \"lx\"
typedef struct {
    long quot;
    long rem;
} imaxdiv_t;
extern \"C\" {
intmax_t imaxabs(intmax_t n);
imaxdiv_t imaxdiv(intmax_t a, intmax_t b);
intmax_t strtoimax(const char *s, char **end, int base);
uintmax_t strtoumax(const char *s, char **end, int base);
}
";

const FCNTL: &str = "#pragma once
#include <sys/types.h>
#define O_RDONLY 0
#define O_WRONLY 1
#define O_RDWR 2
#define O_CREAT 0100
#define O_EXCL 0200
#define O_TRUNC 01000
#define O_APPEND 02000
#define O_NONBLOCK 04000
#define O_DIRECT 040000
#define O_SYNC 04010000
#define F_GETFL 3
#define F_SETFL 4
extern \"C\" {
int open(const char *path, int flags, ...);
int creat(const char *path, mode_t mode);
int fcntl(int fd, int cmd, ...);
int posix_fadvise(int fd, off_t offset, off_t len, int advice);
}
";

const PTHREAD: &str = "#pragma once
#include <sys/types.h>
#include <sched.h>
#include <time.h>
typedef unsigned long pthread_t;
typedef union {
    char __size[56];
    long __align;
} pthread_attr_t;
typedef union {
    char __size[40];
    long __align;
} pthread_mutex_t;
typedef union {
    char __size[4];
    int __align;
} pthread_mutexattr_t;
typedef union {
    char __size[48];
    long long __align;
} pthread_cond_t;
typedef union {
    char __size[4];
    int __align;
} pthread_condattr_t;
typedef union {
    char __size[32];
    long __align;
} pthread_barrier_t;
typedef union {
    char __size[4];
    int __align;
} pthread_barrierattr_t;
typedef union {
    char __size[56];
    long __align;
} pthread_rwlock_t;
typedef union {
    char __size[8];
    long __align;
} pthread_rwlockattr_t;
typedef volatile int pthread_spinlock_t;
typedef unsigned int pthread_key_t;
typedef int pthread_once_t;
#define PTHREAD_MUTEX_INITIALIZER { { 0 } }
#define PTHREAD_COND_INITIALIZER { { 0 } }
#define PTHREAD_RWLOCK_INITIALIZER { { 0 } }
#define PTHREAD_ONCE_INIT 0
#define PTHREAD_BARRIER_SERIAL_THREAD (-1)
#define PTHREAD_CREATE_JOINABLE 0
#define PTHREAD_CREATE_DETACHED 1
#define PTHREAD_SCOPE_SYSTEM 0
#define PTHREAD_PROCESS_PRIVATE 0
#define PTHREAD_PROCESS_SHARED 1
extern \"C\" {
int pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *), void *arg);
int pthread_join(pthread_t thread, void **result);
int pthread_detach(pthread_t thread);
void pthread_exit(void *result);
pthread_t pthread_self(void);
int pthread_equal(pthread_t a, pthread_t b);
int pthread_attr_init(pthread_attr_t *attr);
int pthread_attr_destroy(pthread_attr_t *attr);
int pthread_attr_setdetachstate(pthread_attr_t *attr, int state);
int pthread_attr_setscope(pthread_attr_t *attr, int scope);
int pthread_attr_setstacksize(pthread_attr_t *attr, size_t size);
int pthread_setaffinity_np(pthread_t thread, size_t size, const cpu_set_t *set);
int pthread_getaffinity_np(pthread_t thread, size_t size, cpu_set_t *set);
int pthread_mutex_init(pthread_mutex_t *mutex, const pthread_mutexattr_t *attr);
int pthread_mutex_destroy(pthread_mutex_t *mutex);
int pthread_mutex_lock(pthread_mutex_t *mutex);
int pthread_mutex_trylock(pthread_mutex_t *mutex);
int pthread_mutex_unlock(pthread_mutex_t *mutex);
int pthread_cond_init(pthread_cond_t *cond, const pthread_condattr_t *attr);
int pthread_cond_destroy(pthread_cond_t *cond);
int pthread_cond_wait(pthread_cond_t *cond, pthread_mutex_t *mutex);
int pthread_cond_timedwait(pthread_cond_t *cond, pthread_mutex_t *mutex, const struct timespec *abstime);
int pthread_cond_signal(pthread_cond_t *cond);
int pthread_cond_broadcast(pthread_cond_t *cond);
int pthread_barrier_init(pthread_barrier_t *barrier, const pthread_barrierattr_t *attr, unsigned count);
int pthread_barrier_destroy(pthread_barrier_t *barrier);
int pthread_barrier_wait(pthread_barrier_t *barrier);
int pthread_rwlock_init(pthread_rwlock_t *lock, const pthread_rwlockattr_t *attr);
int pthread_rwlock_destroy(pthread_rwlock_t *lock);
int pthread_rwlock_rdlock(pthread_rwlock_t *lock);
int pthread_rwlock_wrlock(pthread_rwlock_t *lock);
int pthread_rwlock_unlock(pthread_rwlock_t *lock);
int pthread_spin_init(pthread_spinlock_t *lock, int shared);
int pthread_spin_destroy(pthread_spinlock_t *lock);
int pthread_spin_lock(pthread_spinlock_t *lock);
int pthread_spin_unlock(pthread_spinlock_t *lock);
int pthread_key_create(pthread_key_t *key, void (*destructor)(void *));
void *pthread_getspecific(pthread_key_t key);
int pthread_setspecific(pthread_key_t key, const void *value);
int pthread_once(pthread_once_t *once, void (*init)(void));
int pthread_cancel(pthread_t thread);
}
";

const SEMAPHORE: &str = "#pragma once
#include <time.h>
typedef union {
    char __size[32];
    long __align;
} sem_t;
extern \"C\" {
int sem_init(sem_t *sem, int shared, unsigned value);
int sem_destroy(sem_t *sem);
int sem_wait(sem_t *sem);
int sem_trywait(sem_t *sem);
int sem_post(sem_t *sem);
int sem_getvalue(sem_t *sem, int *value);
}
";

const SIGNAL: &str = "#pragma once
#include <sys/types.h>
typedef int sig_atomic_t;
typedef void (*sighandler_t)(int);
typedef struct {
    unsigned long __val[16];
} sigset_t;
struct sigaction {
    sighandler_t sa_handler;
    sigset_t sa_mask;
    int sa_flags;
    void (*sa_restorer)(void);
};
#define SIG_DFL ((sighandler_t)0)
#define SIG_IGN ((sighandler_t)1)
#define SIG_ERR ((sighandler_t)-1)
#define SIGHUP 1
#define SIGINT 2
#define SIGQUIT 3
#define SIGILL 4
#define SIGTRAP 5
#define SIGABRT 6
#define SIGBUS 7
#define SIGFPE 8
#define SIGKILL 9
#define SIGUSR1 10
#define SIGSEGV 11
#define SIGUSR2 12
#define SIGPIPE 13
#define SIGALRM 14
#define SIGTERM 15
#define SIGCHLD 17
#define SA_RESTART 0x10000000
extern \"C\" {
sighandler_t signal(int sig, sighandler_t handler);
int raise(int sig);
int kill(pid_t pid, int sig);
int sigaction(int sig, const struct sigaction *act, struct sigaction *old);
int sigemptyset(sigset_t *set);
int sigfillset(sigset_t *set);
int sigaddset(sigset_t *set, int sig);
unsigned alarm(unsigned seconds);
}
";

const MALLOC: &str = "#pragma once
#include <stdlib.h>
extern \"C\" {
void *memalign(size_t alignment, size_t size);
void *valloc(size_t size);
void *pvalloc(size_t size);
size_t malloc_usable_size(void *p);
int malloc_trim(size_t pad);
}
";

const FENV: &str = "#pragma once
typedef struct {
    unsigned short __control_word;
    unsigned short __glibc_reserved1;
    unsigned short __status_word;
    unsigned short __glibc_reserved2;
    unsigned short __tags;
    unsigned short __glibc_reserved3;
    unsigned int __eip;
    unsigned short __cs_selector;
    unsigned int __opcode : 11;
    unsigned int __glibc_reserved4 : 5;
    unsigned int __data_offset;
    unsigned short __data_selector;
    unsigned short __glibc_reserved5;
    unsigned int __mxcsr;
} fenv_t;
typedef unsigned short fexcept_t;
#define FE_INVALID 0x01
#define FE_DIVBYZERO 0x04
#define FE_OVERFLOW 0x08
#define FE_UNDERFLOW 0x10
#define FE_INEXACT 0x20
#define FE_ALL_EXCEPT 0x3d
#define FE_TONEAREST 0
#define FE_DOWNWARD 0x400
#define FE_UPWARD 0x800
#define FE_TOWARDZERO 0xc00
extern \"C\" {
int feclearexcept(int excepts);
int fegetexceptflag(fexcept_t *flag, int excepts);
int feraiseexcept(int excepts);
int fesetexceptflag(const fexcept_t *flag, int excepts);
int fetestexcept(int excepts);
int fegetround(void);
int fesetround(int mode);
int fegetenv(fenv_t *env);
int feholdexcept(fenv_t *env);
int fesetenv(const fenv_t *env);
int feupdateenv(const fenv_t *env);
}
";

const DIRENT: &str = "#pragma once
#include <sys/types.h>
typedef struct __dirstream DIR;
struct dirent {
    ino_t d_ino;
    off_t d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[256];
};
#define DT_UNKNOWN 0
#define DT_DIR 4
#define DT_REG 8
extern \"C\" {
DIR *opendir(const char *name);
struct dirent *readdir(DIR *dir);
int closedir(DIR *dir);
void rewinddir(DIR *dir);
}
";

const DLFCN: &str = "#pragma once
#define RTLD_LAZY 1
#define RTLD_NOW 2
#define RTLD_GLOBAL 0x100
#define RTLD_LOCAL 0
extern \"C\" {
void *dlopen(const char *file, int mode);
void *dlsym(void *handle, const char *name);
int dlclose(void *handle);
char *dlerror(void);
}
";

const LIBGEN: &str = "#pragma once
extern \"C\" {
char *basename(char *path);
char *dirname(char *path);
}
";

const LOCALE: &str = "#pragma once
#include <stddef.h>
struct lconv {
    char *decimal_point;
    char *thousands_sep;
    char *grouping;
    char *int_curr_symbol;
    char *currency_symbol;
    char *mon_decimal_point;
    char *mon_thousands_sep;
    char *mon_grouping;
    char *positive_sign;
    char *negative_sign;
};
#define LC_CTYPE 0
#define LC_NUMERIC 1
#define LC_TIME 2
#define LC_COLLATE 3
#define LC_MONETARY 4
#define LC_MESSAGES 5
#define LC_ALL 6
extern \"C\" {
char *setlocale(int category, const char *locale);
struct lconv *localeconv(void);
}
";

const SETJMP: &str = "#pragma once
typedef long jmp_buf[25];
typedef long sigjmp_buf[25];
extern \"C\" {
int setjmp(jmp_buf env);
void longjmp(jmp_buf env, int value);
int sigsetjmp(sigjmp_buf env, int save);
void siglongjmp(sigjmp_buf env, int value);
}
";

const WCHAR: &str = "#pragma once
#include <stddef.h>
#include <stdio.h>
typedef unsigned int wint_t;
typedef struct {
    int __count;
    unsigned int __value;
} mbstate_t;
#define WEOF (0xffffffffu)
extern \"C\" {
size_t wcslen(const wchar_t *s);
int wcscmp(const wchar_t *a, const wchar_t *b);
wchar_t *wcscpy(wchar_t *dst, const wchar_t *src);
size_t mbstowcs(wchar_t *dst, const char *src, size_t n);
size_t wcstombs(char *dst, const wchar_t *src, size_t n);
int wprintf(const wchar_t *format, ...);
int swprintf(wchar_t *s, size_t n, const wchar_t *format, ...);
}
";

const WCTYPE: &str = "#pragma once
#include <wchar.h>
extern \"C\" {
int iswalpha(wint_t c);
int iswdigit(wint_t c);
int iswspace(wint_t c);
wint_t towlower(wint_t c);
wint_t towupper(wint_t c);
}
";

const TERMIOS: &str = "#pragma once
typedef unsigned int tcflag_t;
typedef unsigned char cc_t;
typedef unsigned int speed_t;
struct termios {
    tcflag_t c_iflag;
    tcflag_t c_oflag;
    tcflag_t c_cflag;
    tcflag_t c_lflag;
    cc_t c_line;
    cc_t c_cc[32];
    speed_t c_ispeed;
    speed_t c_ospeed;
};
#define ICANON 2
#define ECHO 8
#define TCSANOW 0
extern \"C\" {
int tcgetattr(int fd, struct termios *t);
int tcsetattr(int fd, int actions, const struct termios *t);
}
";

const POLL: &str = "#pragma once
struct pollfd {
    int fd;
    short events;
    short revents;
};
typedef unsigned long nfds_t;
#define POLLIN 1
#define POLLOUT 4
extern \"C\" int poll(struct pollfd *fds, nfds_t n, int timeout);
";

const NETINET_IN: &str = "#pragma once
#include <stdint.h>
#include <sys/socket.h>
typedef uint16_t in_port_t;
typedef uint32_t in_addr_t;
struct in_addr {
    in_addr_t s_addr;
};
struct sockaddr_in {
    sa_family_t sin_family;
    in_port_t sin_port;
    struct in_addr sin_addr;
    unsigned char sin_zero[8];
};
#define INADDR_ANY ((in_addr_t)0)
#define IPPROTO_TCP 6
#define IPPROTO_UDP 17
extern \"C\" {
uint16_t htons(uint16_t v);
uint16_t ntohs(uint16_t v);
uint32_t htonl(uint32_t v);
uint32_t ntohl(uint32_t v);
}
";

const ARPA_INET: &str = "#pragma once
#include <netinet/in.h>
extern \"C\" {
in_addr_t inet_addr(const char *s);
char *inet_ntoa(struct in_addr a);
int inet_pton(int family, const char *src, void *dst);
const char *inet_ntop(int family, const void *src, char *dst, socklen_t size);
}
";

const NETDB: &str = "#pragma once
#include <netinet/in.h>
struct hostent {
    char *h_name;
    char **h_aliases;
    int h_addrtype;
    int h_length;
    char **h_addr_list;
};
struct addrinfo {
    int ai_flags;
    int ai_family;
    int ai_socktype;
    int ai_protocol;
    socklen_t ai_addrlen;
    struct sockaddr *ai_addr;
    char *ai_canonname;
    struct addrinfo *ai_next;
};
extern \"C\" {
struct hostent *gethostbyname(const char *name);
int getaddrinfo(const char *node, const char *service, const struct addrinfo *hints, struct addrinfo **res);
void freeaddrinfo(struct addrinfo *res);
}
";

/// OpenMP's runtime API: host code calls it around kernels (the pragmas
/// themselves are ignored, as for a host compiler without -fopenmp).
const OMP: &str = "#pragma once
typedef struct {
    void *_lk;
} omp_lock_t;
typedef struct {
    void *_lk;
} omp_nest_lock_t;
typedef enum omp_sched_t {
    omp_sched_static = 1,
    omp_sched_dynamic = 2,
    omp_sched_guided = 3,
    omp_sched_auto = 4
} omp_sched_t;
extern \"C\" {
void omp_set_num_threads(int n);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
int omp_get_thread_num(void);
int omp_get_num_procs(void);
int omp_in_parallel(void);
void omp_set_dynamic(int flag);
int omp_get_dynamic(void);
void omp_set_nested(int flag);
int omp_get_nested(void);
void omp_set_schedule(omp_sched_t kind, int chunk);
double omp_get_wtime(void);
double omp_get_wtick(void);
void omp_init_lock(omp_lock_t *lock);
void omp_destroy_lock(omp_lock_t *lock);
void omp_set_lock(omp_lock_t *lock);
void omp_unset_lock(omp_lock_t *lock);
int omp_test_lock(omp_lock_t *lock);
int omp_get_num_devices(void);
int omp_get_device_num(void);
}
";
