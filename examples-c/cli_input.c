/*
 * cli_input.c: the readers of the `rouge` command and the corpus they fill.
 *
 *   line files      CANDIDATES REFERENCES...: one summary per line, line i of every file is pair i
 *   JSON Lines      --jsonl FILE (cli_json.c)
 *   pyrouge layout  --system-dir D --model-dir D --system-pattern P --model-pattern P: one summary
 *                   per file, one sentence per line; the system pattern names the pair's ID
 *                   (#ID# or the first (group)), the model pattern has #ID# where it goes
 *
 * Texts stay in the buffers the files were read into (the corpus owns them). Sentences end at
 * "\n"; --sentence-sep STR adds STR as a sentence end in every format (replaced in place by "\n").
 */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <dirent.h>
#include <errno.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- the corpus ---------------------------------------------------------------------------- */

int cli_corpus_keep(struct cli_corpus *c, char *block)
{
    char **blocks = cli_grow(c->blocks, &c->block_cap, c->block_count + 1, sizeof *blocks);
    if (blocks == NULL) {
        free(block);
        return -1;
    }
    c->blocks = blocks;
    c->blocks[c->block_count++] = block;
    return 0;
}

/* Replaces every occurrence of sep in s[0..len) by "\n", in place; returns the new length. */
static size_t split_sentences(char *s, size_t len, const char *sep)
{
    size_t sep_len = strlen(sep), r = 0, w = 0;
    while (r < len) {
        if (len - r >= sep_len && memcmp(s + r, sep, sep_len) == 0) {
            s[w++] = '\n';
            r += sep_len;
        } else {
            s[w++] = s[r++];
        }
    }
    return w;
}

/* The library reads UTF-8, without NUL but for the tokenisers that take it (nul_ok): a text it
 * would refuse is reported where it is. */
static int check_text(const char *ptr, size_t len, int nul_ok, const char *file, size_t line, int which)
{
    size_t bad = cli_utf8_error(ptr, len, nul_ok), column = bad + 1, i;
    unsigned char byte;
    char what[64];
    if (bad == len) {
        return 0;
    }
    byte = (unsigned char)ptr[bad];
    if (which < 0) {
        for (i = 0; i < bad; i++) {
            if (ptr[i] == '\n') {
                line++;
                column = bad - i;
            }
        }
        if (byte == 0) {
            cli_error(file, line, "NUL byte at column %lu (texts must not contain NUL)", (unsigned long)column);
        } else {
            cli_error(file, line, "invalid UTF-8 at column %lu (byte 0x%02x)", (unsigned long)column, byte);
        }
        return -1;
    }
    if (which == 0) {
        snprintf(what, sizeof what, "the candidate");
    } else {
        snprintf(what, sizeof what, "reference %d", which);
    }
    if (byte == 0) {
        cli_error(file, line, "NUL character in %s (texts must not contain NUL)", what);
    } else {
        cli_error(file, line, "invalid UTF-8 in %s (byte 0x%02x at byte %lu)", what, byte, (unsigned long)column);
    }
    return -1;
}

int cli_corpus_add_text(struct cli_corpus *c, const char *ptr, size_t len, const char *file, size_t line, int which)
{
    rouge_str *texts;
    if (check_text(ptr, len, c->nul_ok, file, line, which) != 0) {
        return -1;
    }
    texts = cli_grow(c->texts, &c->text_cap, c->text_count + 1, sizeof *texts);
    if (texts == NULL) {
        return -1;
    }
    c->texts = texts;
    if (c->sentence_sep != NULL) {
        /* The readers hand in text from buffers the corpus owns and may change. */
        len = split_sentences((char *)ptr, len, c->sentence_sep);
    }
    c->texts[c->text_count].ptr = ptr;
    c->texts[c->text_count].len = len;
    c->text_count++;
    return 0;
}

