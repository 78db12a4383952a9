import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { angka } from '../core/format';
import { T } from '../core/texts';
import type { BarSpec } from './chart';

/**
 * One figure: a heading, the bar chart (Chart.js, loaded when the first chart is shown) and
 * the same numbers in a table, which is what a screen reader reads (the canvas is an image
 * whose label points to it) and what a person reads exactly.
 */
export function Figure({
  id,
  title,
  spec,
  nameHeader,
  chartHeight,
  note,
}: {
  id: string;
  title: string;
  spec: BarSpec;
  /** The table's first column header (Kategori, Provinsi, Bulan …). */
  nameHeader: string;
  chartHeight: number;
  note?: ReactNode;
}) {
  const headingId = useId();
  const empty = spec.labels.length === 0;
  return (
    <section className="card figure" aria-labelledby={headingId} data-figure={id}>
      <h2 id={headingId}>{title}</h2>
      {note}
      {empty ? (
        <p className="muted">{T.statistik.noData}</p>
      ) : (
        <div className="figure-body">
          <BarCanvas id={id} title={title} spec={spec} height={chartHeight} />
          <FigureTable spec={spec} nameHeader={nameHeader} title={title} />
        </div>
      )}
    </section>
  );
}

function BarCanvas({ id, title, spec, height }: { id: string; title: string; spec: BarSpec; height: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let undraw: (() => void) | undefined;
    let live = true;
    import('./chart').then(
      ({ drawBars, Chart }) => {
        const canvas = ref.current;
        if (!live || !canvas) return;
        drawBars(canvas, spec);
        canvas.dataset.drawn = 'true';
        undraw = () => Chart.getChart(canvas)?.destroy();
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      undraw?.();
    };
  }, [spec]);
  if (failed) return <p className="notice error">{T.statistik.chartFailed}</p>;
  return (
    <div className="chart-box" style={{ height }}>
      <canvas id={id} ref={ref} role="img" aria-label={T.statistik.chartAlt(title)} />
    </div>
  );
}

function FigureTable({ spec, nameHeader, title }: { spec: BarSpec; nameHeader: string; title: string }) {
  const totals = spec.series.map((s) => s.data.reduce((a, b) => a + b, 0));
  const single = spec.series.length === 1;
  return (
    <div className="table-wrap">
      <table>
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{nameHeader}</th>
            {spec.series.map((s) => (
              <th key={s.label} scope="col" className="num">
                {single ? T.statistik.count : s.label}
              </th>
            ))}
            {single && (
              <th scope="col" className="num">
                {T.statistik.share}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {spec.labels.map((name, i) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              {spec.series.map((s) => (
                <td key={s.label} className="num">
                  {angka(s.data[i] ?? 0)}
                </td>
              ))}
              {single && <td className="num">{share(spec.series[0]!.data[i] ?? 0, totals[0]!)}</td>}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{T.statistik.total}</th>
            {totals.map((t, i) => (
              <td key={i} className="num">
                {angka(t)}
              </td>
            ))}
            {single && <td className="num">{totals[0] ? '100%' : '–'}</td>}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

const share = (n: number, total: number) =>
  total ? `${new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 }).format((n * 100) / total)}%` : '–';
