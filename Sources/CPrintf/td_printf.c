#include "td_printf.h"
#include <stdio.h>

int td_printf_fixed(char *buffer, size_t size, double value, int places) {
    return snprintf(buffer, size, "%.*f", places, value);
}