int cli_corpus_add_pair(struct cli_corpus *c, size_t first, const char *id, size_t id_len, const char *file,
                        size_t line)
{
    struct cli_pair *pairs = cli_grow(c->pairs, &c->pair_cap, c->pair_count + 1, sizeof *pairs);
    struct cli_pair *p;
    if (pairs == NULL) {
        return -1;
    }
    c->pairs = pairs;
    p = &c->pairs[c->pair_count++];
    p->first = first;
    p->reference_count = c->text_count - first - 1;
    p->id = id;
    p->id_len = id_len;
    p->file = file;
    p->line = line;
    return 0;
}

void cli_corpus_free(struct cli_corpus *c)
{
    size_t i;
    for (i = 0; i < c->block_count; i++) {
        free(c->blocks[i]);
    }
    free(c->blocks);
    free(c->texts);
    free(c->pairs);
    memset(c, 0, sizeof *c);
}

/* A NUL-terminated copy the corpus owns (NULL and a message on failure). */
static char *keep_string(struct cli_corpus *c, const char *s, size_t len)
{
    char *copy = cli_alloc(len + 1, 1);
    if (copy == NULL) {
        return NULL;
    }
    memcpy(copy, s, len);
    copy[len] = '\0';
    return cli_corpus_keep(c, copy) == 0 ? copy : NULL;
}

/* ---- files ------------------------------------------------------------------------------------ */

int cli_read_file(const char *path, char **out, size_t *len)
{
    int is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    size_t cap = 1 << 16, n = 0;
    char *buf;
    if (f == NULL) {
        cli_error(path, 0, "cannot open: %s", strerror(errno));
        return -1;
    }
    buf = cli_alloc(cap, 1);
    while (buf != NULL) {
        char *grown;
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap) {
            break;
        }
        if ((grown = cli_grow(buf, &cap, cap + 1, 1)) == NULL) {
            free(buf);
        }
        buf = grown;
    }
    if (buf != NULL && ferror(f)) {
        cli_error(is_stdin ? "<stdin>" : path, 0, "cannot read: %s", strerror(errno));
        free(buf);
        buf = NULL;
    }
    if (!is_stdin) {
        fclose(f);
    }
    if (buf == NULL) {
        return -1;
    }
    *out = buf;
    *len = n;
    return 0;
}

/* The lines of a file (without "\n" and a "\r" before it; a last line without "\n" counts).
 * The file's buffer goes to the corpus; *lines is the caller's to free. */
static int read_lines(struct cli_corpus *c, const char *path, rouge_str **lines, size_t *count)
{
    char *buf;
    size_t len, i, start = 0, n = 0, cap = 0;
    rouge_str *out = NULL;
    if (cli_read_file(path, &buf, &len) != 0 || cli_corpus_keep(c, buf) != 0) {
        return -1;
    }
    for (i = 0; i <= len; i++) {
        if (i < len && buf[i] != '\n') {
            continue;
        }
        if (i == len && start == len) {
            break; /* after the last "\n" (or an empty file): no further line */
        }
        rouge_str *grown = cli_grow(out, &cap, n + 1, sizeof *out);
        if (grown == NULL) {
            free(out);
            return -1;
        }
        out = grown;
        out[n].ptr = buf + start;
        out[n].len = i - start - (i > start && buf[i - 1] == '\r');
        n++;
        start = i + 1;
    }
    *lines = out;
    *count = n;
    return 0;
}

