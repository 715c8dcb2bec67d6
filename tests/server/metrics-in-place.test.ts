import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { InPlaceCounter, InPlaceHistogram } from '../../server/src/metrics/in-place.ts';

const BUCKETS = [0.005, 0.01, 0.025, 0.1, 1];
// On a bound (le: less than or equal), between bounds, below the first, above the last, zero.
const VALUES = [0.005, 0.01, 0.0049, 0.2, 7, 0, 0.025, 0.0251, 1, 1.0001, 0.003];

/** The same observations through prom-client's own metrics and through ours, each in its own registry. */
function bothWays() {
  const theirs = new Registry();
  const ours = new Registry();
  const theirHistogram = new Histogram({
    name: 'x_seconds',
    help: 'X',
    labelNames: ['method', 'route'],
    buckets: BUCKETS,
    registers: [theirs],
  });
  const theirCounter = new Counter({
    name: 'x_total',
    help: 'Y',
    labelNames: ['method', 'route', 'status'],
    registers: [theirs],
  });
  const ourHistogram = new InPlaceHistogram<'method' | 'route'>(ours, {
    name: 'x_seconds',
    help: 'X',
    buckets: BUCKETS,
  });
  const ourCounter = new InPlaceCounter<'method' | 'route' | 'status'>(ours, { name: 'x_total', help: 'Y' });
  const series = [
    { method: 'GET', route: '/api/users/me' },
    { method: 'POST', route: '/api/prefiles' },
  ];
  series.forEach((labels, n) => {
    const observe = ourHistogram.labels(labels);
    const count200 = ourCounter.labels({ ...labels, status: '200' });
    const count404 = ourCounter.labels({ ...labels, status: '404' });
    for (const value of VALUES.slice(n)) {
      theirHistogram.observe(labels, value);
      observe(value);
      theirCounter.inc({ ...labels, status: '200' });
      count200();
    }
    theirCounter.inc({ ...labels, status: '404' });
    count404();
  });
  return { theirs, ours };
}

describe('metrics counted in place', () => {
  it('write exactly what prom-client writes for the same observations', async () => {
    const { theirs, ours } = bothWays();
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain('x_seconds_bucket{le="0.005",method="GET",route="/api/users/me"} 4');
    expect(text).toContain('x_seconds_bucket{le="+Inf",method="GET",route="/api/users/me"} 11');
    expect(text).toContain('x_total{method="POST",route="/api/prefiles",status="404"} 1');
    // The JSON too, but for prom-client's exemplar slots (null: exemplars are not enabled).
    const withoutExemplars = (json: unknown) =>
      JSON.parse(JSON.stringify(json, (key, value) => (key === 'exemplar' ? undefined : value)));
    expect(await ours.getMetricsAsJSON()).toEqual(withoutExemplars(await theirs.getMetricsAsJSON()));
  });

  it('go back to zero with the registry and keep counting', async () => {
    const registry = new Registry();
    const histogram = new InPlaceHistogram<'outcome'>(registry, { name: 'q_seconds', help: 'Q', buckets: BUCKETS });
    const observe = histogram.labels({ outcome: 'ok' });
    observe(0.5);
    registry.resetMetrics();
    expect(await registry.metrics()).toContain('q_seconds_count{outcome="ok"} 0');
    observe(0.02);
    const text = await registry.metrics();
    expect(text).toContain('q_seconds_bucket{le="0.01",outcome="ok"} 0');
    expect(text).toContain('q_seconds_bucket{le="0.025",outcome="ok"} 1');
    expect(text).toContain('q_seconds_sum{outcome="ok"} 0.02');
  });

  it('answer the same series for the same labels, in any order', async () => {
    const registry = new Registry();
    const counter = new InPlaceCounter<'method' | 'route'>(registry, { name: 'same_total', help: 'S' });
    counter.labels({ method: 'GET', route: '/a' })();
    counter.labels({ route: '/a', method: 'GET' })();
    const histogram = new InPlaceHistogram<'outcome'>(registry, { name: 'same_seconds', help: 'S', buckets: BUCKETS });
    histogram.labels({ outcome: 'ok' })(0.001);
    histogram.labels({ outcome: 'ok' })(0.002);
    const text = await registry.metrics();
    expect(text).toContain('same_total{method="GET",route="/a"} 2');
    expect(text.match(/same_total\{/g)).toHaveLength(1);
    expect(text).toContain('same_seconds_count{outcome="ok"} 2');
  });

  it('refuse a second metric of the same name, as prom-client does', () => {
    const registry = new Registry();
    new InPlaceCounter(registry, { name: 'dup_total', help: 'D' });
    expect(() => new InPlaceCounter(registry, { name: 'dup_total', help: 'D' })).toThrow(/already been registered/);
  });
});
