/* plot.h — an SVG from gnuplot, written whole or not at all (sim/plot.c). */
#ifndef IRHW_PLOT_H
#define IRHW_PLOT_H

#include <stddef.h>

/* gnuplot into svg (written whole or not at all), the data (data_text) in
 * svg.dat and the script in svg.gp beside it; script_body follows the
 * terminal and output lines and names the data file as %1$s. 0, or -1 with
 * a message naming the log. */
int irhw_gnuplot_svg(const char *svg, const char *data_text, const char *script_body, char *err,
                     size_t errlen);

#endif
