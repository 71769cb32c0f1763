/*
 * cli_output.c: what the `rouge` command prints.
 *
 *   the per-pair table   CSV (a header line, one row per pair) or JSON Lines (one object per
 *                        pair), P/R/F and the counts of every metric, or on a terminal aligned
 *                        columns of P/R/F; to --output FILE atomically
 *                        (a temporary file renamed over FILE) or to stdout
 *   the corpus summary   laid out as rouge-score users read BootstrapAggregator results, or as
 *                        ROUGE-1.5.5 prints its averages (--flavour perl); the numbers come from
 *                        cli_aggregate.c
 *
 * Numbers: the shortest decimal that reads back as the same double; in the Perl flavour with
 * rounding (its default) scores have five decimals, as ROUGE-1.5.5 prints them.
 */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int is_perl(const struct cli_opts *o)
{
    return o->score.flavour == ROUGE_FLAVOUR_PERL;
}

/* The metric's name in the flavour's spelling (rouge-score's rouge1, rougeLsum, ...; ROUGE-1.5.5's
 * ROUGE-1, ROUGE-L, ... for the Perl flavour). Every name reads back with rouge_metric_parse. */
void cli_metric_name(const struct cli_opts *o, const rouge_metric *m, char *buf, size_t size)
{
    const char *prefix = is_perl(o) ? "ROUGE-" : "rouge";
    switch (m->kind) {
    case ROUGE_METRIC_N:
        snprintf(buf, size, "%s%u", prefix, (unsigned)m->n);
        break;
    case ROUGE_METRIC_L:
        snprintf(buf, size, "rougeL"); /* sentence-level: ROUGE-1.5.5 has no such metric */
        break;
    case ROUGE_METRIC_LSUM:
        snprintf(buf, size, "%s", is_perl(o) ? "ROUGE-L" : "rougeLsum");
        break;
    case ROUGE_METRIC_W:
        snprintf(buf, size, "%sW-%g", prefix, m->weight);
        break;
    default: {
        const char *kind = m->kind == ROUGE_METRIC_S ? "S" : "SU";
        if (m->skip < 0) {
            snprintf(buf, size, "%s%s*", prefix, kind);
        } else {
            snprintf(buf, size, "%s%s%lld", prefix, kind, (long long)m->skip);
        }
    }
    }
}

/* The shortest of %.15g, %.16g, %.17g that reads back as x. */
static void put_double(FILE *f, double x)
{
    char buf[40];
    int digits;
    for (digits = 15; digits < 17; digits++) {
        snprintf(buf, sizeof buf, "%.*g", digits, x);
        if (strtod(buf, NULL) == x) {
            break;
        }
    }
    snprintf(buf, sizeof buf, "%.*g", digits, x);
    fputs(buf, f);
}

static void put_score(FILE *f, const struct cli_opts *o, double x)
{
    if (is_perl(o) && o->score.round) {
        fprintf(f, "%.5f", x);
    } else {
        put_double(f, x);
    }
}

static void put_csv_field(FILE *f, const char *s, size_t len)
{
    size_t i;
    for (i = 0; i < len && strchr(",\"\r\n", s[i]) == NULL; i++) {
    }
    if (i == len) {
        fwrite(s, 1, len, f);
        return;
    }
    putc('"', f);
    for (i = 0; i < len; i++) {
        if (s[i] == '"') {
            putc('"', f);
        }
        putc(s[i], f);
    }
    putc('"', f);
}

static const char *const FIELDS[] = {"precision", "recall", "fmeasure", "hit", "reference_total", "candidate_total"};
#define FIELD_COUNT (sizeof FIELDS / sizeof FIELDS[0])

static void put_fields(FILE *f, const struct cli_opts *o, const rouge_result *r, int json)
{
    double v[FIELD_COUNT];
    size_t k;
    v[0] = r->score.precision, v[1] = r->score.recall, v[2] = r->score.fmeasure;
    v[3] = r->counts.hit, v[4] = r->counts.reference_total, v[5] = r->counts.candidate_total;
    for (k = 0; k < FIELD_COUNT; k++) {
        fputs(json ? (k > 0 ? ", " : "") : ",", f);
        if (json) {
            fprintf(f, "\"%s\": ", FIELDS[k]);
        }
        if (k < 3) {
            put_score(f, o, v[k]);
        } else {
            put_double(f, v[k]);
        }
    }
}

/* The aligned table for a terminal: the pair's id (or line), then P, R and F of each metric with
 * five decimals, each metric's three columns under its name. Ids longer than the column are cut
 * with "..." (the CSV and JSONL formats keep them whole). */
#define ID_WIDTH 12
#define SCORE_WIDTH 8

static void put_id_cell(FILE *f, const struct cli_pair *pair)
{
    char id[ID_WIDTH + 1];
    if (pair->id == NULL) {
        fprintf(f, "%-*lu", ID_WIDTH, (unsigned long)pair->line);
        return;
    }
    if (pair->id_len <= ID_WIDTH) {
        fprintf(f, "%-*.*s", ID_WIDTH, (int)pair->id_len, pair->id);
        return;
    }
    memcpy(id, pair->id, ID_WIDTH - 3);
    memcpy(id + ID_WIDTH - 3, "...", 4);
    fputs(id, f);
}

