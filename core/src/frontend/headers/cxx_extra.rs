//! The rest of the C++17 standard library headers host code includes
//! (`<typeinfo>`, `<deque>`, `<list>`, `<queue>`, `<string_view>`,
//! `<filesystem>`, `<condition_variable>`, the `<cxxx>` wrappers of the C and
//! POSIX-era headers, …): declarations only, as in `cxx.rs`, enough for the
//! host code around kernels to be read and checked.

/// The text of one of these headers, or `None`.
pub fn header(name: &str) -> Option<&'static str> {
    Some(match name {
        "typeinfo" => TYPEINFO,
        "typeindex" => TYPEINDEX,
        "deque" => DEQUE,
        "list" => LIST,
        "forward_list" => FORWARD_LIST,
        "queue" => QUEUE,
        "stack" => STACK,
        "bitset" => BITSET,
        "locale" => LOCALE,
        "string_view" => STRING_VIEW,
        "filesystem" => FILESYSTEM,
        "condition_variable" => CONDITION_VARIABLE,
        "shared_mutex" => SHARED_MUTEX,
        "future" => FUTURE,
        "optional" => OPTIONAL,
        "any" => ANY,
        "valarray" => VALARRAY,
        "system_error" => SYSTEM_ERROR,
        "iosfwd" | "streambuf" | "istream_iterator" => "#pragma once\n#include <iostream>\n",
        "execution" => EXECUTION,
        "cctype" => "#pragma once\n#include <ctype.h>\nnamespace std {\nusing ::isalnum; using ::isalpha; using ::isblank; using ::iscntrl; using ::isdigit;\nusing ::isgraph; using ::islower; using ::isprint; using ::ispunct; using ::isspace;\nusing ::isupper; using ::isxdigit; using ::tolower; using ::toupper;\n}\n",
        "cerrno" => "#pragma once\n#include <errno.h>\n",
        "cinttypes" => "#pragma once\n#include <inttypes.h>\nnamespace std {\nusing ::intmax_t; using ::uintmax_t; using ::imaxdiv_t; using ::imaxabs;\nusing ::strtoimax; using ::strtoumax;\n}\n",
        "cfenv" => "#pragma once\n#include <fenv.h>\nnamespace std {\nusing ::fenv_t; using ::fexcept_t; using ::fegetround; using ::fesetround;\nusing ::feclearexcept; using ::fetestexcept; using ::feraiseexcept;\n}\n",
        "csignal" => "#pragma once\n#include <signal.h>\nnamespace std {\nusing ::sig_atomic_t; using ::signal; using ::raise;\n}\n",
        "csetjmp" => "#pragma once\n#include <setjmp.h>\nnamespace std {\nusing ::jmp_buf; using ::longjmp;\n}\n",
        "clocale" => "#pragma once\n#include <locale.h>\nnamespace std {\nusing ::lconv; using ::setlocale; using ::localeconv;\n}\n",
        "cwchar" => "#pragma once\n#include <wchar.h>\nnamespace std {\nusing ::wint_t; using ::mbstate_t; using ::wcslen; using ::wcscmp; using ::wcscpy;\n}\n",
        "cwctype" => "#pragma once\n#include <wctype.h>\n",
        "cstdbool" | "cstdalign" | "cuchar" => "#pragma once\n",
        "ctgmath" | "ccomplex" => "#pragma once\n#include <cmath>\n#include <complex>\n",
        "complex.h" => "#pragma once\n#include <complex>\n",
        _ => return None,
    })
}

/// Every header above, for the test that includes each.
#[cfg(test)]
pub const NAMES: &[&str] = &[
    "typeinfo",
    "typeindex",
    "deque",
    "list",
    "forward_list",
    "queue",
    "stack",
    "bitset",
    "locale",
    "string_view",
    "filesystem",
    "condition_variable",
    "shared_mutex",
    "future",
    "optional",
    "any",
    "valarray",
    "system_error",
    "iosfwd",
    "streambuf",
    "execution",
    "cctype",
    "cerrno",
    "cinttypes",
    "cfenv",
    "csignal",
    "csetjmp",
    "clocale",
    "cwchar",
    "cwctype",
    "cstdbool",
    "cstdalign",
    "cuchar",
    "ctgmath",
    "ccomplex",
    "complex.h",
];

const TYPEINFO: &str = "#pragma once
#include <cstddef>
#include <exception>
namespace std {
class type_info {
    const char *_name;
public:
    const char *name() const;
    bool operator==(const type_info &o) const;
    bool operator!=(const type_info &o) const;
    bool before(const type_info &o) const;
    size_t hash_code() const;
};
class bad_cast {
public:
    bad_cast();
    const char *what() const;
};
class bad_typeid {
public:
    bad_typeid();
    const char *what() const;
};
}
";

