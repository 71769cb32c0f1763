/* Runs on aarch64 (under qemu-user in the test): librouge cross-built for aarch64 scores text
   and gives the values worked out by hand. Exit status 0 when it does. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "rouge.h"

int main(void)
{
    /* "the cat sat on the mat" vs "the cat ran": ROUGE-1 hits {the, cat} = 2 of reference 3,
       candidate 6: P 1/3, R 2/3, F 4/9. */
    rouge_str cand = {"The cat sat on the mat", 22}, ref = {"the cat ran", 11};
    rouge_metric metric;
    rouge_options opt;
    rouge_text_options topt;
    rouge_text_dims dims;
    rouge_result out;
    size_t words;
    uint64_t *scratch;
    rouge_status s;
    if (rouge_metric_parse("rouge1", 6, &metric) != ROUGE_OK || rouge_options_init(ROUGE_FLAVOUR_ROUGE_SCORE, &opt) ||
        rouge_text_options_init(ROUGE_TOKENIZER_ROUGE_SCORE, &topt) || rouge_text_dims_of(&cand, &ref, 1, &dims) ||
        rouge_text_scratch_words(&metric, 1, &opt, &topt, &dims, &words)) {
        return 1;
    }
    scratch = malloc(words * sizeof *scratch);
    s = rouge_score_text(&cand, &ref, 1, &metric, 1, &opt, &topt, scratch, words, &out);
    free(scratch);
    if (s != ROUGE_OK || out.score.precision != 1.0 / 3 || out.score.recall != 2.0 / 3 ||
        out.score.fmeasure != 2 * (1.0 / 3) * (2.0 / 3) / (1.0 / 3 + 2.0 / 3)) {
        printf("aarch64 smoke: %s P %.17g R %.17g F %.17g\n", rouge_status_str(s), out.score.precision,
               out.score.recall, out.score.fmeasure);
        return 1;
    }
    printf("aarch64 smoke (librouge %s): rouge1 P %.17g R %.17g F %.17g as computed by hand\n", rouge_version(),
           out.score.precision, out.score.recall, out.score.fmeasure);
    return 0;
}
