/*
 * JNI shim of XL-Sum's host-segmented scoring (org.librouge.Native.textScoreSegmented) and its
 * cleaning call (xlsumCleanText), beside rouge_jni.c in librouge_jni.so.
 *
 * Unlike rouge_jni.c's entry points, these copy their inputs into C memory (Get<T>ArrayRegion)
 * instead of pinning them: a call reads one array per token list, and the segmented path is not
 * the hot one. Only the scratch is pinned (GetPrimitiveArrayCritical, released with JNI_ABORT),
 * around the one library call, with no JNI call in between; the results are written back with
 * SetDoubleArrayRegion.
 */
#include <jni.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "org_librouge_Native.h"
#include "rouge.h"

enum { RESULT_DOUBLES = 6, TEXT_DIMS_WORDS = 5 };
/* The text scorer's state in its Java long[]: the struct, then its metrics (as rouge_jni.c). */
enum {
    SCORER_STRUCT_WORDS = (sizeof(rouge_text_scorer) + sizeof(jlong) - 1) / sizeof(jlong),
    METRIC_STRUCT_WORDS = sizeof(rouge_metric) / sizeof(jlong)
};
/* textScoreSegmented's answer when the texts exceed the scorer's dims (Native.TEXT_BEYOND_DIMS). */
#define TEXT_BEYOND_DIMS (-1)

static void throw_new(JNIEnv *env, const char *class_name, const char *message)
{
    jclass c = (*env)->FindClass(env, class_name);
    if (c != NULL) {
        (*env)->ThrowNew(env, c, message);
    }
}

/* The first `len` bytes of `array` in malloc'd memory (one byte at least, so never NULL on
   success); NULL with an exception pending when out of memory. */
static char *bytes_copy(JNIEnv *env, jbyteArray array, jsize len)
{
    char *p = malloc(len > 0 ? (size_t)len : 1);
    if (p == NULL) {
        throw_new(env, "java/lang/OutOfMemoryError", "rouge_jni: text copy");
        return NULL;
    }
    if (len > 0) {
        (*env)->GetByteArrayRegion(env, array, 0, len, (jbyte *)p);
    }
    return p;
}

/* What one call copied: the texts, each text's tokens, their ends, and the scorer. */
struct segmented {
    size_t texts;
    rouge_str *strs;      /* candidate, then references */
    rouge_tokens *tokens; /* one per text */
    size_t *all_ends;     /* every text's ends, one after another */
    jlong *state;         /* the scorer and its metrics */
};

static void segmented_free(struct segmented *g)
{
    size_t i;
    for (i = 0; g->strs != NULL && i < g->texts; i++) {
        free((void *)g->strs[i].ptr);
        if (g->tokens != NULL) {
            free((void *)g->tokens[i].bytes);
        }
    }
    free(g->strs);
    free(g->tokens);
    free(g->all_ends);
    free(g->state);
}

/* Copies text `i` (`len` bytes of `array`) and its tokens; 0 with an exception pending. */
static int segmented_text(JNIEnv *env, struct segmented *g, size_t i, jbyteArray array, jint len,
                          jbyteArray token_bytes, jlongArray token_ends, size_t *ends_at)
{
    jsize count, n_bytes, k;
    size_t *ends;
    if (array == NULL || token_bytes == NULL || token_ends == NULL) {
        throw_new(env, "java/lang/NullPointerException", "textScoreSegmented: a text or token array is null");
        return 0;
    }
    if (len < 0 || len > (*env)->GetArrayLength(env, array)) {
        throw_new(env, "java/lang/IllegalArgumentException", "textScoreSegmented: a text length exceeds its array");
        return 0;
    }
    if ((g->strs[i].ptr = bytes_copy(env, array, len)) == NULL) {
        return 0;
    }
    g->strs[i].len = (size_t)len;
    n_bytes = (*env)->GetArrayLength(env, token_bytes);
    if ((g->tokens[i].bytes = bytes_copy(env, token_bytes, n_bytes)) == NULL) {
        return 0;
    }
    count = (*env)->GetArrayLength(env, token_ends);
    ends = g->all_ends + *ends_at;
    if (count > 0) {
        (*env)->GetLongArrayRegion(env, token_ends, 0, count, (jlong *)ends);
    }
    for (k = 0; k < count; k++) {
        if ((jlong)ends[k] < 0 || ends[k] > (size_t)n_bytes) {
            throw_new(env, "java/lang/IllegalArgumentException", "textScoreSegmented: a token end outside its bytes");
            return 0;
        }
    }
    g->tokens[i].ends = count > 0 ? ends : NULL;
    g->tokens[i].count = (size_t)count;
    *ends_at += (size_t)count;
    return 1;
}