static void write_aligned(FILE *f, const struct cli_opts *o, const struct cli_corpus *c, const rouge_result *results)
{
    size_t p, i, m = o->metric_count;
    const int group = 3 * (SCORE_WIDTH + 1);
    char name[64];
    fprintf(f, "%-*s", ID_WIDTH, "pair");
    for (i = 0; i < m; i++) {
        cli_metric_name(o, &o->metrics[i], name, sizeof name);
        fprintf(f, " | %*s", -(group - 1), name);
    }
    fprintf(f, "\n%-*s", ID_WIDTH, "");
    for (i = 0; i < m; i++) {
        fprintf(f, " |%*s %*s %*s ", SCORE_WIDTH, "P", SCORE_WIDTH, "R", SCORE_WIDTH, "F");
    }
    putc('\n', f);
    for (p = 0; p < c->pair_count; p++) {
        put_id_cell(f, &c->pairs[p]);
        for (i = 0; i < m; i++) {
            const rouge_score *s = &results[p * m + i].score;
            fprintf(f, " |%*.5f %*.5f %*.5f ", SCORE_WIDTH, s->precision, SCORE_WIDTH, s->recall, SCORE_WIDTH,
                    s->fmeasure);
        }
        putc('\n', f);
    }
}

int cli_write_table(FILE *f, const struct cli_opts *o, const struct cli_corpus *c, const rouge_result *results)
{
    size_t p, i, k, m = o->metric_count;
    char name[64];
    if (o->format == CLI_FORMAT_TABLE) {
        write_aligned(f, o, c, results);
        return ferror(f) ? -1 : 0;
    }
    if (o->format == CLI_FORMAT_CSV) {
        fputs("id", f);
        for (i = 0; i < m; i++) {
            cli_metric_name(o, &o->metrics[i], name, sizeof name);
            for (k = 0; k < FIELD_COUNT; k++) {
                fprintf(f, ",%s_%s", name, FIELDS[k]);
            }
        }
        putc('\n', f);
    }
    for (p = 0; p < c->pair_count; p++) {
        const struct cli_pair *pair = &c->pairs[p];
        if (o->format == CLI_FORMAT_CSV) {
            if (pair->id != NULL) {
                put_csv_field(f, pair->id, pair->id_len);
            } else {
                fprintf(f, "%lu", (unsigned long)pair->line);
            }
            for (i = 0; i < m; i++) {
                put_fields(f, o, &results[p * m + i], 0);
            }
        } else {
            fputs("{\"id\": ", f);
            if (pair->id != NULL) {
                cli_json_write_string(f, pair->id, pair->id_len);
            } else {
                fprintf(f, "%lu", (unsigned long)pair->line);
            }
            for (i = 0; i < m; i++) {
                cli_metric_name(o, &o->metrics[i], name, sizeof name);
                fputs(", ", f);
                cli_json_write_string(f, name, strlen(name));
                fputs(": {", f);
                put_fields(f, o, &results[p * m + i], 1);
                putc('}', f);
            }
            putc('}', f);
        }
        putc('\n', f);
    }
    return ferror(f) ? -1 : 0;
}

/* Writes the table to a temporary file next to path, then renames it over path: a reader never
 * sees a partial table, and on any error path is left as it was. */
