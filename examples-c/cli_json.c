/*
 * cli_json.c: a small JSON Lines reader and a JSON string writer for the `rouge` command.
 *
 * One record per line: {"candidate": "...", "references": ["...", ...]} with an optional "id"
 * (string or number); other keys are skipped whatever their value, so the conformance files can be
 * read as they are. "references" may also be a single string. Sentences end at "\n" inside the
 * strings. Strings are decoded in place (an escape is never shorter than its UTF-8 encoding), so
 * the texts stay in the file's buffer. Blank lines are skipped. Strict JSON otherwise: every error
 * names the file, the line and the column.
 */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 256

struct jp {
    char *p, *end, *line_start;
    const char *file;
    size_t line;
};

static int fail(const struct jp *j, const char *what)
{
    cli_error(j->file, j->line, "invalid JSON at column %lu: %s", (unsigned long)(j->p - j->line_start + 1), what);
    return -1;
}

static void skip_ws(struct jp *j)
{
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\r' || *j->p == '\n')) {
        j->p++;
    }
}

static int hex4(const char *s, const char *end, unsigned *out)
{
    unsigned v = 0;
    int i;
    if (end - s < 4) {
        return -1;
    }
    for (i = 0; i < 4; i++) {
        char c = s[i];
        v <<= 4;
        if (c >= '0' && c <= '9') {
            v |= (unsigned)(c - '0');
        } else if (c >= 'a' && c <= 'f') {
            v |= (unsigned)(c - 'a' + 10);
        } else if (c >= 'A' && c <= 'F') {
            v |= (unsigned)(c - 'A' + 10);
        } else {
            return -1;
        }
    }
    *out = v;
    return 0;
}

static char *put_utf8(char *w, unsigned cp)
{
    if (cp < 0x80) {
        *w++ = (char)cp;
    } else if (cp < 0x800) {
        *w++ = (char)(0xC0 | (cp >> 6));
        *w++ = (char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        *w++ = (char)(0xE0 | (cp >> 12));
        *w++ = (char)(0x80 | ((cp >> 6) & 0x3F));
        *w++ = (char)(0x80 | (cp & 0x3F));
    } else {
        *w++ = (char)(0xF0 | (cp >> 18));
        *w++ = (char)(0x80 | ((cp >> 12) & 0x3F));
        *w++ = (char)(0x80 | ((cp >> 6) & 0x3F));
        *w++ = (char)(0x80 | (cp & 0x3F));
    }
    return w;
}

/* A string at j->p (the opening quote), decoded in place: *out points at its first byte. */
static int parse_string(struct jp *j, char **out, size_t *len)
{
    char *w = j->p, *start = j->p;
    j->p++;
    for (;;) {
        unsigned char c;
        if (j->p >= j->end) {
            return fail(j, "unterminated string");
        }
        c = (unsigned char)*j->p;
        if (c == '"') {
            j->p++;
            break;
        }
        if (c < 0x20) {
            return fail(j, "control character in a string (write it as an escape such as \\n)");
        }
        if (c != '\\') {
            *w++ = (char)c;
            j->p++;
            continue;
        }
        if (j->p + 1 >= j->end) {
            return fail(j, "unterminated string");
        }
        switch (j->p[1]) {
        case '"': *w++ = '"'; break;
        case '\\': *w++ = '\\'; break;
        case '/': *w++ = '/'; break;
        case 'b': *w++ = '\b'; break;
        case 'f': *w++ = '\f'; break;
        case 'n': *w++ = '\n'; break;
        case 'r': *w++ = '\r'; break;
        case 't': *w++ = '\t'; break;
        case 'u': {
            unsigned cp, lo;
            if (hex4(j->p + 2, j->end, &cp) != 0) {
                return fail(j, "\\u needs four hex digits");
            }
            if (cp >= 0xDC00 && cp <= 0xDFFF) {
                return fail(j, "unpaired low surrogate in a \\u escape");
            }
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                if (j->end - j->p < 12 || j->p[6] != '\\' || j->p[7] != 'u' || hex4(j->p + 8, j->end, &lo) != 0 ||
                    lo < 0xDC00 || lo > 0xDFFF) {
                    return fail(j, "high surrogate in a \\u escape not followed by a low surrogate");
                }
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                j->p += 6;
            }
            w = put_utf8(w, cp);
            j->p += 4;
            break;
        }
        default:
            return fail(j, "invalid escape in a string");
        }
        j->p += 2;
    }
    *out = start;
    *len = (size_t)(w - start);
    return 0;
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static int skip_number(struct jp *j)
{
    char *p = j->p;
    if (p < j->end && *p == '-') {
        p++;
    }
    if (p < j->end && *p == '0') {
        if (++p < j->end && is_digit(*p)) {
            return fail(j, "invalid number (leading zero)");
        }
    } else if (p < j->end && is_digit(*p)) {
        while (p < j->end && is_digit(*p)) {
            p++;
        }
    } else {
        return fail(j, "invalid number");
    }
    if (p < j->end && *p == '.') {
        if (++p >= j->end || !is_digit(*p)) {
            j->p = p;
            return fail(j, "invalid number");
        }
        while (p < j->end && is_digit(*p)) {
            p++;
        }
    }
    if (p < j->end && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < j->end && (*p == '+' || *p == '-')) {
            p++;
        }
        if (p >= j->end || !is_digit(*p)) {
            j->p = p;
            return fail(j, "invalid number");
        }
        while (p < j->end && is_digit(*p)) {
            p++;
        }
    }
    j->p = p;
    return 0;
}

