#ifndef TD_PRINTF_H
#define TD_PRINTF_H
#include <stddef.h>

/// snprintf(buffer, size, "%.*f", places, value): called from Swift without
/// building a va_list (Swift's CVarArg boxing cost 2,600 instructions a
/// number, issue 31). Returns what snprintf returns.
int td_printf_fixed(char *buffer, size_t size, double value, int places);

#endif
