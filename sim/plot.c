/*
 * plot.c — gnuplot's SVGs for the workloads and the paper figures: the
 * data and the script beside the SVG, the SVG renamed into place only once
 * gnuplot wrote it whole (sim/plot.h).
 */
#include "plot.h"

#include "irhw.h"

#include <unistd.h>

int irhw_gnuplot_svg(const char *svg, const char *data_text, const char *script_body, char *err,
                     size_t errlen)
{
    char dat[4200], gp[4200], log[4200], tmp[4200];
    snprintf(dat, sizeof dat, "%.4000s.dat", svg);
    snprintf(gp, sizeof gp, "%.4000s.gp", svg);
    snprintf(log, sizeof log, "%.4000s.log", svg);
    irhw_tmp_name(svg, tmp, sizeof tmp); /* renamed to svg once whole */
    irhw_mkdirs_for(svg);
    if (irhw_write_file(dat, data_text, err, errlen))
        return -1;
    irhw_out *f = irhw_out_open(gp, err, errlen);
    if (!f)
        return -1;
    irhw_out_printf(f,
                    "set terminal svg size 800,420 font 'Sans,11' background rgb 'white'\n"
                    "set output '%s'\nset grid\nset key outside right\n",
                    tmp);
    fprintf(irhw_out_file(f), script_body, dat, dat, dat, dat, dat, dat, dat, dat);
    if (irhw_out_commit(f, err, errlen))
        return -1;
    char *argv[] = {"gnuplot", gp, NULL};
    int slot = irhw_signal_file(tmp, IRHW_ON_SIGNAL_REMOVE);
    int rc = irhw_run(argv, log);
    if (rc) {
        unlink(tmp);
        irhw_signal_forget(slot);
        return irhw_err(err, errlen, "gnuplot failed (exit %d) on %s: see %s%s", rc, gp, log,
                        rc == 127 ? " (install the Debian package gnuplot-nox)" : "");
    }
    rc = irhw_adopt(tmp, svg, "</svg>", "gnuplot", err, errlen);
    irhw_signal_forget(slot);
    return rc;
}