const TYPEINDEX: &str = "#pragma once
#include <typeinfo>
namespace std {
class type_index {
    const type_info *_t;
public:
    type_index(const type_info &t);
    const char *name() const;
    size_t hash_code() const;
    bool operator==(const type_index &o) const;
    bool operator<(const type_index &o) const;
};
}
";

const DEQUE: &str = "#pragma once
#include <memory>
#include <initializer_list>
namespace std {
template <class T, class A = allocator<T> > class deque {
    void *_map[10];
public:
    typedef T value_type;
    typedef size_t size_type;
    typedef T &reference;
    typedef const T &const_reference;
    deque();
    explicit deque(size_t n);
    deque(size_t n, const T &value);
    deque(initializer_list<T> values);
    size_t size() const;
    bool empty() const;
    void clear();
    void resize(size_t n);
    void push_back(const T &value);
    void push_front(const T &value);
    void pop_back();
    void pop_front();
    T &front();
    const T &front() const;
    T &back();
    const T &back() const;
    T &operator[](size_t i);
    const T &operator[](size_t i) const;
    T &at(size_t i);
};
}
";

const LIST: &str = "#pragma once
#include <memory>
#include <initializer_list>
namespace std {
template <class T, class A = allocator<T> > class list {
    void *_node[3];
public:
    typedef T value_type;
    typedef size_t size_type;
    typedef T &reference;
    typedef const T &const_reference;
    list();
    explicit list(size_t n);
    list(initializer_list<T> values);
    size_t size() const;
    bool empty() const;
    void clear();
    void push_back(const T &value);
    void push_front(const T &value);
    void pop_back();
    void pop_front();
    T &front();
    const T &front() const;
    T &back();
    const T &back() const;
    void sort();
    void reverse();
    void remove(const T &value);
    void unique();
};
}
";

const FORWARD_LIST: &str = "#pragma once
#include <memory>
#include <initializer_list>
namespace std {
template <class T, class A = allocator<T> > class forward_list {
    void *_head;
public:
    typedef T value_type;
    forward_list();
    forward_list(initializer_list<T> values);
    bool empty() const;
    void clear();
    void push_front(const T &value);
    void pop_front();
    T &front();
    void reverse();
    void sort();
};
}
";

const QUEUE: &str = "#pragma once
#include <deque>
#include <vector>
#include <functional>
namespace std {
template <class T, class C = deque<T> > class queue {
    C _c;
public:
    typedef T value_type;
    typedef size_t size_type;
    typedef C container_type;
    queue();
    size_t size() const;
    bool empty() const;
    void push(const T &value);
    void pop();
    T &front();
    const T &front() const;
    T &back();
    const T &back() const;
};
template <class T, class C = vector<T>, class P = less<T> > class priority_queue {
    C _c;
    P _p;
public:
    typedef T value_type;
    typedef size_t size_type;
    typedef C container_type;
    priority_queue();
    size_t size() const;
    bool empty() const;
    void push(const T &value);
    void pop();
    const T &top() const;
};
}
";

const STACK: &str = "#pragma once
#include <deque>
namespace std {
template <class T, class C = deque<T> > class stack {
    C _c;
public:
    typedef T value_type;
    typedef size_t size_type;
    typedef C container_type;
    stack();
    size_t size() const;
    bool empty() const;
    void push(const T &value);
    void pop();
    T &top();
    const T &top() const;
};
}
";

const BITSET: &str = "#pragma once
#include <string>
namespace std {
template <size_t N> class bitset {
    unsigned long _w[(N + 63) / 64];
public:
    bitset();
    bitset(unsigned long long v);
    bool test(size_t i) const;
    bool operator[](size_t i) const;
    bitset &set();
    bitset &set(size_t i, bool v = true);
    bitset &reset();
    bitset &reset(size_t i);
    bitset &flip();
    bitset &flip(size_t i);
    size_t count() const;
    size_t size() const;
    bool any() const;
    bool none() const;
    bool all() const;
    unsigned long to_ulong() const;
    unsigned long long to_ullong() const;
    string to_string() const;
};
}
";

const LOCALE: &str = "#pragma once
#include <clocale>
#include <string>
namespace std {
class locale {
    void *_impl;
public:
    locale();
    explicit locale(const char *name);
    locale(const locale &o);
    ~locale();
    string name() const;
    static locale classic();
    static locale global(const locale &l);
};
}
";

const STRING_VIEW: &str = "#pragma once
#include <string>
namespace std {
class string_view {
    const char *_p;
    size_t _n;
public:
    typedef char value_type;
    typedef size_t size_type;
    typedef const char *iterator;
    typedef const char *const_iterator;
    static const size_t npos = (size_t)-1;
    string_view();
    string_view(const char *s);
    string_view(const char *s, size_t n);
    string_view(const string &s);
    size_t size() const;
    size_t length() const;
    bool empty() const;
    const char *data() const;
    const char &operator[](size_t i) const;
    string_view substr(size_t pos, size_t n = npos) const;
    size_t find(string_view s, size_t pos = 0) const;
    int compare(string_view s) const;
    const char *begin() const;
    const char *end() const;
};
}
";

