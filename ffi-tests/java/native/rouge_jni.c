/*
 * JNI shim of the Java binding (org.librouge.Native) over include/rouge.h. Linked with the
 * static librouge.a into librouge_jni.so, which exports only the Java_org_librouge_* symbols
 * (librouge_jni.map).
 *
 * Every scoring entry point works in three steps:
 *   1. check the arguments and read everything that needs a JNI call (array lengths, the
 *      references' arrays, metrics and options copied with Get<Long>ArrayRegion), throwing a
 *      Java exception for a null or short array before anything is pinned;
 *   2. pin every array with GetPrimitiveArrayCritical, call the library (no JNI call, no
 *      blocking in between), release in reverse order: inputs and scratch with JNI_ABORT (no
 *      copy-back), the output with 0;
 *   3. return the status; Java throws RougeException from it (a JNI exception is only raised
 *      when pinning failed, after everything taken was released).
 * Java arrays map onto the C types without copies: int[] onto uint32_t (ids >= 2^31 are
 * negative ints, same bits), long[] onto size_t and uint64_t, double[6] onto rouge_result.
 * The stream entry points follow the same steps; a stream's states (a long[] per reference)
 * are released with 0 where the library writes them (init, push, end of sentence, reset) and
 * with JNI_ABORT where it only reads them (score).
 */
#include <jni.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "org_librouge_Native.h"
#include "rouge.h"

/* C99 has no _Static_assert: a negative array size fails the build. */
#define STATIC_CHECK(name, cond) typedef char rouge_jni_check_##name[(cond) ? 1 : -1]
STATIC_CHECK(id_is_jint, sizeof(uint32_t) == sizeof(jint));
STATIC_CHECK(size_is_jlong, sizeof(size_t) == sizeof(jlong));
STATIC_CHECK(word_is_jlong, sizeof(uint64_t) == sizeof(jlong));
STATIC_CHECK(result_is_6_doubles, sizeof(rouge_result) == 6 * sizeof(jdouble));
STATIC_CHECK(double_is_jdouble, sizeof(double) == sizeof(jdouble));

enum { METRIC_WORDS = 4, OPTION_WORDS = 5, RESULT_DOUBLES = 6 };
/* Calls with up to this many references / metrics use stack buffers; more use malloc. */
enum { SMALL_REFS = 8, SMALL_METRICS = 16 };

static void throw_new(JNIEnv *env, const char *class_name, const char *message)
{
    jclass c = (*env)->FindClass(env, class_name);
    if (c != NULL) {
        (*env)->ThrowNew(env, c, message);
    }
}

static void throw_npe(JNIEnv *env, const char *message)
{
    throw_new(env, "java/lang/NullPointerException", message);
}

static void throw_iae(JNIEnv *env, const char *message)
{
    throw_new(env, "java/lang/IllegalArgumentException", message);
}

static void throw_oom(JNIEnv *env, const char *message)
{
    throw_new(env, "java/lang/OutOfMemoryError", message);
}

/* ---------------------------------------------------------------------------------------- */
/* Pinning                                                                                   */
/* ---------------------------------------------------------------------------------------- */

/* One array to pin: its Java reference, the length checked before pinning, the release mode. */
struct pin {
    jarray array;
    jsize len;
    jint mode;
    void *ptr;
};

static void pin_set(struct pin *p, jarray array, jsize len, jint mode)
{
    p->array = array;
    p->len = len;
    p->mode = mode;
    p->ptr = NULL;
}

static void unpin_all(JNIEnv *env, struct pin *pins, size_t taken)
{
    while (taken > 0) {
        struct pin *p = &pins[--taken];
        if (p->ptr != NULL) {
            (*env)->ReleasePrimitiveArrayCritical(env, p->array, p->ptr, p->mode);
            p->ptr = NULL;
        }
    }
}

/*
 * Enters the critical region: pins every array of non-zero length (empty or null arrays stay
 * NULL, which the library reads as an empty array). Only Get/ReleasePrimitiveArrayCritical are
 * called until unpin_all. Returns 0 if the VM could not pin an array: everything taken so far
 * has been released, then an OutOfMemoryError is pending.
 */
static int pin_all(JNIEnv *env, struct pin *pins, size_t count)
{
    size_t i;
    for (i = 0; i < count; i++) {
        if (pins[i].array == NULL || pins[i].len == 0) {
            continue;
        }
        pins[i].ptr = (*env)->GetPrimitiveArrayCritical(env, pins[i].array, NULL);
        if (pins[i].ptr == NULL) {
            unpin_all(env, pins, i);
            /* Out of the critical region again: JNI calls are allowed. */
            if (!(*env)->ExceptionCheck(env)) {
                throw_oom(env, "rouge_jni: GetPrimitiveArrayCritical failed");
            }
            return 0;
        }
    }
    return 1;
}

/* ---------------------------------------------------------------------------------------- */
/* Metrics and options                                                                       */
/* ---------------------------------------------------------------------------------------- */

