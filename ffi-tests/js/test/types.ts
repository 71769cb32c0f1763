// Compiled (not run) by `make types` against rouge.d.ts: the uses the README shows type-check,
// and the @ts-expect-error lines fail the build if the declarations stop rejecting misuse.
import { init, Scorer, Metric, Kind, RougeError, Status, tokenize, version, xlsumCleanText, xlsumSegmenter, type Score, type StatusCode } from '../rouge.js';

export async function example(): Promise<number> {
  await init();
  const scorer = new Scorer(['rouge1', Metric.lsum(), Metric.w(1.2)], { flavour: 'perl', stem: true, multiReference: 'perl-b' });
  const fromText: Score[] = scorer.score('The cat sat.\nIt was sunny.', ['A cat sat on a mat.', 'The cat']);
  const fromIds: Score[] = scorer.score(Uint32Array.of(1, 2, 3), [[1, 2], { tokens: [3], sentenceEnds: [1] }]);
  const sums = tokenize(['a b', 'b c'], { tokenizer: 'unicode' });
  const ends: Uint32Array = sums[0].sentenceEnds;
  const kind: number = Metric.parse('rougeSU*').kind === Kind.SU ? 1 : 0;
  try {
    new Scorer(['rouge0']);
  } catch (e) {
    if (e instanceof RougeError) {
      const code: StatusCode = e.code;
      const status: number = e.status === Status.INVALID_ARGUMENT ? 4 : 0;
      return code.length + status;
    }
  }
  const bengali: Score[] = new Scorer(['rouge1'], { tokenizer: 'xlsum', lang: 'bengali', stem: true }).score('ক খ', 'ক');
  const zh = new Scorer(['rouge1', 'rougeLsum'], { tokenizer: 'xlsum', lang: 'chinese' });
  const segmenter: string | undefined = xlsumSegmenter('chinese');
  const clean: string = xlsumCleanText('我爱北京。');
  const fromTokens: Score[] = zh.scoreSegmented('我爱北京。', ['我爱上海。'], [['我', '爱', '北京'], ['我', '爱', '上海']]);
  const chars: Score[] = new Scorer(['rouge1'], { tokenizer: 'character-v1' }).score('我爱', '爱');
  return fromText[0].fmeasure + fromIds[1].recall + ends.length + kind + version().length + bengali[0].recall +
    fromTokens[1].fmeasure + chars[0].hit + clean.length + (segmenter ?? '').length;
}

export function misuse(scorer: Scorer): void {
  // @ts-expect-error a text candidate takes text references
  scorer.score('a b', [[1, 2]]);
  // @ts-expect-error flavours are 'rouge-score' and 'perl'
  new Scorer(['rouge1'], { flavour: 'python' });
  // @ts-expect-error segmenter tokens are strings, one array per text
  scorer.scoreSegmented('a', ['b'], [[1], [2]]);
  // @ts-expect-error the tokenisers are named
  new Scorer(['rouge1'], { tokenizer: 'jieba' });
  // @ts-expect-error a metric is a name or a Metric
  new Scorer([1]);
  // @ts-expect-error the fields of a score are read-only numbers, not strings
  const f: string = scorer.score('a', 'b')[0].fmeasure;
  void f;
}