const FILESYSTEM: &str = "#pragma once
#include <string>
#include <system_error>
namespace std {
namespace filesystem {
class path {
    string _s;
public:
    path();
    path(const char *s);
    path(const string &s);
    string string() const;
    const char *c_str() const;
    path filename() const;
    path stem() const;
    path extension() const;
    path parent_path() const;
    bool empty() const;
    path &operator/=(const path &p);
};
path operator/(const path &a, const path &b);
bool exists(const path &p);
bool is_directory(const path &p);
bool is_regular_file(const path &p);
bool create_directory(const path &p);
bool create_directories(const path &p);
bool remove(const path &p);
unsigned long long file_size(const path &p);
path current_path();
path absolute(const path &p);
path temp_directory_path();
}
}
";

const SYSTEM_ERROR: &str = "#pragma once
#include <stdexcept>
#include <string>
namespace std {
class error_category {
public:
    const char *name() const;
};
class error_code {
    int _v;
    const error_category *_c;
public:
    error_code();
    int value() const;
    string message() const;
};
class system_error {
    error_code _e;
public:
    system_error(error_code e);
    system_error(error_code e, const char *what);
    const char *what() const;
    const error_code &code() const;
};
const error_category &system_category();
const error_category &generic_category();
}
";

const CONDITION_VARIABLE: &str = "#pragma once
#include <mutex>
#include <chrono>
namespace std {
class condition_variable {
    void *_cv[6];
public:
    condition_variable();
    ~condition_variable();
    void notify_one();
    void notify_all();
    void wait(unique_lock<mutex> &lock);
};
class condition_variable_any {
    void *_cv[8];
public:
    condition_variable_any();
    ~condition_variable_any();
    void notify_one();
    void notify_all();
};
enum class cv_status { no_timeout, timeout };
}
";

const SHARED_MUTEX: &str = "#pragma once
#include <mutex>
namespace std {
class shared_mutex {
    void *_m[7];
public:
    shared_mutex();
    ~shared_mutex();
    void lock();
    void unlock();
    bool try_lock();
    void lock_shared();
    void unlock_shared();
};
template <class M> class shared_lock {
    M *_m;
    bool _owns;
public:
    explicit shared_lock(M &m);
    ~shared_lock();
};
}
";

const FUTURE: &str = "#pragma once
#include <thread>
#include <mutex>
namespace std {
enum class launch { async = 1, deferred = 2 };
enum class future_status { ready, timeout, deferred };
template <class T> class future {
    void *_state;
public:
    future();
    T get();
    bool valid() const;
    void wait() const;
};
template <class T> class shared_future {
    void *_state;
public:
    shared_future();
    const T &get() const;
    bool valid() const;
    void wait() const;
};
template <class T> class promise {
    void *_state;
public:
    promise();
    future<T> get_future();
    void set_value(const T &value);
};
}
";

const OPTIONAL: &str = "#pragma once
#include <utility>
namespace std {
struct nullopt_t {
    explicit constexpr nullopt_t(int) {}
};
constexpr nullopt_t nullopt{0};
class bad_optional_access {
public:
    const char *what() const;
};
template <class T> class optional {
    T _v;
    bool _has;
public:
    typedef T value_type;
    optional();
    optional(nullopt_t);
    optional(const T &v);
    bool has_value() const;
    explicit operator bool() const;
    T &value();
    const T &value() const;
    T value_or(const T &d) const;
    T &operator*();
    const T &operator*() const;
    T *operator->();
    const T *operator->() const;
    void reset();
};
}
";

const ANY: &str = "#pragma once
#include <typeinfo>
namespace std {
class bad_any_cast {
public:
    const char *what() const;
};
class any {
    void *_storage[3];
    void *_manager;
public:
    any();
    any(const any &o);
    ~any();
    bool has_value() const;
    void reset();
    const type_info &type() const;
};
}
";

const VALARRAY: &str = "#pragma once
#include <cstddef>
#include <initializer_list>
namespace std {
template <class T> class valarray {
    size_t _n;
    T *_p;
public:
    typedef T value_type;
    valarray();
    explicit valarray(size_t n);
    valarray(const T &v, size_t n);
    valarray(initializer_list<T> values);
    size_t size() const;
    T &operator[](size_t i);
    const T &operator[](size_t i) const;
    T sum() const;
    T min() const;
    T max() const;
};
}
";

const EXECUTION: &str = "#pragma once
namespace std {
namespace execution {
class sequenced_policy {};
class parallel_policy {};
class parallel_unsequenced_policy {};
constexpr sequenced_policy seq{};
constexpr parallel_policy par{};
constexpr parallel_unsequenced_policy par_unseq{};
}
}
";