static double double_of_bits(jlong bits)
{
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

/* Reads the 4-long metric layout (kind, n, skip, weight bits); `raw` holds 4 * count longs. */
static void metrics_of(const jlong *raw, size_t count, rouge_metric *out)
{
    size_t i;
    for (i = 0; i < count; i++) {
        const jlong *w = raw + i * METRIC_WORDS;
        out[i].kind = (uint32_t)w[0];
        out[i].n = (uint32_t)w[1];
        out[i].skip = (int64_t)w[2];
        out[i].weight = double_of_bits(w[3]);
    }
}

/* Metrics and options copied out of their Java arrays (before any pinning). */
struct config {
    rouge_metric small[SMALL_METRICS];
    rouge_metric *metrics;
    size_t metric_count;
    rouge_options options;
};

/* Fills `c`; throws and returns 0 on a null or malformed array or when out of memory. */
static int config_read(JNIEnv *env, jlongArray metrics, jlongArray options, struct config *c)
{
    jlong o[OPTION_WORDS];
    jlong *raw;
    jsize len;
    c->metrics = c->small;
    c->metric_count = 0;
    if (metrics == NULL || options == NULL) {
        throw_npe(env, "metrics and options must not be null");
        return 0;
    }
    len = (*env)->GetArrayLength(env, metrics);
    if (len % METRIC_WORDS != 0 || (*env)->GetArrayLength(env, options) != OPTION_WORDS) {
        throw_iae(env, "malformed metric or option words");
        return 0;
    }
    c->metric_count = (size_t)len / METRIC_WORDS;
    raw = malloc(len > 0 ? (size_t)len * sizeof *raw : 1);
    if (c->metric_count > SMALL_METRICS) {
        c->metrics = malloc(c->metric_count * sizeof *c->metrics);
    }
    if (raw == NULL || c->metrics == NULL) {
        free(raw);
        if (c->metrics != c->small) {
            free(c->metrics);
        }
        c->metrics = c->small;
        throw_oom(env, "rouge_jni: metrics");
        return 0;
    }
    (*env)->GetLongArrayRegion(env, metrics, 0, len, raw);
    metrics_of(raw, c->metric_count, c->metrics);
    free(raw);
    (*env)->GetLongArrayRegion(env, options, 0, OPTION_WORDS, o);
    c->options.flavour = (uint32_t)o[0];
    c->options.multi_reference = (uint32_t)o[1];
    c->options.jackknife = (uint32_t)o[2];
    c->options.round = (uint32_t)o[3];
    c->options.alpha = double_of_bits(o[4]);
    return 1;
}

static void config_free(struct config *c)
{
    if (c->metrics != c->small) {
        free(c->metrics);
    }
    c->metrics = c->small;
}

/* The return value for "scratch too small, `words` needed": minus the need. */
static jlong need_more(size_t words)
{
    return words > (size_t)INT64_MAX ? (jlong)ROUGE_ERR_INPUT_TOO_LONG : -(jlong)words;
}

/* ---------------------------------------------------------------------------------------- */
/* Plain calls                                                                               */
/* ---------------------------------------------------------------------------------------- */

JNIEXPORT jint JNICALL Java_org_librouge_Native_abiVersion(JNIEnv *env, jclass cls)
{
    (void)env;
    (void)cls;
    return (jint)rouge_abi_version();
}

JNIEXPORT jstring JNICALL Java_org_librouge_Native_version(JNIEnv *env, jclass cls)
{
    (void)cls;
    return (*env)->NewStringUTF(env, rouge_version());
}

JNIEXPORT jstring JNICALL Java_org_librouge_Native_statusString(JNIEnv *env, jclass cls, jint status)
{
    (void)cls;
    return (*env)->NewStringUTF(env, rouge_status_str((rouge_status)status));
}

JNIEXPORT jint JNICALL Java_org_librouge_Native_metricParse(JNIEnv *env, jclass cls, jbyteArray name,
                                                           jlongArray out)
{
    rouge_metric m;
    rouge_status s;
    jsize len;
    jbyte *bytes;
    (void)cls;
    if (name == NULL || out == NULL) {
        throw_npe(env, "name and out must not be null");
        return 0;
    }
    if ((*env)->GetArrayLength(env, out) < METRIC_WORDS) {
        throw_iae(env, "out holds fewer than 4 longs");
        return 0;
    }
    len = (*env)->GetArrayLength(env, name);
    /* A copy, not a critical region: a name is short and this is not a hot path. */
    bytes = (*env)->GetByteArrayElements(env, name, NULL);
    if (bytes == NULL) {
        return 0; /* OutOfMemoryError pending */
    }
    s = rouge_metric_parse((const char *)bytes, (size_t)len, &m);
    (*env)->ReleaseByteArrayElements(env, name, bytes, JNI_ABORT);
    if (s == ROUGE_OK) {
        jlong w[METRIC_WORDS];
        w[0] = (jlong)m.kind;
        w[1] = (jlong)m.n;
        w[2] = (jlong)m.skip;
        memcpy(&w[3], &m.weight, sizeof m.weight);
        (*env)->SetLongArrayRegion(env, out, 0, METRIC_WORDS, w);
    }
    return (jint)s;
}

JNIEXPORT jint JNICALL Java_org_librouge_Native_optionsInit(JNIEnv *env, jclass cls, jint flavour, jlongArray out)
{
    rouge_options o;
    rouge_status s;
    (void)cls;
    if (out == NULL) {
        throw_npe(env, "out must not be null");
        return 0;
    }
    if ((*env)->GetArrayLength(env, out) < OPTION_WORDS) {
        throw_iae(env, "out holds fewer than 5 longs");
        return 0;
    }
    s = rouge_options_init((uint32_t)flavour, &o);
    if (s == ROUGE_OK) {
        jlong w[OPTION_WORDS];
        w[0] = (jlong)o.flavour;
        w[1] = (jlong)o.multi_reference;
        w[2] = (jlong)o.jackknife;
        w[3] = (jlong)o.round;
        memcpy(&w[4], &o.alpha, sizeof o.alpha);
        (*env)->SetLongArrayRegion(env, out, 0, OPTION_WORDS, w);
    }
    return (jint)s;
}

JNIEXPORT jint JNICALL Java_org_librouge_Native_validate(JNIEnv *env, jclass cls, jlongArray metrics,
                                                        jlongArray options)
{
    struct config c;
    rouge_dims none;
    size_t words;
    rouge_status s;
    (void)cls;
    if (!config_read(env, metrics, options, &c)) {
        return 0;
    }
    memset(&none, 0, sizeof none);
    s = rouge_scratch_words(c.metrics, c.metric_count, &c.options, &none, &words);
    config_free(&c);
    return (jint)s;
}

/* ---------------------------------------------------------------------------------------- */
/* One pair                                                                                  */
/* ---------------------------------------------------------------------------------------- */

/* Pins of scorePair: scratch, out, candidate tokens and ends, then tokens and ends per reference. */
enum { PAIR_SCRATCH, PAIR_OUT, PAIR_CAND, PAIR_CAND_ENDS, PAIR_FIXED_PINS };

JNIEXPORT jlong JNICALL Java_org_librouge_Native_scorePair(JNIEnv *env, jclass cls, jintArray candidate,
                                                          jlongArray candidate_ends, jobjectArray references,
                                                          jobjectArray reference_ends, jlongArray metrics,
                                                          jlongArray options, jlongArray scratch,
                                                          jdoubleArray out)
{
    struct pin small_pins[PAIR_FIXED_PINS + 2 * SMALL_REFS], *pins = small_pins;
    rouge_summary small_refs[SMALL_REFS], *refs = small_refs;
    struct config c;
    rouge_summary cand;
    rouge_dims dims;
    size_t words = 0, n_refs, n_pins, r, fetched = 0;
    jlong ret = 0;
    rouge_status s;
    jsize out_len;
    int ok = 1;
    (void)cls;

    /* 1. Arguments, outside any critical region. */
    if (candidate == NULL || references == NULL || scratch == NULL || out == NULL) {
        throw_npe(env, "candidate, references, scratch and out must not be null");
        return 0;
    }
    n_refs = (size_t)(*env)->GetArrayLength(env, references);
    if (reference_ends != NULL && (size_t)(*env)->GetArrayLength(env, reference_ends) != n_refs) {
        throw_iae(env, "references and their sentence ends differ in length");
        return 0;
    }
    if (!config_read(env, metrics, options, &c)) {
        return 0;
    }
    out_len = (*env)->GetArrayLength(env, out);
    if ((size_t)out_len < c.metric_count * RESULT_DOUBLES) {
        config_free(&c);
        throw_iae(env, "out holds fewer than 6 doubles per metric");
        return 0;
    }
    n_pins = PAIR_FIXED_PINS + 2 * n_refs;
    if (n_refs > SMALL_REFS) {
        pins = malloc(n_pins * sizeof *pins);
        refs = malloc(n_refs * sizeof *refs);
        if (pins == NULL || refs == NULL) {
            free(pins);
            free(refs);
            config_free(&c);
            throw_oom(env, "rouge_jni: references");
            return 0;
        }
    }
    /* Two local references per reference (its tokens and its ends), deleted before returning. */
    if ((*env)->EnsureLocalCapacity(env, (jint)(2 * n_refs < 0x7fffffff ? 2 * n_refs : 0x7fffffff)) != 0) {
        if (pins != small_pins) {
            free(pins);
            free(refs);
        }
        config_free(&c);
        return 0; /* OutOfMemoryError pending */
    }
    pin_set(&pins[PAIR_SCRATCH], scratch, (*env)->GetArrayLength(env, scratch), JNI_ABORT);
    pin_set(&pins[PAIR_OUT], out, out_len, 0);
    pin_set(&pins[PAIR_CAND], candidate, (*env)->GetArrayLength(env, candidate), JNI_ABORT);
    pin_set(&pins[PAIR_CAND_ENDS], candidate_ends,
            candidate_ends == NULL ? 0 : (*env)->GetArrayLength(env, candidate_ends), JNI_ABORT);
    for (r = 0; ok && r < n_refs; r++) {
        jarray t = (*env)->GetObjectArrayElement(env, references, (jsize)r);
        jarray e = reference_ends == NULL ? NULL : (*env)->GetObjectArrayElement(env, reference_ends, (jsize)r);
        pin_set(&pins[PAIR_FIXED_PINS + 2 * r], t, t == NULL ? 0 : (*env)->GetArrayLength(env, t), JNI_ABORT);
        pin_set(&pins[PAIR_FIXED_PINS + 2 * r + 1], e, e == NULL ? 0 : (*env)->GetArrayLength(env, e), JNI_ABORT);
        fetched = r + 1;
        if (t == NULL) {
            throw_npe(env, "a reference is null");
            ok = 0;
        }
    }

    /* 2. The critical region: pins, library calls, releases. */
    if (ok && pin_all(env, pins, n_pins)) {
        cand.tokens = (const uint32_t *)pins[PAIR_CAND].ptr;
        cand.len = (size_t)pins[PAIR_CAND].len;
        cand.sentence_ends = (const size_t *)pins[PAIR_CAND_ENDS].ptr;
        cand.sentence_count = (size_t)pins[PAIR_CAND_ENDS].len;
        for (r = 0; r < n_refs; r++) {
            const struct pin *t = &pins[PAIR_FIXED_PINS + 2 * r], *e = t + 1;
            refs[r].tokens = (const uint32_t *)t->ptr;
            refs[r].len = (size_t)t->len;
            refs[r].sentence_ends = (const size_t *)e->ptr;
            refs[r].sentence_count = (size_t)e->len;
        }
        s = rouge_dims_of(&cand, refs, n_refs, &dims);
        if (s == ROUGE_OK) {
            s = rouge_scratch_words(c.metrics, c.metric_count, &c.options, &dims, &words);
        }
        if (s == ROUGE_OK && words > (size_t)pins[PAIR_SCRATCH].len) {
            ret = need_more(words);
        } else {
            if (s == ROUGE_OK) {
                s = rouge_score_pair(&cand, refs, n_refs, c.metrics, c.metric_count, &c.options,
                                     (uint64_t *)pins[PAIR_SCRATCH].ptr, (size_t)pins[PAIR_SCRATCH].len,
                                     (rouge_result *)pins[PAIR_OUT].ptr);
            }
            ret = (jlong)s;
        }
        unpin_all(env, pins, n_pins);
    }

    /* 3. Clean up; a pending exception (null reference, pinning failure) wins over `ret`. */
    for (r = 0; r < fetched; r++) {
        if (pins[PAIR_FIXED_PINS + 2 * r].array != NULL) {
            (*env)->DeleteLocalRef(env, pins[PAIR_FIXED_PINS + 2 * r].array);
        }
        if (pins[PAIR_FIXED_PINS + 2 * r + 1].array != NULL) {
            (*env)->DeleteLocalRef(env, pins[PAIR_FIXED_PINS + 2 * r + 1].array);
        }
    }
    if (pins != small_pins) {
        free(pins);
        free(refs);
    }
    config_free(&c);
    return ret;
}

/* ---------------------------------------------------------------------------------------- */
/* A batch                                                                                   */
/* ---------------------------------------------------------------------------------------- */

enum { BATCH_SCRATCH, BATCH_OUT, BATCH_TOKENS, BATCH_SEGMENTS, BATCH_SENTENCES, BATCH_PAIRS, BATCH_PINS };

/* Checks that `used` elements of `array` exist (array may be NULL only when used is 0). */
static int prefix_ok(JNIEnv *env, jarray array, jlong used)
{
    if (used < 0) {
        return 0;
    }
    if (array == NULL) {
        return used == 0;
    }
    return used <= (jlong)(*env)->GetArrayLength(env, array);
}

JNIEXPORT jlong JNICALL Java_org_librouge_Native_scoreBatch(JNIEnv *env, jclass cls, jintArray tokens,
                                                           jint tokens_len, jlongArray segment_ends,
                                                           jint segment_count, jlongArray sentence_ends,
                                                           jint sentence_ends_len, jlongArray pair_segments,
                                                           jint pair_count, jlongArray metrics, jlongArray options,
                                                           jlongArray scratch, jdoubleArray out)
{
    struct pin pins[BATCH_PINS];
    struct config c;
    rouge_batch b;
    size_t words = 0, results;
    jlong ret = 0;
    rouge_status s;
    (void)cls;

    /* 1. Arguments, outside any critical region. */
    if (scratch == NULL || out == NULL || pair_segments == NULL) {
        throw_npe(env, "scratch, out and pair_segments must not be null");
        return 0;
    }
    if (pair_count < 0 || !prefix_ok(env, tokens, tokens_len) || !prefix_ok(env, segment_ends, segment_count) ||
        !prefix_ok(env, sentence_ends, sentence_ends_len) || !prefix_ok(env, pair_segments, (jlong)pair_count + 1)) {
        throw_iae(env, "a batch length is negative or exceeds its array");
        return 0;
    }
    if (!config_read(env, metrics, options, &c)) {
        return 0;
    }
    results = (size_t)pair_count * c.metric_count; /* < 2^31 * 2^29: no overflow */
    if (results > (size_t)0x7fffffff / RESULT_DOUBLES || !prefix_ok(env, out, (jlong)results * RESULT_DOUBLES)) {
        config_free(&c);
        throw_iae(env, "out holds fewer than 6 doubles per pair and metric");
        return 0;
    }
    pin_set(&pins[BATCH_SCRATCH], scratch, (*env)->GetArrayLength(env, scratch), JNI_ABORT);
    pin_set(&pins[BATCH_OUT], out, (jsize)(results * RESULT_DOUBLES), 0);
    pin_set(&pins[BATCH_TOKENS], tokens, tokens_len, JNI_ABORT);
    pin_set(&pins[BATCH_SEGMENTS], segment_ends, segment_count, JNI_ABORT);
    pin_set(&pins[BATCH_SENTENCES], sentence_ends, sentence_ends_len, JNI_ABORT);
    pin_set(&pins[BATCH_PAIRS], pair_segments, pair_count + 1, JNI_ABORT);

    /* 2. The critical region. */
    if (pin_all(env, pins, BATCH_PINS)) {
        b.tokens = (const uint32_t *)pins[BATCH_TOKENS].ptr;
        b.tokens_len = (size_t)tokens_len;
        b.segment_ends = (const size_t *)pins[BATCH_SEGMENTS].ptr;
        b.segment_count = (size_t)segment_count;
        b.sentence_ends = (const size_t *)pins[BATCH_SENTENCES].ptr;
        b.sentence_ends_len = (size_t)sentence_ends_len;
        b.pair_segments = (const size_t *)pins[BATCH_PAIRS].ptr;
        b.pair_count = (size_t)pair_count;
        s = rouge_batch_scratch_words(&b, c.metrics, c.metric_count, &c.options, &words);
        if (s == ROUGE_OK && words > (size_t)pins[BATCH_SCRATCH].len) {
            ret = need_more(words);
        } else {
            if (s == ROUGE_OK) {
                s = rouge_score_batch(&b, c.metrics, c.metric_count, &c.options, (uint64_t *)pins[BATCH_SCRATCH].ptr,
                                      (size_t)pins[BATCH_SCRATCH].len, (rouge_result *)pins[BATCH_OUT].ptr, results);
            }
            ret = (jlong)s;
        }
        unpin_all(env, pins, BATCH_PINS);
    }
    config_free(&c);
    return ret;
}

/* ---------------------------------------------------------------------------------------- */
/* Streams                                                                                   */
/* ---------------------------------------------------------------------------------------- */

enum { STREAM_CONFIG_WORDS = 4 };

/* Reads the 4-long configuration {max_n, lcs, lsum, max_sentence_len}; throws and returns 0
   on a null or malformed array. The Java side has checked that no field is negative. */
static int stream_config_read(JNIEnv *env, jlongArray config, rouge_stream_config *out)
{
    jlong w[STREAM_CONFIG_WORDS];
    if (config == NULL) {
        throw_npe(env, "config must not be null");
        return 0;
    }
    if ((*env)->GetArrayLength(env, config) != STREAM_CONFIG_WORDS) {
        throw_iae(env, "malformed stream config words");
        return 0;
    }
    (*env)->GetLongArrayRegion(env, config, 0, STREAM_CONFIG_WORDS, w);
    out->max_n = w[0] < 0 || w[0] > (jlong)UINT32_MAX ? UINT32_MAX : (uint32_t)w[0];
    out->lcs = w[1] != 0;
    out->lsum = w[2] != 0;
    out->max_sentence_len = w[3] < 0 ? SIZE_MAX : (size_t)w[3];
    return 1;
}

JNIEXPORT jint JNICALL Java_org_librouge_Native_streamWords(JNIEnv *env, jclass cls, jintArray reference,
                                                           jlongArray reference_ends, jlongArray config,
                                                           jlongArray out)
{
    enum { REF, REF_ENDS, PINS };
    struct pin pins[PINS];
    rouge_stream_config cfg;
    rouge_summary r;
    rouge_status s = ROUGE_OK;
    size_t words = 0;
    (void)cls;
    if (reference == NULL || out == NULL) {
        throw_npe(env, "reference and out must not be null");
        return 0;
    }
    if ((*env)->GetArrayLength(env, out) < 1) {
        throw_iae(env, "out holds no long");
        return 0;
    }
    if (!stream_config_read(env, config, &cfg)) {
        return 0;
    }
    pin_set(&pins[REF], reference, (*env)->GetArrayLength(env, reference), JNI_ABORT);
    pin_set(&pins[REF_ENDS], reference_ends,
            reference_ends == NULL ? 0 : (*env)->GetArrayLength(env, reference_ends), JNI_ABORT);
    if (!pin_all(env, pins, PINS)) {
        return 0; /* OutOfMemoryError pending */
    }
    r.tokens = (const uint32_t *)pins[REF].ptr;
    r.len = (size_t)pins[REF].len;
    r.sentence_ends = (const size_t *)pins[REF_ENDS].ptr;
    r.sentence_count = (size_t)pins[REF_ENDS].len;
    s = rouge_stream_words(&r, &cfg, &words);
    unpin_all(env, pins, PINS);
    /* Out of the critical region: the result goes back with a JNI call. */
    if (s == ROUGE_OK) {
        jlong w = words > (size_t)INT64_MAX ? INT64_MAX : (jlong)words;
        (*env)->SetLongArrayRegion(env, out, 0, 1, &w);
    }
    return (jint)s;
}

JNIEXPORT jint JNICALL Java_org_librouge_Native_streamInit(JNIEnv *env, jclass cls, jlongArray state,
                                                          jintArray reference, jlongArray reference_ends,
                                                          jlongArray config)
{
    enum { STATE, REF, REF_ENDS, PINS };
    struct pin pins[PINS];
    rouge_stream_config cfg;
    rouge_summary r;
    rouge_status s;
    (void)cls;
    if (state == NULL || reference == NULL) {
        throw_npe(env, "state and reference must not be null");
        return 0;
    }
    if (!stream_config_read(env, config, &cfg)) {
        return 0;
    }
    pin_set(&pins[STATE], state, (*env)->GetArrayLength(env, state), 0);
    pin_set(&pins[REF], reference, (*env)->GetArrayLength(env, reference), JNI_ABORT);
    pin_set(&pins[REF_ENDS], reference_ends,
            reference_ends == NULL ? 0 : (*env)->GetArrayLength(env, reference_ends), JNI_ABORT);
    if (!pin_all(env, pins, PINS)) {
        return 0; /* OutOfMemoryError pending */
    }
    r.tokens = (const uint32_t *)pins[REF].ptr;
    r.len = (size_t)pins[REF].len;
    r.sentence_ends = (const size_t *)pins[REF_ENDS].ptr;
    r.sentence_count = (size_t)pins[REF_ENDS].len;
    s = rouge_stream_init((uint64_t *)pins[STATE].ptr, (size_t)pins[STATE].len, &r, &cfg);
    unpin_all(env, pins, PINS);
    return (jint)s;
}

/*
 * The states of a stream (a long[][], one state per reference) set up for pinning at
 * pins[first .. first + n) with release `mode`: `n` local references are taken (the Java array
 * of states has been checked non-null). Returns 0 with a NullPointerException pending if a
 * state is null; *fetched counts the local references to delete with states_release either way.
 */
static int states_fetch(JNIEnv *env, jobjectArray states, size_t n, struct pin *pins, jint mode, size_t *fetched)
{
    size_t i;
    *fetched = 0;
    for (i = 0; i < n; i++) {
        jarray a = (*env)->GetObjectArrayElement(env, states, (jsize)i);
        pin_set(&pins[i], a, a == NULL ? 0 : (*env)->GetArrayLength(env, a), mode);
        *fetched = i + 1;
        if (a == NULL) {
            throw_npe(env, "a stream state is null");
            return 0;
        }
    }
    return 1;
}

static void states_release(JNIEnv *env, struct pin *pins, size_t fetched)
{
    size_t i;
    for (i = 0; i < fetched; i++) {
        if (pins[i].array != NULL) {
            (*env)->DeleteLocalRef(env, pins[i].array);
        }
    }
}

/* The per-state operations of streamPush, streamEndSentence and streamReset. */
enum stream_op { STREAM_PUSH, STREAM_END_SENTENCE, STREAM_RESET };

/*
 * Pins every state (release mode 0: they are written) and applies `op` to each in order,
 * stopping at the first error. The states share their configuration and their tokens, so an
 * error comes from the first state, before any changed.
 */
static jint stream_each(JNIEnv *env, jobjectArray states, enum stream_op op, uint32_t token)
{
    struct pin small_pins[SMALL_REFS], *pins = small_pins;
    size_t n, i, fetched = 0;
    rouge_status s = ROUGE_OK;
    if (states == NULL) {
        throw_npe(env, "states must not be null");
        return 0;
    }
    n = (size_t)(*env)->GetArrayLength(env, states);
    if (n > SMALL_REFS) {
        pins = malloc(n * sizeof *pins);
        if (pins == NULL) {
            throw_oom(env, "rouge_jni: stream states");
            return 0;
        }
    }
    if ((*env)->EnsureLocalCapacity(env, (jint)n) != 0) {
        if (pins != small_pins) {
            free(pins);
        }
        return 0; /* OutOfMemoryError pending */
    }
    if (states_fetch(env, states, n, pins, 0, &fetched) && pin_all(env, pins, n)) {
        for (i = 0; s == ROUGE_OK && i < n; i++) {
            uint64_t *st = (uint64_t *)pins[i].ptr;
            size_t words = (size_t)pins[i].len;
            switch (op) {
            case STREAM_PUSH:
                s = rouge_stream_push(st, words, token);
                break;
            case STREAM_END_SENTENCE:
                s = rouge_stream_end_sentence(st, words);
                break;
            default:
                s = rouge_stream_reset(st, words);
                break;
            }
        }
        unpin_all(env, pins, n);
    }
    states_release(env, pins, fetched);
    if (pins != small_pins) {
        free(pins);
    }
    return (jint)s;
}

JNIEXPORT jint JNICALL Java_org_librouge_Native_streamPush(JNIEnv *env, jclass cls, jobjectArray states, jint token)
{
    (void)cls;
    return stream_each(env, states, STREAM_PUSH, (uint32_t)token);
}

JNIEXPORT jint JNICALL Java_org_librouge_Native_streamEndSentence(JNIEnv *env, jclass cls, jobjectArray states)
{
    (void)cls;
    return stream_each(env, states, STREAM_END_SENTENCE, 0);
}

JNIEXPORT jint JNICALL Java_org_librouge_Native_streamReset(JNIEnv *env, jclass cls, jobjectArray states)
{
    (void)cls;
    return stream_each(env, states, STREAM_RESET, 0);
}

/* Pins of streamScore: the output, then the states (read only). */
enum { SCORE_OUT, SCORE_FIXED_PINS };

JNIEXPORT jint JNICALL Java_org_librouge_Native_streamScore(JNIEnv *env, jclass cls, jobjectArray states,
                                                           jlongArray metrics, jlongArray options, jdoubleArray out)
{
    struct pin small_pins[SCORE_FIXED_PINS + SMALL_REFS], *pins = small_pins;
    const uint64_t *small_ptrs[SMALL_REFS], **ptrs = small_ptrs;
    size_t small_words[SMALL_REFS], *words = small_words;
    struct config c;
    size_t n, i, fetched = 0;
    rouge_status s = ROUGE_OK;
    jsize out_len;
    (void)cls;

    /* 1. Arguments, outside any critical region. */
    if (states == NULL || out == NULL) {
        throw_npe(env, "states and out must not be null");
        return 0;
    }
    if (!config_read(env, metrics, options, &c)) {
        return 0;
    }
    out_len = (*env)->GetArrayLength(env, out);
    if ((size_t)out_len < c.metric_count * RESULT_DOUBLES) {
        config_free(&c);
        throw_iae(env, "out holds fewer than 6 doubles per metric");
        return 0;
    }
    n = (size_t)(*env)->GetArrayLength(env, states);
    if (n > SMALL_REFS) {
        pins = malloc((SCORE_FIXED_PINS + n) * sizeof *pins);
        ptrs = malloc(n * sizeof *ptrs);
        words = malloc(n * sizeof *words);
        if (pins == NULL || ptrs == NULL || words == NULL) {
            free(pins);
            free(ptrs);
            free(words);
            config_free(&c);
            throw_oom(env, "rouge_jni: stream states");
            return 0;
        }
    }
    if ((*env)->EnsureLocalCapacity(env, (jint)n) != 0) {
        s = 0; /* OutOfMemoryError pending */
    } else {
        pin_set(&pins[SCORE_OUT], out, out_len, 0);
        /* 2. The critical region: pins, the library call, releases. */
        if (states_fetch(env, states, n, pins + SCORE_FIXED_PINS, JNI_ABORT, &fetched) &&
            pin_all(env, pins, SCORE_FIXED_PINS + n)) {
            for (i = 0; i < n; i++) {
                ptrs[i] = (const uint64_t *)pins[SCORE_FIXED_PINS + i].ptr;
                words[i] = (size_t)pins[SCORE_FIXED_PINS + i].len;
            }
            s = rouge_stream_score(ptrs, words, n, c.metrics, c.metric_count, &c.options,
                                   (rouge_result *)pins[SCORE_OUT].ptr);
            unpin_all(env, pins, SCORE_FIXED_PINS + n);
        }
        /* 3. Clean up; a pending exception (null state, pinning failure) wins over `s`. */
        states_release(env, pins + SCORE_FIXED_PINS, fetched);
    }
    if (pins != small_pins) {
        free(pins);
        free(ptrs);
        free(words);
    }
    config_free(&c);
    return (jint)s;
}

/* ---------------------------------------------------------------------------------------- */
/* Text                                                                                      */
/* ---------------------------------------------------------------------------------------- */

enum { TEXT_OPTION_WORDS = 6, TEXT_DIMS_WORDS = 5, METRIC_STRUCT_WORDS = sizeof(rouge_metric) / sizeof(jlong) };
STATIC_CHECK(metric_is_3_words, sizeof(rouge_metric) == 3 * sizeof(jlong));
/* A prepared text scorer lives in a Java long[]: the rouge_text_scorer, then a copy of its
   metrics. The array may move between calls, so every call points the scorer's `metrics` at
   the copy where it is pinned (the content never changes; the header allows copying a scorer
   within a process). No native handle, nothing to free. */
enum { SCORER_STRUCT_WORDS = (sizeof(rouge_text_scorer) + sizeof(jlong) - 1) / sizeof(jlong) };

static rouge_text_scorer *scorer_in(jlong *state)
{
    rouge_text_scorer *s = (rouge_text_scorer *)(void *)state;
    s->metrics = (const rouge_metric *)(const void *)(state + SCORER_STRUCT_WORDS);
    return s;
}

JNIEXPORT jint JNICALL Java_org_librouge_Native_textScorerWords(JNIEnv *env, jclass cls, jint metric_count)
{
    (void)env;
    (void)cls;
    return (jint)SCORER_STRUCT_WORDS + metric_count * (jint)METRIC_STRUCT_WORDS;
}

JNIEXPORT jint JNICALL Java_org_librouge_Native_textOptionsInit(JNIEnv *env, jclass cls, jint tokenizer,
                                                               jlongArray out)
{
    rouge_text_options t;
    rouge_status s;
    (void)cls;
    if (out == NULL) {
        throw_npe(env, "out must not be null");
        return 0;
    }
    if ((*env)->GetArrayLength(env, out) < TEXT_OPTION_WORDS) {
        throw_iae(env, "out holds fewer than 6 longs");
        return 0;
    }
    s = rouge_text_options_init((uint32_t)tokenizer, &t);
    if (s == ROUGE_OK) {
        jlong w[TEXT_OPTION_WORDS];
        w[0] = (jlong)t.tokenizer;
        w[1] = (jlong)t.stem;
        w[2] = (jlong)t.stopwords;
        w[3] = (jlong)t.lcs_path;
        w[4] = (jlong)t.word_limit;
        w[5] = (jlong)t.byte_limit;
        (*env)->SetLongArrayRegion(env, out, 0, TEXT_OPTION_WORDS, w);
    }
    return (jint)s;
}

static jlong text_scorer_init(JNIEnv *env, jlongArray metrics, jlongArray options, jlongArray text_options,
                              const char *lang, size_t lang_len, jlongArray dims, jlongArray state);

/*
 * rouge_text_scorer_init into `state` (textScorerWords(metric count) longs), with XL-Sum's
 * language `lang` (UTF-8; null: none), which the scorer resolves, so the bytes are needed for
 * this call only. Returns the scratch words every score call needs, or minus a status.
 */
JNIEXPORT jlong JNICALL Java_org_librouge_Native_textScorerInit(JNIEnv *env, jclass cls, jlongArray metrics,
                                                               jlongArray options, jlongArray text_options,
                                                               jbyteArray lang, jlongArray dims, jlongArray state)
{
    char *lang_bytes = NULL;
    jsize lang_len = 0;
    jlong ret;
    (void)cls;
    if (text_options == NULL || dims == NULL || state == NULL) {
        throw_npe(env, "text options, dims and state must not be null");
        return 0;
    }
    if ((*env)->GetArrayLength(env, text_options) != TEXT_OPTION_WORDS ||
        (*env)->GetArrayLength(env, dims) != TEXT_DIMS_WORDS) {
        throw_iae(env, "malformed text option or dims words");
        return 0;
    }
    if (lang != NULL && (lang_len = (*env)->GetArrayLength(env, lang)) > 0) {
        lang_bytes = malloc((size_t)lang_len);
        if (lang_bytes == NULL) {
            throw_oom(env, "rouge_jni: lang");
            return 0;
        }
        (*env)->GetByteArrayRegion(env, lang, 0, lang_len, (jbyte *)lang_bytes);
    }
    ret = text_scorer_init(env, metrics, options, text_options, lang_bytes, (size_t)lang_len, dims, state);
    free(lang_bytes);
    return ret;
}

static jlong text_scorer_init(JNIEnv *env, jlongArray metrics, jlongArray options, jlongArray text_options,
                              const char *lang, size_t lang_len, jlongArray dims, jlongArray state)
{
    struct config c;
    rouge_text_options t;
    rouge_text_dims d;
    rouge_text_scorer scorer;
    jlong w[TEXT_OPTION_WORDS > TEXT_DIMS_WORDS ? TEXT_OPTION_WORDS : TEXT_DIMS_WORDS];
    jlong *copy;
    rouge_status s;
    size_t i;
    if (!config_read(env, metrics, options, &c)) {
        return 0;
    }
    if ((size_t)(*env)->GetArrayLength(env, state) != SCORER_STRUCT_WORDS + c.metric_count * METRIC_STRUCT_WORDS) {
        config_free(&c);
        throw_iae(env, "state is not textScorerWords(metric count) longs");
        return 0;
    }
    (*env)->GetLongArrayRegion(env, text_options, 0, TEXT_OPTION_WORDS, w);
    memset(&t, 0, sizeof t);
    t.lang = lang;
    t.lang_len = lang_len;
    t.tokenizer = (uint32_t)w[0];
    t.stem = (uint32_t)w[1];
    t.stopwords = (uint32_t)w[2];
    t.lcs_path = (uint32_t)w[3];
    t.word_limit = (uint64_t)w[4];
    t.byte_limit = (uint64_t)w[5];
    (*env)->GetLongArrayRegion(env, dims, 0, TEXT_DIMS_WORDS, w);
    for (i = 0; i < TEXT_DIMS_WORDS; i++) {
        if (w[i] < 0) {
            config_free(&c);
            throw_iae(env, "negative text dims");
            return 0;
        }
    }
    d.reference_count = (size_t)w[0];
    d.candidate_bytes = (size_t)w[1];
    d.reference_bytes = (size_t)w[2];
    d.candidate_line_bytes = (size_t)w[3];
    d.reference_line_bytes = (size_t)w[4];
    memset(&scorer, 0, sizeof scorer);
    s = rouge_text_scorer_init(c.metrics, c.metric_count, &c.options, &t, &d, &scorer);
    if (s != ROUGE_OK) {
        config_free(&c);
        return -(jlong)s;
    }
    /* The struct, then the metrics, copied into the Java array (metrics re-pointed per call). */
    copy = calloc(SCORER_STRUCT_WORDS + c.metric_count * METRIC_STRUCT_WORDS, sizeof *copy);
    if (copy == NULL) {
        config_free(&c);
        throw_oom(env, "rouge_jni: text scorer");
        return 0;
    }
    scorer.metrics = NULL;
    memcpy(copy, &scorer, sizeof scorer);
    if (c.metric_count > 0) {
        memcpy(copy + SCORER_STRUCT_WORDS, c.metrics, c.metric_count * sizeof *c.metrics);
    }
    (*env)->SetLongArrayRegion(env, state, 0, (jsize)(SCORER_STRUCT_WORDS + c.metric_count * METRIC_STRUCT_WORDS),
                               copy);
    free(copy);
    config_free(&c);
    return scorer.scratch_words > (size_t)INT64_MAX ? -(jlong)ROUGE_ERR_INPUT_TOO_LONG : (jlong)scorer.scratch_words;
}

/* The texts' dims exceed the scorer's: textScore returns this after writing them to dims_out. */
#define TEXT_BEYOND_DIMS (-1)

static int dims_within(const rouge_text_dims *a, const rouge_text_dims *limit)
{
    return a->reference_count <= limit->reference_count && a->candidate_bytes <= limit->candidate_bytes &&
           a->reference_bytes <= limit->reference_bytes && a->candidate_line_bytes <= limit->candidate_line_bytes &&
           a->reference_line_bytes <= limit->reference_line_bytes;
}

/* Pins of textScore: state, scratch, out, candidate, then one per reference. */
enum { TEXT_STATE, TEXT_SCRATCH, TEXT_OUT, TEXT_CAND, TEXT_FIXED_PINS };

/*
 * rouge_text_scorer_score of the first `candidate_len` bytes of `candidate` against the first
 * `reference_lens[r]` bytes of `references[r]`, r < reference_count (reused buffers, longer
 * than their texts). Returns the status, or TEXT_BEYOND_DIMS with the texts' dims written to
 * `dims_out` (5 longs) when they exceed the scorer's: the caller prepares a larger scorer.
 */
JNIEXPORT jint JNICALL Java_org_librouge_Native_textScore(JNIEnv *env, jclass cls, jlongArray state,
                                                         jbyteArray candidate, jint candidate_len,
                                                         jobjectArray references, jintArray reference_lens,
                                                         jint reference_count, jlongArray scratch, jdoubleArray out,
                                                         jlongArray dims_out)
{
    struct pin small_pins[TEXT_FIXED_PINS + SMALL_REFS], *pins = small_pins;
    rouge_str small_refs[SMALL_REFS], *refs = small_refs;
    jint small_lens[SMALL_REFS], *lens = small_lens;
    rouge_text_dims d;
    rouge_str cand;
    size_t n_refs, n_pins, r, fetched = 0, metric_count;
    jint ret = 0;
    jsize state_len;
    int ok = 1;
    (void)cls;

    /* 1. Arguments, outside any critical region. */
    if (state == NULL || candidate == NULL || references == NULL || reference_lens == NULL || scratch == NULL ||
        out == NULL || dims_out == NULL) {
        throw_npe(env, "textScore: an array argument is null");
        return 0;
    }
    state_len = (*env)->GetArrayLength(env, state);
    if ((size_t)state_len < SCORER_STRUCT_WORDS || (state_len - SCORER_STRUCT_WORDS) % METRIC_STRUCT_WORDS != 0 ||
        (*env)->GetArrayLength(env, dims_out) != TEXT_DIMS_WORDS) {
        throw_iae(env, "malformed text scorer state or dims");
        return 0;
    }
    metric_count = (size_t)(state_len - SCORER_STRUCT_WORDS) / METRIC_STRUCT_WORDS;
    if (reference_count < 0 || candidate_len < 0 || candidate_len > (*env)->GetArrayLength(env, candidate) ||
        reference_count > (*env)->GetArrayLength(env, references) ||
        reference_count > (*env)->GetArrayLength(env, reference_lens) ||
        (size_t)(*env)->GetArrayLength(env, out) < metric_count * RESULT_DOUBLES) {
        throw_iae(env, "textScore: a length is negative or exceeds its array");
        return 0;
    }
    n_refs = (size_t)reference_count;
    n_pins = TEXT_FIXED_PINS + n_refs;
    if (n_refs > SMALL_REFS) {
        pins = malloc(n_pins * sizeof *pins);
        refs = malloc(n_refs * sizeof *refs);
        lens = malloc(n_refs * sizeof *lens);
        if (pins == NULL || refs == NULL || lens == NULL) {
            free(pins);
            free(refs);
            free(lens);
            throw_oom(env, "rouge_jni: references");
            return 0;
        }
    }
    if (n_refs > 0) {
        (*env)->GetIntArrayRegion(env, reference_lens, 0, (jsize)n_refs, lens);
    }
    if ((*env)->EnsureLocalCapacity(env, (jint)n_refs) != 0) {
        ok = 0; /* OutOfMemoryError pending */
    }
    pin_set(&pins[TEXT_STATE], state, state_len, JNI_ABORT);
    pin_set(&pins[TEXT_SCRATCH], scratch, (*env)->GetArrayLength(env, scratch), JNI_ABORT);
    pin_set(&pins[TEXT_OUT], out, (jsize)(metric_count * RESULT_DOUBLES), 0);
    pin_set(&pins[TEXT_CAND], candidate, candidate_len, JNI_ABORT);
    for (r = 0; ok && r < n_refs; r++) {
        jarray t = (*env)->GetObjectArrayElement(env, references, (jsize)r);
        pin_set(&pins[TEXT_FIXED_PINS + r], t, 0, JNI_ABORT);
        fetched = r + 1;
        if (t == NULL) {
            throw_npe(env, "a reference is null");
            ok = 0;
        } else if (lens[r] < 0 || lens[r] > (*env)->GetArrayLength(env, t)) {
            throw_iae(env, "a reference length is negative or exceeds its array");
            ok = 0;
        } else {
            pins[TEXT_FIXED_PINS + r].len = lens[r];
        }
    }

    /* 2. The critical region. */
    if (ok && pin_all(env, pins, n_pins)) {
        rouge_text_scorer *scorer = scorer_in((jlong *)pins[TEXT_STATE].ptr);
        rouge_status s;
        cand.ptr = (const char *)pins[TEXT_CAND].ptr;
        cand.len = (size_t)candidate_len;
        for (r = 0; r < n_refs; r++) {
            refs[r].ptr = (const char *)pins[TEXT_FIXED_PINS + r].ptr;
            refs[r].len = (size_t)pins[TEXT_FIXED_PINS + r].len;
        }
        s = rouge_text_dims_of(&cand, refs, n_refs, &d);
        if (s == ROUGE_OK && n_refs > 0 && !dims_within(&d, &scorer->dims)) {
            ret = TEXT_BEYOND_DIMS;
        } else {
            if (s == ROUGE_OK) {
                s = rouge_text_scorer_score(scorer, &cand, refs, n_refs, (uint64_t *)pins[TEXT_SCRATCH].ptr,
                                            (size_t)pins[TEXT_SCRATCH].len, (rouge_result *)pins[TEXT_OUT].ptr);
            }
            ret = (jint)s;
        }
        unpin_all(env, pins, n_pins);
        if (ret == TEXT_BEYOND_DIMS) {
            jlong w[TEXT_DIMS_WORDS];
            w[0] = (jlong)d.reference_count;
            w[1] = (jlong)d.candidate_bytes;
            w[2] = (jlong)d.reference_bytes;
            w[3] = (jlong)d.candidate_line_bytes;
            w[4] = (jlong)d.reference_line_bytes;
            (*env)->SetLongArrayRegion(env, dims_out, 0, TEXT_DIMS_WORDS, w);
        }
    }

    /* 3. Clean up; a pending exception wins over `ret`. */
    for (r = 0; r < fetched; r++) {
        if (pins[TEXT_FIXED_PINS + r].array != NULL) {
            (*env)->DeleteLocalRef(env, pins[TEXT_FIXED_PINS + r].array);
        }
    }
    if (pins != small_pins) {
        free(pins);
        free(refs);
        free(lens);
    }
    return ret;
}

/* ---------------------------------------------------------------------------------------- */
/* Corpus                                                                                    */
/* ---------------------------------------------------------------------------------------- */

enum { BOOTSTRAP_WORDS = 4, SCORE_DOUBLES = 3, AGGREGATE_DOUBLES = 9 };
STATIC_CHECK(score_is_3_doubles, sizeof(rouge_score) == SCORE_DOUBLES * sizeof(jdouble));
STATIC_CHECK(aggregate_is_9_doubles, sizeof(rouge_aggregate) == AGGREGATE_DOUBLES * sizeof(jdouble));

/* Checks `results` holds pair_count * metric_count results and `out` `per_metric` doubles per
   metric; throws and returns 0 otherwise. */
static int corpus_args_ok(JNIEnv *env, jdoubleArray results, jint pair_count, jlong metric_count, jdoubleArray out,
                          jlong per_metric)
{
    if (results == NULL || out == NULL) {
        throw_npe(env, "results and out must not be null");
        return 0;
    }
    if (pair_count < 0 || metric_count < 0 ||
        (jlong)pair_count * metric_count * RESULT_DOUBLES > (jlong)(*env)->GetArrayLength(env, results) ||
        metric_count * per_metric > (jlong)(*env)->GetArrayLength(env, out)) {
        throw_iae(env, "corpus: a count is negative or exceeds its array");
        return 0;
    }
    return 1;
}

JNIEXPORT jint JNICALL Java_org_librouge_Native_corpusMacro(JNIEnv *env, jclass cls, jdoubleArray results,
                                                           jint pair_count, jint metric_count, jdoubleArray out)
{
    struct pin pins[2];
    jint ret = 0;
    (void)cls;
    if (!corpus_args_ok(env, results, pair_count, metric_count, out, SCORE_DOUBLES)) {
        return 0;
    }
    pin_set(&pins[0], results, (*env)->GetArrayLength(env, results), JNI_ABORT);
    pin_set(&pins[1], out, (*env)->GetArrayLength(env, out), 0);
    if (pin_all(env, pins, 2)) {
        ret = (jint)rouge_corpus_macro((const rouge_result *)pins[0].ptr, (size_t)pair_count, (size_t)metric_count,
                                       (rouge_score *)pins[1].ptr);
        unpin_all(env, pins, 2);
    }
    return ret;
}

JNIEXPORT jint JNICALL Java_org_librouge_Native_corpusMicro(JNIEnv *env, jclass cls, jdoubleArray results,
                                                           jint pair_count, jlongArray metrics, jlongArray options,
                                                           jdoubleArray out)
{
    struct pin pins[2];
    struct config c;
    jint ret = 0;
    (void)cls;
    if (!config_read(env, metrics, options, &c)) {
        return 0;
    }
    if (!corpus_args_ok(env, results, pair_count, (jlong)c.metric_count, out, RESULT_DOUBLES)) {
        config_free(&c);
        return 0;
    }
    pin_set(&pins[0], results, (*env)->GetArrayLength(env, results), JNI_ABORT);
    pin_set(&pins[1], out, (*env)->GetArrayLength(env, out), 0);
    if (pin_all(env, pins, 2)) {
        ret = (jint)rouge_corpus_micro((const rouge_result *)pins[0].ptr, (size_t)pair_count, c.metrics, c.metric_count,
                                       &c.options, (rouge_result *)pins[1].ptr);
        unpin_all(env, pins, 2);
    }
    config_free(&c);
    return ret;
}

/* Reads the 4-long bootstrap layout {method, seed, samples, confidence bits}; throws on a null
   or malformed array. */
static int bootstrap_read(JNIEnv *env, jlongArray words, rouge_bootstrap_options *out)
{
    jlong w[BOOTSTRAP_WORDS];
    if (words == NULL) {
        throw_npe(env, "bootstrap options must not be null");
        return 0;
    }
    if ((*env)->GetArrayLength(env, words) != BOOTSTRAP_WORDS) {
        throw_iae(env, "malformed bootstrap option words");
        return 0;
    }
    (*env)->GetLongArrayRegion(env, words, 0, BOOTSTRAP_WORDS, w);
    out->method = (uint32_t)w[0];
    out->seed = (uint32_t)w[1];
    out->samples = w[2] < 0 ? 0 : (size_t)w[2];
    out->confidence = double_of_bits(w[3]);
    return 1;
}

JNIEXPORT jint JNICALL Java_org_librouge_Native_bootstrapOptionsInit(JNIEnv *env, jclass cls, jint method,
                                                                    jlongArray out)
{
    rouge_bootstrap_options b;
    rouge_status s;
    (void)cls;
    if (out == NULL) {
        throw_npe(env, "out must not be null");
        return 0;
    }
    if ((*env)->GetArrayLength(env, out) < BOOTSTRAP_WORDS) {
        throw_iae(env, "out holds fewer than 4 longs");
        return 0;
    }
    s = rouge_bootstrap_options_init((uint32_t)method, &b);
    if (s == ROUGE_OK) {
        jlong w[BOOTSTRAP_WORDS];
        w[0] = (jlong)b.method;
        w[1] = (jlong)b.seed;
        w[2] = b.samples > (size_t)INT64_MAX ? INT64_MAX : (jlong)b.samples;
        memcpy(&w[3], &b.confidence, sizeof b.confidence);
        (*env)->SetLongArrayRegion(env, out, 0, BOOTSTRAP_WORDS, w);
    }
    return (jint)s;
}

/* rouge_bootstrap_scratch_words: the words, or minus a status. */
JNIEXPORT jlong JNICALL Java_org_librouge_Native_bootstrapWords(JNIEnv *env, jclass cls, jlongArray options)
{
    rouge_bootstrap_options b;
    rouge_status s;
    size_t words = 0;
    (void)cls;
    if (!bootstrap_read(env, options, &b)) {
        return 0;
    }
    s = rouge_bootstrap_scratch_words(&b, &words);
    if (s != ROUGE_OK) {
        return -(jlong)s;
    }
    return words > (size_t)INT64_MAX ? -(jlong)ROUGE_ERR_INPUT_TOO_LONG : (jlong)words;
}

JNIEXPORT jint JNICALL Java_org_librouge_Native_corpusBootstrap(JNIEnv *env, jclass cls, jdoubleArray results,
                                                               jint pair_count, jint metric_count,
                                                               jlongArray options, jlongArray scratch,
                                                               jdoubleArray out)
{
    struct pin pins[3];
    rouge_bootstrap_options b;
    jint ret = 0;
    (void)cls;
    if (!bootstrap_read(env, options, &b) ||
        !corpus_args_ok(env, results, pair_count, metric_count, out, AGGREGATE_DOUBLES)) {
        return 0;
    }
    if (scratch == NULL) {
        throw_npe(env, "scratch must not be null");
        return 0;
    }
    pin_set(&pins[0], results, (*env)->GetArrayLength(env, results), JNI_ABORT);
    pin_set(&pins[1], scratch, (*env)->GetArrayLength(env, scratch), JNI_ABORT);
    pin_set(&pins[2], out, (*env)->GetArrayLength(env, out), 0);
    if (pin_all(env, pins, 3)) {
        ret = (jint)rouge_corpus_bootstrap((const rouge_result *)pins[0].ptr, (size_t)pair_count,
                                           (size_t)metric_count, &b, (uint64_t *)pins[1].ptr,
                                           (size_t)pins[1].len, (rouge_aggregate *)pins[2].ptr);
        unpin_all(env, pins, 3);
    }
    return ret;
}