/*
 * rouge_text_scorer_score_segmented with the scorer in `state`: the first `candidate_len` bytes
 * of `candidate` against the first `reference_lens[r]` bytes of `references[r]`, r <
 * `reference_count`, with text i's segmenter tokens as `token_bytes[i]` (UTF-8, one after
 * another) and `token_ends[i]` (exclusive ends), i = 0 the candidate's. Returns the status, or
 * TEXT_BEYOND_DIMS with the texts' dims written to `dims_out` when they exceed the scorer's.
 */
JNIEXPORT jint JNICALL Java_org_librouge_Native_textScoreSegmented(
    JNIEnv *env, jclass cls, jlongArray state, jbyteArray candidate, jint candidate_len, jobjectArray references,
    jintArray reference_lens, jint reference_count, jobjectArray token_bytes, jobjectArray token_ends,
    jlongArray scratch, jdoubleArray out, jlongArray dims_out)
{
    struct segmented g;
    rouge_text_scorer *scorer;
    rouge_text_dims d;
    rouge_result *results = NULL;
    jint *lens = NULL;
    jsize state_len, i;
    size_t metric_count, total_ends = 0, ends_at = 0;
    jint ret = 0;
    int ok = 1;
    (void)cls;

    memset(&g, 0, sizeof g);
    if (state == NULL || candidate == NULL || references == NULL || reference_lens == NULL || token_bytes == NULL ||
        token_ends == NULL || scratch == NULL || out == NULL || dims_out == NULL) {
        throw_new(env, "java/lang/NullPointerException", "textScoreSegmented: an array argument is null");
        return 0;
    }
    state_len = (*env)->GetArrayLength(env, state);
    if ((size_t)state_len < SCORER_STRUCT_WORDS || (state_len - SCORER_STRUCT_WORDS) % METRIC_STRUCT_WORDS != 0 ||
        (*env)->GetArrayLength(env, dims_out) != TEXT_DIMS_WORDS) {
        throw_new(env, "java/lang/IllegalArgumentException", "malformed text scorer state or dims");
        return 0;
    }
    metric_count = (size_t)(state_len - SCORER_STRUCT_WORDS) / METRIC_STRUCT_WORDS;
    if (reference_count < 0 || reference_count > (*env)->GetArrayLength(env, references) ||
        reference_count > (*env)->GetArrayLength(env, reference_lens) ||
        (*env)->GetArrayLength(env, token_bytes) != reference_count + 1 ||
        (*env)->GetArrayLength(env, token_ends) != reference_count + 1 ||
        (size_t)(*env)->GetArrayLength(env, out) < metric_count * RESULT_DOUBLES) {
        throw_new(env, "java/lang/IllegalArgumentException",
                  "textScoreSegmented: a count exceeds its array, or the token lists are not one per text");
        return 0;
    }
    g.texts = (size_t)reference_count + 1;
    for (i = 0; i < (jsize)g.texts; i++) {
        jobject e = (*env)->GetObjectArrayElement(env, token_ends, i);
        if (e != NULL) {
            total_ends += (size_t)(*env)->GetArrayLength(env, (jarray)e);
            (*env)->DeleteLocalRef(env, e);
        }
    }
    g.strs = calloc(g.texts, sizeof *g.strs);
    g.tokens = calloc(g.texts, sizeof *g.tokens);
    g.all_ends = malloc((total_ends > 0 ? total_ends : 1) * sizeof *g.all_ends);
    g.state = malloc((size_t)state_len * sizeof *g.state);
    lens = malloc(g.texts * sizeof *lens);
    results = malloc((metric_count > 0 ? metric_count : 1) * sizeof *results);
    if (g.strs == NULL || g.tokens == NULL || g.all_ends == NULL || g.state == NULL || lens == NULL ||
        results == NULL) {
        throw_new(env, "java/lang/OutOfMemoryError", "rouge_jni: textScoreSegmented");
        ok = 0;
    }
    if (ok) {
        lens[0] = candidate_len;
        if (reference_count > 0) {
            (*env)->GetIntArrayRegion(env, reference_lens, 0, reference_count, lens + 1);
        }
        (*env)->GetLongArrayRegion(env, state, 0, state_len, g.state);
    }
    for (i = 0; ok && i < (jsize)g.texts; i++) {
        jobject text = i == 0 ? (*env)->NewLocalRef(env, candidate) : (*env)->GetObjectArrayElement(env, references, i - 1);
        jobject tb = (*env)->GetObjectArrayElement(env, token_bytes, i);
        jobject te = (*env)->GetObjectArrayElement(env, token_ends, i);
        ok = segmented_text(env, &g, (size_t)i, (jbyteArray)text, lens[i], (jbyteArray)tb, (jlongArray)te, &ends_at);
        if (text != NULL) (*env)->DeleteLocalRef(env, text);
        if (tb != NULL) (*env)->DeleteLocalRef(env, tb);
        if (te != NULL) (*env)->DeleteLocalRef(env, te);
    }

    if (ok) {
        scorer = (rouge_text_scorer *)(void *)g.state;
        scorer->metrics = (const rouge_metric *)(const void *)(g.state + SCORER_STRUCT_WORDS);
        ret = (jint)rouge_text_dims_of_segmented(&g.strs[0], g.strs + 1, g.texts - 1, g.tokens, &d);
        if (ret == ROUGE_OK && g.texts > 1 &&
            !(d.reference_count <= scorer->dims.reference_count && d.candidate_bytes <= scorer->dims.candidate_bytes &&
              d.reference_bytes <= scorer->dims.reference_bytes &&
              d.candidate_line_bytes <= scorer->dims.candidate_line_bytes &&
              d.reference_line_bytes <= scorer->dims.reference_line_bytes)) {
            jlong w[TEXT_DIMS_WORDS];
            w[0] = (jlong)d.reference_count;
            w[1] = (jlong)d.candidate_bytes;
            w[2] = (jlong)d.reference_bytes;
            w[3] = (jlong)d.candidate_line_bytes;
            w[4] = (jlong)d.reference_line_bytes;
            (*env)->SetLongArrayRegion(env, dims_out, 0, TEXT_DIMS_WORDS, w);
            ret = TEXT_BEYOND_DIMS;
        } else if (ret == ROUGE_OK) {
            jsize words = (*env)->GetArrayLength(env, scratch);
            void *p = (*env)->GetPrimitiveArrayCritical(env, scratch, NULL);
            if (p == NULL) {
                ok = 0; /* OutOfMemoryError pending */
            } else {
                ret = (jint)rouge_text_scorer_score_segmented(scorer, &g.strs[0], g.strs + 1, g.texts - 1, g.tokens,
                                                              (uint64_t *)p, (size_t)words, results);
                (*env)->ReleasePrimitiveArrayCritical(env, scratch, p, JNI_ABORT);
                if (ret == ROUGE_OK && metric_count > 0) {
                    (*env)->SetDoubleArrayRegion(env, out, 0, (jsize)(metric_count * RESULT_DOUBLES),
                                                 (const jdouble *)(const void *)results);
                }
            }
        }
    }
    segmented_free(&g);
    free(lens);
    free(results);
    return ok ? ret : 0;
}

