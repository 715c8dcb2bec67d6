import type { TermsReport } from '#domain/contract.ts';
import { reportDay } from '#domain/terms-report.ts';
import { chartSummary, reportsTexts } from '../texts.ts';

// Decisions per week (bars, left scale) and the share of them on time (a line, right scale, 0–100 %): hand-written
// SVG, no library and no inline styles (the CSP), coloured by classes of styles/reports.css. Its text alternative is
// the weeks' table under it, which the image names.

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { top: 16, right: 60, bottom: 44, left: 44 };

/** A rounded-up scale top with whole ticks: 1, 2, 5, 10, 20, 50… */
function scaleTop(max: number): number {
  if (max <= 4) return Math.max(max, 1);
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

export default function WeeksChart({ weeks }: { weeks: TermsReport['weeks'] }) {
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const top = scaleTop(Math.max(0, ...weeks.map((week) => week.decisions)));
  const slot = plotWidth / Math.max(weeks.length, 1);
  const barWidth = Math.max(4, Math.min(36, slot * 0.6));
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const yShare = (share: number) => PAD.top + plotHeight - share * plotHeight;
  const x = (index: number) => PAD.left + slot * index + slot / 2;
  const labelEvery = Math.max(1, Math.ceil(weeks.length / 8));
  const points = weeks.flatMap((week, index) =>
    week.decisions === 0 ? [] : [{ x: x(index), y: yShare(week.onTime / week.decisions) }],
  );
  const decisions = weeks.reduce((sum, week) => sum + week.decisions, 0);
  const onTime = weeks.reduce((sum, week) => sum + week.onTime, 0);
  const ticks = top <= 4 ? Array.from({ length: top + 1 }, (_, i) => i) : [0, top / 2, top];

  return (
    <figure className="report-chart">
      <figcaption className="report-chart__title">{reportsTexts.chartTitle}</figcaption>
      <svg
        className="report-chart__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={chartSummary(weeks.length, decisions, onTime)}
        preserveAspectRatio="xMidYMid meet"
      >
        {ticks.map((tick) => (
          <g key={`d${tick}`}>
            <line className="report-chart__grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text className="report-chart__axis" x={PAD.left - 6} y={y(tick) + 4} textAnchor="end">
              {tick}
            </text>
          </g>
        ))}
        {[0, 50, 100].map((percent) => (
          <text
            key={`s${percent}`}
            className="report-chart__axis"
            x={WIDTH - PAD.right + 6}
            y={yShare(percent / 100) + 4}
            textAnchor="start"
          >
            {`${percent} %`}
          </text>
        ))}
        {weeks.map((week, index) => (
          <g key={week.weekStart}>
            {week.decisions > 0 && (
              <rect
                className="report-chart__bar"
                x={x(index) - barWidth / 2}
                y={y(week.decisions)}
                width={barWidth}
                height={PAD.top + plotHeight - y(week.decisions)}
                rx={2}
              />
            )}
            {index % labelEvery === 0 && (
              <text className="report-chart__axis" x={x(index)} y={HEIGHT - PAD.bottom + 26} textAnchor="middle">
                {reportDay(week.weekStart).slice(0, 5)}
              </text>
            )}
          </g>
        ))}
        {points.length > 1 && (
          <polyline className="report-chart__line" points={points.map((p) => `${p.x},${p.y}`).join(' ')} />
        )}
        {points.map((p) => (
          <circle key={`${p.x}`} className="report-chart__dot" cx={p.x} cy={p.y} r={4} />
        ))}
      </svg>
      <p className="report-chart__legend" aria-hidden="true">
        <span className="report-chart__key report-chart__key--bar" />
        {reportsTexts.chartLegendDecisions}
        <span className="report-chart__key report-chart__key--line" />
        {reportsTexts.chartLegendShare}
      </p>
    </figure>
  );
}