static const char *display_name(const char *path)
{
    return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

/* CANDIDATES REFERENCES...: pair i is line i of every file. */
static int read_line_files(const struct cli_opts *o, struct cli_corpus *c)
{
    rouge_str *cand = NULL, **refs;
    size_t n = 0, i, j, *counts;
    int rc = -1;
    refs = cli_alloc(o->reference_files, sizeof *refs);
    counts = cli_alloc(o->reference_files, sizeof *counts);
    if (refs == NULL || counts == NULL) {
        free(refs);
        free(counts);
        return -1;
    }
    for (j = 0; j < o->reference_files; j++) {
        refs[j] = NULL;
    }
    if (read_lines(c, o->candidates, &cand, &n) != 0) {
        goto done;
    }
    if (n == 0) {
        cli_error(display_name(o->candidates), 0, "no summaries (the file is empty)");
        goto done;
    }
    for (j = 0; j < o->reference_files; j++) {
        if (read_lines(c, o->references[j], &refs[j], &counts[j]) != 0) {
            goto done;
        }
        if (counts[j] != n) {
            cli_error(display_name(o->references[j]), (counts[j] < n ? counts[j] : n) + 1,
                      "expected %lu lines like %s, found %lu", (unsigned long)n, display_name(o->candidates),
                      (unsigned long)counts[j]);
            goto done;
        }
    }
    for (i = 0; i < n; i++) {
        size_t first = c->text_count;
        if (cli_corpus_add_text(c, cand[i].ptr, cand[i].len, display_name(o->candidates), i + 1, -1) != 0) {
            goto done;
        }
        for (j = 0; j < o->reference_files; j++) {
            if (cli_corpus_add_text(c, refs[j][i].ptr, refs[j][i].len, display_name(o->references[j]), i + 1, -1) !=
                0) {
                goto done;
            }
        }
        if (cli_corpus_add_pair(c, first, NULL, 0, display_name(o->candidates), i + 1) != 0) {
            goto done;
        }
    }
    rc = 0;
done:
    free(cand);
    for (j = 0; j < o->reference_files; j++) {
        free(refs[j]);
    }
    free(refs);
    free(counts);
    return rc;
}

/* ---- the pyrouge layout ------------------------------------------------------------------- */

struct names {
    char **v;
    size_t n, cap;
};

static void names_free(struct names *s)
{
    size_t i;
    for (i = 0; i < s->n; i++) {
        free(s->v[i]);
    }
    free(s->v);
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The regular files of a directory, sorted by name (pyrouge sorts them too). */
static int list_dir(const char *dir, struct names *out)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char *path = NULL;
    size_t path_cap = 0, dir_len = strlen(dir);
    out->v = NULL;
    out->n = out->cap = 0;
    if (d == NULL) {
        cli_error(dir, 0, "cannot open directory: %s", strerror(errno));
        return -1;
    }
    for (;;) {
        struct stat st;
        char **grown;
        size_t name_len;
        errno = 0;
        e = readdir(d);
        if (e == NULL) {
            break;
        }
        name_len = strlen(e->d_name);
        if ((path = cli_grow(path, &path_cap, dir_len + name_len + 2, 1)) == NULL) {
            goto fail;
        }
        memcpy(path, dir, dir_len);
        path[dir_len] = '/';
        memcpy(path + dir_len + 1, e->d_name, name_len + 1);
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
            continue;
        }
        if ((grown = cli_grow(out->v, &out->cap, out->n + 1, sizeof *grown)) == NULL) {
            goto fail;
        }
        out->v = grown;
        if ((out->v[out->n] = cli_alloc(name_len + 1, 1)) == NULL) {
            goto fail;
        }
        memcpy(out->v[out->n++], e->d_name, name_len + 1);
    }
    if (errno != 0) {
        cli_error(dir, 0, "cannot read directory: %s", strerror(errno));
        goto fail;
    }
    closedir(d);
    free(path);
    qsort(out->v, out->n, sizeof *out->v, cmp_names);
    return 0;
fail:
    closedir(d);
    free(path);
    names_free(out);
    return -1;
}

/* Appends s[0..len) to *buf (NUL-terminated). */
static int append(char **buf, size_t *len, size_t *cap, const char *s, size_t n)
{
    char *grown = cli_grow(*buf, cap, *len + n + 1, 1);
    if (grown == NULL) {
        return -1;
    }
    *buf = grown;
    memcpy(*buf + *len, s, n);
    *len += n;
    (*buf)[*len] = '\0';
    return 0;
}

/*
 * A pyrouge pattern as an anchored POSIX extended regular expression: #ID# becomes id_regex,
 * Python's \d \w \s (and \D \W \S) become POSIX classes; the name must match whole (pyrouge
 * anchors only the start: a pattern that should allow a suffix can end in ".*").
 */
