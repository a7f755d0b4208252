/* MJK_API marks what libmjk.so exports; the library is built with
 * -fvisibility=hidden, so everything else stays inside it. C and C++. */
#ifndef MJK_EXPORT_H
#define MJK_EXPORT_H

#if defined(_WIN32)
#define MJK_API
#elif defined(__GNUC__) || defined(__clang__)
#define MJK_API __attribute__((visibility("default")))
#else
#define MJK_API
#endif

#endif /* MJK_EXPORT_H */