/* A member's key and the ':' after it, then the blanks before the value. */
static int parse_key(struct jp *j, char **key, size_t *len)
{
    skip_ws(j);
    if (j->p >= j->end || *j->p != '"') {
        return fail(j, "expected a string key");
    }
    if (parse_string(j, key, len) != 0) {
        return -1;
    }
    skip_ws(j);
    if (j->p >= j->end || *j->p != ':') {
        return fail(j, "expected ':' after a key");
    }
    j->p++;
    skip_ws(j);
    return 0;
}

/* After a value inside an object or an array: 0 past a ',' (more follow), 1 past close (the
 * end), -1 on anything else. */
static int next_member(struct jp *j, char close)
{
    skip_ws(j);
    if (j->p < j->end && *j->p == ',') {
        j->p++;
        return 0;
    }
    if (j->p < j->end && *j->p == close) {
        j->p++;
        return 1;
    }
    return fail(j, close == '}' ? "expected ',' or '}'" : "expected ',' or ']'");
}

static int skip_value(struct jp *j, int depth);

/* After the opening bracket: values (arrays) or "key": value members (objects) up to close. */
static int skip_members(struct jp *j, int depth, char close)
{
    int more;
    skip_ws(j);
    if (j->p < j->end && *j->p == close) {
        j->p++;
        return 0;
    }
    do {
        char *key;
        size_t key_len;
        if ((close == '}' && parse_key(j, &key, &key_len) != 0) || skip_value(j, depth + 1) != 0) {
            return -1;
        }
    } while ((more = next_member(j, close)) == 0);
    return more > 0 ? 0 : -1;
}

static int skip_value(struct jp *j, int depth)
{
    static const char *const literals[] = {"true", "false", "null"};
    size_t k;
    skip_ws(j);
    if (depth > MAX_DEPTH) {
        return fail(j, "nested too deeply");
    }
    if (j->p >= j->end) {
        return fail(j, "unexpected end of line");
    }
    switch (*j->p) {
    case '{':
    case '[': {
        char close = *j->p == '{' ? '}' : ']';
        j->p++;
        return skip_members(j, depth, close);
    }
    case '"': {
        char *s;
        size_t n;
        return parse_string(j, &s, &n);
    }
    default:
        break;
    }
    for (k = 0; k < sizeof literals / sizeof literals[0]; k++) {
        size_t n = strlen(literals[k]);
        if ((size_t)(j->end - j->p) >= n && memcmp(j->p, literals[k], n) == 0) {
            j->p += n;
            return 0;
        }
    }
    if (*j->p == '-' || is_digit(*j->p)) {
        return skip_number(j);
    }
    return fail(j, "unexpected character");
}

static int key_is(const char *key, size_t len, const char *name)
{
    return len == strlen(name) && memcmp(key, name, len) == 0;
}

/* The references of the record being read (reused from line to line). */
struct refs {
    rouge_str *v;
    size_t n, cap;
};

static int push_ref(struct refs *r, char *s, size_t len)
{
    rouge_str *grown = cli_grow(r->v, &r->cap, r->n + 1, sizeof *grown);
    if (grown == NULL) {
        return -1;
    }
    r->v = grown;
    r->v[r->n].ptr = s;
    r->v[r->n].len = len;
    r->n++;
    return 0;
}