/* rouge_xlsum_clean_text_bytes for a text of `len` bytes: the bytes, or minus a status. */
JNIEXPORT jlong JNICALL Java_org_librouge_Native_xlsumCleanTextBytes(JNIEnv *env, jclass cls, jlong len)
{
    size_t n = 0;
    rouge_status s;
    (void)env;
    (void)cls;
    if (len < 0) {
        return -(jlong)ROUGE_ERR_INVALID_ARGUMENT;
    }
    s = rouge_xlsum_clean_text_bytes((size_t)len, &n);
    return s != ROUGE_OK ? -(jlong)s : n > (size_t)INT32_MAX ? -(jlong)ROUGE_ERR_INPUT_TOO_LONG : (jlong)n;
}

/* rouge_xlsum_clean_text of all of `text` into `out`: the bytes written, or minus a status. */
JNIEXPORT jlong JNICALL Java_org_librouge_Native_xlsumCleanText(JNIEnv *env, jclass cls, jbyteArray text,
                                                               jbyteArray out)
{
    rouge_str in;
    char *buf;
    jsize out_len;
    size_t written = 0;
    rouge_status s;
    (void)cls;
    if (text == NULL || out == NULL) {
        throw_new(env, "java/lang/NullPointerException", "xlsumCleanText: text and out must not be null");
        return 0;
    }
    in.len = (size_t)(*env)->GetArrayLength(env, text);
    if ((in.ptr = bytes_copy(env, text, (jsize)in.len)) == NULL) {
        return 0;
    }
    out_len = (*env)->GetArrayLength(env, out);
    buf = malloc(out_len > 0 ? (size_t)out_len : 1);
    if (buf == NULL) {
        free((void *)in.ptr);
        throw_new(env, "java/lang/OutOfMemoryError", "rouge_jni: xlsumCleanText");
        return 0;
    }
    s = rouge_xlsum_clean_text(&in, buf, (size_t)out_len, &written);
    if (s == ROUGE_OK && written > 0) {
        (*env)->SetByteArrayRegion(env, out, 0, (jsize)written, (const jbyte *)buf);
    }
    free(buf);
    free((void *)in.ptr);
    return s != ROUGE_OK ? -(jlong)s : (jlong)written;
}
