import type { Metric, MetricObjectWithValues, MetricValue, MetricValueWithName, Registry } from 'prom-client';

/**
 * Counters and histograms for the per-request path (every answer and every query passes here; bench figure 9). A
 * labelled series is found once and then counted in place: an addition for a counter; a bucket index and three
 * additions for a histogram. prom-client's own `inc`/`observe` build a label key string and an object on every call
 * (about 0.2 µs and a little garbage each, and an answer made three such calls), which cost the API several per cent of
 * its throughput on `GET /api/users/me`. prom-client's registry still writes the exposition: these register
 * themselves with it and answer its `get()` in prom-client's own shape, so the scrape reads exactly as before.
 */
abstract class InPlaceMetric<L extends string> {
  readonly aggregator = 'sum';
  abstract readonly type: 'counter' | 'histogram';
  readonly name: string;
  readonly help: string;

  constructor(registry: Registry, name: string, help: string) {
    this.name = name;
    this.help = help;
    registry.registerMetric(this as unknown as Metric<L>);
  }

  /** What the registry writes: every series' values, in the shape of prom-client's own metrics' `get()`. */
  async get(): Promise<Omit<MetricObjectWithValues<MetricValue<L> | MetricValueWithName<L>>, 'collect'>> {
    return {
      name: this.name,
      help: this.help,
      type: this.type as never,
      aggregator: this.aggregator,
      values: this.values(),
    };
  }

  protected abstract values(): Array<MetricValue<L> | MetricValueWithName<L>>;

  /** `registry.resetMetrics()`: every series back to zero (they stay known). */
  abstract reset(): void;
}

type Labels<L extends string> = Record<L, string>;

/** A label set as one key, whatever the order its names were written in. */
function seriesKey(labels: Record<string, string>): string {
  return JSON.stringify(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** A counter whose series are plain numbers. */
export class InPlaceCounter<L extends string> extends InPlaceMetric<L> {
  readonly type = 'counter';
  private readonly series: Array<{ labels: Labels<L>; value: number }> = [];
  private readonly increments = new Map<string, () => void>();

  constructor(registry: Registry, options: { name: string; help: string }) {
    super(registry, options.name, options.help);
  }

  /** One series: its increment (the same one for the same labels). Look it up once and keep it. */
  labels(labels: Labels<L>): () => void {
    const key = seriesKey(labels);
    let increment = this.increments.get(key);
    if (!increment) {
      const series = { labels: { ...labels }, value: 0 };
      this.series.push(series);
      increment = () => {
        series.value++;
      };
      this.increments.set(key, increment);
    }
    return increment;
  }

  protected values(): Array<MetricValue<L>> {
    return this.series.map(({ labels, value }) => ({ labels, value }));
  }

  reset(): void {
    for (const series of this.series) series.value = 0;
  }
}

/** A histogram whose series count their buckets in a typed array. */
export class InPlaceHistogram<L extends string> extends InPlaceMetric<L> {
  readonly type = 'histogram';
  private readonly buckets: readonly number[];
  private readonly series: Array<{ labels: Labels<L>; counts: Float64Array; sum: number; count: number }> = [];
  private readonly observers = new Map<string, (value: number) => void>();

  constructor(registry: Registry, options: { name: string; help: string; buckets: readonly number[] }) {
    super(registry, options.name, options.help);
    this.buckets = [...options.buckets].sort((a, b) => a - b);
  }

  /** One series: its observe (the same one for the same labels). Look it up once and keep it. */
  labels(labels: Labels<L>): (value: number) => void {
    const key = seriesKey(labels);
    const known = this.observers.get(key);
    if (known) return known;
    const { buckets } = this;
    const series = { labels: { ...labels }, counts: new Float64Array(buckets.length), sum: 0, count: 0 };
    this.series.push(series);
    const observe = (value: number) => {
      // The first bucket whose upper bound holds the value (le: less than or equal); above the last, only +Inf.
      for (let i = 0; i < buckets.length; i++) {
        if (value <= (buckets[i] as number)) {
          series.counts[i] = (series.counts[i] as number) + 1;
          break;
        }
      }
      series.sum += value;
      series.count++;
    };
    this.observers.set(key, observe);
    return observe;
  }

  protected values(): Array<MetricValueWithName<L>> {
    const name = this.name;
    const values: Array<MetricValueWithName<L>> = [];
    for (const { labels, counts, sum, count } of this.series) {
      // Buckets are cumulative in the exposition, `le` first as prom-client writes it.
      let below = 0;
      this.buckets.forEach((bound, i) => {
        below += counts[i] as number;
        values.push({ labels: { le: bound, ...labels }, value: below, metricName: `${name}_bucket` });
      });
      values.push({ labels: { le: '+Inf', ...labels }, value: count, metricName: `${name}_bucket` });
      values.push({ labels, value: sum, metricName: `${name}_sum` });
      values.push({ labels, value: count, metricName: `${name}_count` });
    }
    return values;
  }

  reset(): void {
    for (const series of this.series) {
      series.counts.fill(0);
      series.sum = 0;
      series.count = 0;
    }
  }
}