static int parse_references(struct jp *j, struct refs *r)
{
    char *s;
    size_t len;
    int more;
    r->n = 0;
    if (j->p < j->end && *j->p == '"') {
        return parse_string(j, &s, &len) == 0 ? push_ref(r, s, len) : -1;
    }
    if (j->p >= j->end || *j->p != '[') {
        return fail(j, "\"references\" must be a list of strings");
    }
    j->p++;
    skip_ws(j);
    if (j->p < j->end && *j->p == ']') {
        return fail(j, "\"references\" is empty: every candidate needs at least one reference");
    }
    do {
        skip_ws(j);
        if (j->p >= j->end || *j->p != '"') {
            return fail(j, "\"references\" must be a list of strings");
        }
        if (parse_string(j, &s, &len) != 0 || push_ref(r, s, len) != 0) {
            return -1;
        }
    } while ((more = next_member(j, ']')) == 0);
    return more > 0 ? 0 : -1;
}

/* One record: a JSON object on one line. */
static int parse_record(struct jp *j, struct refs *refs, struct cli_corpus *c)
{
    char *cand = NULL, *id = NULL;
    size_t cand_len = 0, id_len = 0, i, first;
    int have_refs = 0, more;
    skip_ws(j);
    if (j->p >= j->end || *j->p != '{') {
        return fail(j, "expected a JSON object ({\"candidate\": ..., \"references\": [...]})");
    }
    j->p++;
    skip_ws(j);
    if (j->p < j->end && *j->p == '}') {
        j->p++;
    } else {
        do {
            char *key;
            size_t key_len;
            if (parse_key(j, &key, &key_len) != 0) {
                return -1;
            }
            if (key_is(key, key_len, "candidate")) {
                if (j->p >= j->end || *j->p != '"') {
                    return fail(j, "\"candidate\" must be a string");
                }
                if (parse_string(j, &cand, &cand_len) != 0) {
                    return -1;
                }
            } else if (key_is(key, key_len, "references")) {
                if (parse_references(j, refs) != 0) {
                    return -1;
                }
                have_refs = 1;
            } else if (key_is(key, key_len, "id") && j->p < j->end && *j->p == '"') {
                if (parse_string(j, &id, &id_len) != 0) {
                    return -1;
                }
            } else if (key_is(key, key_len, "id") && j->p < j->end && (*j->p == '-' || is_digit(*j->p))) {
                id = j->p;
                if (skip_number(j) != 0) {
                    return -1;
                }
                id_len = (size_t)(j->p - id);
            } else if (skip_value(j, 1) != 0) {
                return -1;
            }
        } while ((more = next_member(j, '}')) == 0);
        if (more < 0) {
            return -1;
        }
    }
    skip_ws(j);
    if (j->p != j->end) {
        return fail(j, "more after the object (one object per line)");
    }
    if (cand == NULL) {
        cli_error(j->file, j->line, "no \"candidate\" (a string) in the record");
        return -1;
    }
    if (!have_refs) {
        cli_error(j->file, j->line, "no \"references\" (a list of strings) in the record");
        return -1;
    }
    first = c->text_count;
    if (cli_corpus_add_text(c, cand, cand_len, j->file, j->line, 0) != 0) {
        return -1;
    }
    for (i = 0; i < refs->n; i++) {
        if (cli_corpus_add_text(c, refs->v[i].ptr, refs->v[i].len, j->file, j->line, (int)(i + 1)) != 0) {
            return -1;
        }
    }
    return cli_corpus_add_pair(c, first, id, id_len, j->file, j->line);
}

int cli_read_jsonl(const char *path, struct cli_corpus *c)
{
    struct refs refs = {NULL, 0, 0};
    struct jp j;
    char *buf, *p, *end;
    size_t len;
    int rc = 0;
    if (cli_read_file(path, &buf, &len) != 0 || cli_corpus_keep(c, buf) != 0) {
        return -1;
    }
    j.file = strcmp(path, "-") == 0 ? "<stdin>" : path;
    j.line = 0;
    p = buf;
    end = buf + len;
    if (len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0) {
        p += 3; /* a UTF-8 byte order mark */
    }
    while (rc == 0 && p < end) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        char *line_end = nl != NULL ? nl : end;
        j.line++;
        j.p = j.line_start = p;
        j.end = line_end;
        skip_ws(&j);
        if (j.p < j.end) {
            j.p = p;
            rc = parse_record(&j, &refs, c);
        }
        p = nl != NULL ? nl + 1 : end;
    }
    free(refs.v);
    if (rc == 0 && c->pair_count == 0) {
        cli_error(j.file, 0, "no records (expected one JSON object per line)");
        rc = -1;
    }
    return rc;
}

void cli_json_write_string(FILE *f, const char *s, size_t len)
{
    size_t i;
    putc('"', f);
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\r': fputs("\\r", f); break;
        case '\t': fputs("\\t", f); break;
        default:
            if (c < 0x20) {
                fprintf(f, "\\u%04x", c);
            } else {
                putc(c, f);
            }
        }
    }
    putc('"', f);
}