int cli_write_table_file(const char *path, const struct cli_opts *o, const struct cli_corpus *c,
                         const rouge_result *results)
{
    static const char suffix[] = ".tmp.XXXXXX";
    size_t len = strlen(path);
    char *tmp = cli_alloc(len + sizeof suffix, 1);
    FILE *f = NULL;
    int fd, err = 0;
    mode_t mask;
    if (tmp == NULL) {
        return -1;
    }
    memcpy(tmp, path, len);
    memcpy(tmp + len, suffix, sizeof suffix);
    fd = mkstemp(tmp);
    if (fd < 0) {
        cli_error(path, 0, "cannot write: %s", strerror(errno));
        free(tmp);
        return -1;
    }
    mask = umask(0);
    umask(mask);
    if (fchmod(fd, 0666 & ~mask) != 0 || (f = fdopen(fd, "w")) == NULL) {
        err = errno;
        close(fd);
    } else {
        if (cli_write_table(f, o, c, results) != 0 || fflush(f) != 0) {
            err = errno != 0 ? errno : EIO;
        }
        if (fclose(f) != 0 && err == 0) {
            err = errno;
        }
    }
    if (err == 0 && rename(tmp, path) != 0) {
        err = errno;
    }
    if (err != 0) {
        cli_error(path, 0, "cannot write: %s", strerror(err));
        unlink(tmp);
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}

static const char *policy_name(const struct cli_opts *o)
{
    switch (o->score.multi_reference) {
    case ROUGE_MULTI_PERL_A: return is_perl(o) ? "-f A" : "pooled counts (-f A)";
    case ROUGE_MULTI_PERL_B: return is_perl(o) ? "-f B" : "best recall (-f B)";
    default: return "best F";
    }
}

/* The first line of either layout: what the numbers are. */
static void put_header(FILE *f, const struct cli_opts *o, size_t pair_count)
{
    fprintf(f, "%lu pairs, %s flavour, %s over references%s", (unsigned long)pair_count,
            is_perl(o) ? "ROUGE-1.5.5" : "rouge-score", policy_name(o), o->score.jackknife ? ", jackknifed" : "");
    if (is_perl(o)) {
        fprintf(f, ", alpha %g%s", o->score.alpha, o->score.round ? "" : ", unrounded");
    }
    if (o->bootstrap > 0) {
        fprintf(f, "; bootstrap %lu resamples, seed %llu, %g%% interval\n", (unsigned long)o->bootstrap,
                (unsigned long long)o->seed, o->confidence * 100.0);
    } else {
        fputs("; no bootstrap\n", f);
    }
}

static void put_prf(FILE *f, const char *label, const rouge_score *s)
{
    fprintf(f, "%s P %.6f R %.6f F %.6f", label, s->precision, s->recall, s->fmeasure);
}

/* rouge-score users: like printing BootstrapAggregator().aggregate(), one line per metric, then
 * the plain means and the pooled (micro) scores. */
static void summary_rouge_score(FILE *f, const struct cli_opts *o, const struct cli_agg *agg)
{
    size_t i;
    int width = 0;
    char name[64];
    for (i = 0; i < o->metric_count; i++) {
        cli_metric_name(o, &o->metrics[i], name, sizeof name);
        width = (int)strlen(name) + 1 > width ? (int)strlen(name) + 1 : width;
    }
    for (i = 0; o->bootstrap > 0 && i < o->metric_count; i++) {
        cli_metric_name(o, &o->metrics[i], name, sizeof name);
        fprintf(f, "%-*s ", width, strcat(name, ":"));
        put_prf(f, "low", &agg[i].low);
        put_prf(f, ", mid", &agg[i].mid);
        put_prf(f, ", high", &agg[i].high);
        putc('\n', f);
    }
    fputs("mean of the pairs (macro) and scores of the pooled counts (micro):\n", f);
    for (i = 0; i < o->metric_count; i++) {
        cli_metric_name(o, &o->metrics[i], name, sizeof name);
        fprintf(f, "%-*s ", width, strcat(name, ":"));
        put_prf(f, "mean", &agg[i].mean);
        put_prf(f, ", pooled", &agg[i].pooled);
        putc('\n', f);
    }
}

static void put_count(FILE *f, double x)
{
    if (x == (double)(long long)x) {
        fprintf(f, "%lld", (long long)x);
    } else {
        fprintf(f, "%.5f", x); /* ROUGE-W: weighted */
    }
}

/* Perl users: ROUGE-1.5.5's Average_R/P/F lines with their interval, then its -t 2 count line
 * with the pooled scores. The system ID is 1, as pyrouge names it. With a bootstrap the Average
 * is, as ROUGE-1.5.5 prints it, the mean of the resampled means (mid); without, the mean. */
static void summary_perl(FILE *f, const struct cli_opts *o, const struct cli_agg *agg)
{
    static const char rule[] = "---------------------------------------------\n";
    size_t i, k;
    char name[64];
    for (i = 0; i < o->metric_count; i++) {
        const rouge_score *avg = o->bootstrap > 0 ? &agg[i].mid : &agg[i].mean;
        const double mean[3] = {avg->recall, avg->precision, avg->fmeasure};
        const double low[3] = {agg[i].low.recall, agg[i].low.precision, agg[i].low.fmeasure};
        const double high[3] = {agg[i].high.recall, agg[i].high.precision, agg[i].high.fmeasure};
        cli_metric_name(o, &o->metrics[i], name, sizeof name);
        fputs(rule, f);
        for (k = 0; k < 3; k++) {
            fprintf(f, "1 %s Average_%c: %.5f", name, "RPF"[k], mean[k]);
            if (o->bootstrap > 0) {
                fprintf(f, " (%g%%-conf.int. %.5f - %.5f)", o->confidence * 100.0, low[k], high[k]);
            }
            putc('\n', f);
        }
    }
    fputs(rule, f);
    for (i = 0; i < o->metric_count; i++) {
        cli_metric_name(o, &o->metrics[i], name, sizeof name);
        fprintf(f, "1 %s M_count: ", name);
        put_count(f, agg[i].pooled_counts.reference_total);
        fputs(" P_count: ", f);
        put_count(f, agg[i].pooled_counts.candidate_total);
        fputs(" H_count: ", f);
        put_count(f, agg[i].pooled_counts.hit);
        fprintf(f, " Pooled_R: %.5f Pooled_P: %.5f Pooled_F: %.5f\n", agg[i].pooled.recall, agg[i].pooled.precision,
                agg[i].pooled.fmeasure);
    }
}

void cli_write_summary(FILE *f, const struct cli_opts *o, size_t pair_count, const struct cli_agg *agg)
{
    put_header(f, o, pair_count);
    if (is_perl(o)) {
        summary_perl(f, o, agg);
    } else {
        summary_rouge_score(f, o, agg);
    }
}