static char *pattern_to_ere(const char *pattern, const char *id_regex)
{
    char *out = NULL;
    size_t len = 0, cap = 0;
    const char *p = pattern;
    int in_bracket = 0, ok = append(&out, &len, &cap, "^", 1) == 0;
    while (ok && *p != '\0') {
        const char *piece = p;
        size_t n = 1;
        if (!in_bracket && strncmp(p, "#ID#", 4) == 0) {
            piece = id_regex;
            n = strlen(id_regex);
            p += 4;
        } else if (*p == '\\' && p[1] != '\0') {
            static const char *const classes[][2] = {
                {"d", "[0-9]"}, {"D", "[^0-9]"}, {"w", "[[:alnum:]_]"}, {"W", "[^[:alnum:]_]"},
                {"s", "[[:space:]]"}, {"S", "[^[:space:]]"}};
            size_t k;
            piece = p;
            n = 2;
            for (k = 0; k < sizeof classes / sizeof classes[0]; k++) {
                if (p[1] == classes[k][0][0]) {
                    piece = classes[k][1];
                    n = strlen(piece);
                    if (in_bracket) { /* inside [...]: the class without its brackets */
                        piece = classes[k][1][1] == '^' ? NULL : classes[k][1] + 1;
                        n = piece == NULL ? 0 : n - 2;
                    }
                    break;
                }
            }
            if (piece == NULL) {
                free(out);
                return NULL; /* a negated class inside [...] has no POSIX spelling */
            }
            if (in_bracket && k == sizeof classes / sizeof classes[0]) {
                piece = p + 1; /* [\.] in Python is [.] in POSIX */
                n = 1;
            }
            p += 2;
        } else {
            if (!in_bracket && *p == '[') {
                in_bracket = 1;
                ok = append(&out, &len, &cap, p, 1) == 0;
                p++;
                if (*p == '^') {
                    ok = ok && append(&out, &len, &cap, p++, 1) == 0;
                }
                if (*p == ']') {
                    ok = ok && append(&out, &len, &cap, p++, 1) == 0;
                }
                continue;
            }
            if (in_bracket && *p == ']') {
                in_bracket = 0;
            }
            p++;
        }
        ok = append(&out, &len, &cap, piece, n) == 0;
    }
    if (!ok || append(&out, &len, &cap, "$", 1) != 0) {
        free(out);
        return NULL;
    }
    return out;
}

/* Compiles a pyrouge pattern (see pattern_to_ere); prints the error naming the option. */
static int compile_pattern(const char *option, const char *pattern, const char *id_regex, regex_t *re)
{
    char *ere = pattern_to_ere(pattern, id_regex);
    int rc;
    if (ere == NULL) {
        cli_error(NULL, 0, "%s: cannot translate '%s' to a POSIX regular expression", option, pattern);
        return -1;
    }
    rc = regcomp(re, ere, REG_EXTENDED);
    free(ere);
    if (rc != 0) {
        char msg[256];
        regerror(rc, re, msg, sizeof msg);
        cli_error(NULL, 0, "%s: invalid pattern '%s': %s", option, pattern, msg);
        return -1;
    }
    return 0;
}

/* The ID as a regular expression matching itself only. */
static char *escape_regex(const char *s, size_t len)
{
    char *out = cli_alloc(2 * len + 1, 1);
    size_t i, n = 0;
    if (out == NULL) {
        return NULL;
    }
    for (i = 0; i < len; i++) {
        if (strchr(".[]()*+?{}|^$\\", s[i]) != NULL) {
            out[n++] = '\\';
        }
        out[n++] = s[i];
    }
    out[n] = '\0';
    return out;
}

/* Reads dir/name into the corpus and adds it as a text; *path_out is the corpus's copy of the path. */
static int add_file_text(struct cli_corpus *c, const char *dir, const char *name, const char **path_out)
{
    size_t dir_len = strlen(dir), name_len = strlen(name);
    char *path = cli_alloc(dir_len + name_len + 2, 1), *buf;
    size_t len;
    if (path == NULL) {
        return -1;
    }
    memcpy(path, dir, dir_len);
    path[dir_len] = '/';
    memcpy(path + dir_len + 1, name, name_len + 1);
    if (cli_corpus_keep(c, path) != 0 || cli_read_file(path, &buf, &len) != 0 || cli_corpus_keep(c, buf) != 0) {
        return -1;
    }
    if (path_out != NULL) {
        *path_out = path;
    }
    return cli_corpus_add_text(c, buf, len, path, 1, -1);
}

static int read_pyrouge(const struct cli_opts *o, struct cli_corpus *c)
{
    struct names systems = {NULL, 0, 0}, models = {NULL, 0, 0};
    regex_t system_re;
    size_t i, j;
    int rc = -1, have_re = 0;
    if (compile_pattern("--system-pattern", o->system_pattern, "(.+)", &system_re) != 0) {
        return -1;
    }
    have_re = 1;
    if (system_re.re_nsub < 1) {
        cli_error(NULL, 0, "--system-pattern: '%s' names no ID: use #ID# or a (group)", o->system_pattern);
        goto done;
    }
    if (list_dir(o->system_dir, &systems) != 0 || list_dir(o->model_dir, &models) != 0) {
        goto done;
    }
    for (i = 0; i < systems.n; i++) {
        regmatch_t m[2];
        regex_t model_re;
        const char *name = systems.v[i], *id, *path;
        char *id_regex;
        size_t first = c->text_count, id_len;
        int compiled;
        if (regexec(&system_re, name, 2, m, 0) != 0 || m[1].rm_so < 0) {
            continue;
        }
        id_len = (size_t)(m[1].rm_eo - m[1].rm_so);
        if ((id = keep_string(c, name + m[1].rm_so, id_len)) == NULL || (id_regex = escape_regex(id, id_len)) == NULL) {
            goto done;
        }
        compiled = compile_pattern("--model-pattern", o->model_pattern, id_regex, &model_re);
        free(id_regex);
        if (compiled != 0 || add_file_text(c, o->system_dir, name, &path) != 0) {
            if (compiled == 0) {
                regfree(&model_re);
            }
            goto done;
        }
        for (j = 0; j < models.n; j++) {
            if (regexec(&model_re, models.v[j], 0, NULL, 0) == 0 && add_file_text(c, o->model_dir, models.v[j], NULL) != 0) {
                regfree(&model_re);
                goto done;
            }
        }
        regfree(&model_re);
        if (c->text_count == first + 1) {
            cli_error(o->model_dir, 0, "no model summary for ID '%s' of %s (--model-pattern '%s')", id, path,
                      o->model_pattern);
            goto done;
        }
        if (cli_corpus_add_pair(c, first, id, id_len, path, 0) != 0) {
            goto done;
        }
    }
    if (c->pair_count == 0) {
        cli_error(o->system_dir, 0, "no file name matches --system-pattern '%s'", o->system_pattern);
        goto done;
    }
    rc = 0;
done:
    if (have_re) {
        regfree(&system_re);
    }
    names_free(&systems);
    names_free(&models);
    return rc;
}

/* ---- dispatch ------------------------------------------------------------------------------- */

#ifndef ROUGE_SAMPLE_DIR
#define ROUGE_SAMPLE_DIR "sample"
#endif

int cli_read_corpus(const struct cli_opts *o, struct cli_corpus *c)
{
    c->sentence_sep = o->sentence_sep;
    c->nul_ok = o->tokenizer == CLI_TOKENIZER_UNICODE_V1 || o->tokenizer == CLI_TOKENIZER_CHARACTER_V1 ||
                o->tokenizer == CLI_TOKENIZER_XLSUM;
    if (o->jsonl != NULL) {
        return cli_read_jsonl(o->jsonl, c);
    }
    if (o->system_dir != NULL) {
        return read_pyrouge(o, c);
    }
    if (o->sample) {
        static const char *sample_refs[] = {ROUGE_SAMPLE_DIR "/references.txt"};
        struct cli_opts s = *o;
        s.candidates = ROUGE_SAMPLE_DIR "/candidates.txt";
        s.references = sample_refs;
        s.reference_files = 1;
        return read_line_files(&s, c);
    }
    return read_line_files(o, c);
}
