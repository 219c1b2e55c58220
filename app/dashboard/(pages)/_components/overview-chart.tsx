"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Card } from "@/components/ui/card";
import { cn, focusRing } from "@/components/ui/cn";
import { formatMoney, toMajor } from "@/lib/core/money";
import { intlLocale } from "@/lib/core/languages";
import { useI18n } from "@/lib/i18n/provider";
import { formatDate } from "@/lib/i18n/numbers";
import type { Stats } from "@/lib/query/types";

// The overview's chart, hand-drawn in SVG at the width it is given: bars for the period's net
// revenue per day (the headline's « Revenu net », day by day: the bars add up to it; a day that
// refunds outweigh goes below zero), a dashed line for the same days of the period before, money axis
// with gridlines, a few dates below. A tooltip follows the pointer or the arrow keys; a table
// (for screen readers) says the same day by day.

const HEIGHT = 220;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 72 };

/** A round step for about `count` gridlines up to `max`: 1, 2, 2.5 or 5 times a power of ten. */
export function niceTicks(max: number, count = 4): number[] {
  if (max <= 0) return [0, 1];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

export function OverviewChart({ stats, stale = false }: { stats: Stats; stale?: boolean }) {
  const { t, lang, fill, count } = useI18n();
  const id = useId();
  const [box, width] = useWidth<HTMLDivElement>();
  // the day shown, counted back from the last (0: today): a period change keeps today today and
  // can never point past the new period's days
  const [back, setBack] = useState<number | null>(null);
  const major = (minor: number) => toMajor(minor, stats.currency);
  const money = (minor: number) => formatMoney(minor, stats.currency, lang);
  const compact = (value: number) =>
    new Intl.NumberFormat(intlLocale(lang), { style: "currency", currency: stats.currency, notation: "compact", maximumFractionDigits: 1 }).format(value);
  const day = (date: string) => formatDate(date, lang, { day: "numeric", month: "short" });
  const days = stats.daily;
  const last = days.length - 1;
  const active = back === null || last < 0 ? null : Math.max(0, last - back);
  const previous = stats.previous.daily;
  const empty = [...days, ...previous].every((d) => d.succeeded === 0 && d.net === 0);

  // an axis from the lowest day (0, or below when refunds outweighed a day) to the highest, in round steps
  const values = [...days, ...previous].map((d) => major(d.net));
  const hi = Math.max(0, ...values);
  const lo = Math.min(0, ...values);
  const step = niceTicks(Math.max(hi, -lo))[1]!;
  const top = Math.max(step, Math.ceil(hi / step) * step);
  const bottom = -Math.ceil(-lo / step) * step;
  const ticks = Array.from({ length: Math.round((top - bottom) / step) + 1 }, (_, i) => bottom + i * step);
  const plotWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const slot = days.length ? plotWidth / days.length : 0;
  const y = (minor: number) => MARGIN.top + ((top - major(minor)) / (top - bottom)) * plotHeight;
  const x = (i: number) => MARGIN.left + i * slot;
  // dates far enough apart to read: about one per 64 px
  const every = Math.max(1, Math.ceil(days.length / Math.max(1, Math.floor(plotWidth / 64))));
  const words = (i: number) => count(t.statuses.chartDay, days[i]!.succeeded, { date: day(days[i]!.date), amount: money(days[i]!.net) });

  const onPointer = (event: React.PointerEvent<SVGSVGElement>) => {
    const left = event.currentTarget.getBoundingClientRect().left;
    // the nearest day: the margins beside the plot count as its first and last days
    const i = Math.floor((event.clientX - left - MARGIN.left) / slot);
    setBack(last - Math.min(last, Math.max(0, i)));
  };
  const onKey = (event: React.KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: -1, ArrowLeft: 1 };
    if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      setBack(event.key === "Home" ? last : 0);
    } else if (event.key in moves) {
      event.preventDefault();
      setBack((b) => Math.min(last, Math.max(0, Math.min(b ?? 0, last) + moves[event.key]!)));
    } else if (event.key === "Escape") setBack(null);
  };

  return (
    <Card title={t.statuses.chartTitle} action={<Legend />}>
      {empty ? (
        <p className="py-8 text-center text-sm text-stone-600">{t.overview.chartEmpty}</p>
      ) : (
        <figure>
          <div
            ref={box}
            className={cn("relative rounded-md", focusRing, stale && "opacity-60")}
            aria-busy={stale || undefined}
            tabIndex={0}
            role="group"
            aria-label={`${t.statuses.chartTitle}. ${t.overview.chartKeys}`}
            aria-describedby={`${id}-tip`}
            onKeyDown={onKey}
            onFocus={() => setBack((b) => b ?? 0)}
            onBlur={() => setBack(null)}
          >
            {width > 0 && (
              <svg
                width={width}
                height={HEIGHT}
                role="img"
                aria-label={`${t.statuses.chartTitle}, ${day(stats.from)} – ${day(stats.to)}`}
                onPointerMove={onPointer}
                onPointerLeave={() => setBack(null)}
                className="block touch-pan-y"
              >
                {ticks.map((tick) => {
                  const at = MARGIN.top + ((top - tick) / (top - bottom)) * plotHeight;
                  return (
                    <g key={tick}>
                      <line x1={MARGIN.left} x2={width - MARGIN.right} y1={at} y2={at} className={tick === 0 ? "stroke-stone-400" : "stroke-stone-200"} />
                      <text x={MARGIN.left - 8} y={at} dy="0.32em" textAnchor="end" className="fill-stone-600 text-[11px] tabular-nums">
                        {compact(tick)}
                      </text>
                    </g>
                  );
                })}
                {days.map((d, i) =>
                  i % every === 0 ? (
                    <text key={d.date} x={x(i) + slot / 2} y={HEIGHT - 8} textAnchor="middle" className="fill-stone-600 text-[11px]">
                      {day(d.date)}
                    </text>
                  ) : null,
                )}
                {active !== null && <rect x={x(active)} y={MARGIN.top} width={slot} height={plotHeight} className="fill-teal-50" />}
                {days.map((d, i) => {
                  const gap = Math.min(4, slot * 0.2);
                  const from = y(Math.max(0, d.net));
                  const h = y(Math.min(0, d.net)) - from;
                  return d.net !== 0 ? (
                    <rect
                      key={d.date}
                      x={x(i) + gap / 2}
                      y={from}
                      width={Math.max(1, slot - gap)}
                      height={Math.max(2, h)}
                      rx={Math.min(3, slot / 4)}
                      className={d.net < 0 ? (i === active ? "fill-red-800" : "fill-red-600") : i === active ? "fill-teal-800" : "fill-teal-600"}
                    />
                  ) : null;
                })}
                <polyline
                  points={previous.map((d, i) => `${x(i) + slot / 2},${y(d.net)}`).join(" ")}
                  fill="none"
                  strokeWidth={2}
                  strokeDasharray="5 4"
                  strokeLinejoin="round"
                  className="stroke-stone-500"
                />
              </svg>
            )}
            <Tooltip
              id={`${id}-tip`}
              left={active === null ? 0 : Math.min(Math.max(x(active) + slot / 2, 90), Math.max(90, width - 90))}
              title={active === null ? "" : words(active)}
              previous={active === null ? "" : fill(t.overview.tipPrevious, { amount: money(previous[active]?.net ?? 0) })}
              hidden={active === null}
            />
          </div>
          <figcaption className="sr-only">{t.overview.chartKeys}</figcaption>
          {/* the box clips it: a table cannot be made narrower than its content */}
          <div className="sr-only">
          <table>
            <caption>{t.overview.chartTable}</caption>
            <thead>
              <tr>
                <th scope="col">{t.overview.colDate}</th>
                <th scope="col">{t.overview.colCount}</th>
                <th scope="col">{t.overview.volume}</th>
                <th scope="col">{t.overview.colPrevious}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d, i) => (
                <tr key={d.date}>
                  <th scope="row">{day(d.date)}</th>
                  <td>{d.succeeded}</td>
                  <td>{money(d.net)}</td>
                  <td>{money(previous[i]?.net ?? 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
        </figure>
      )}
    </Card>
  );
}

function Tooltip({ id, left, title, previous, hidden }: { id: string; left: number; title: string; previous: string; hidden: boolean }) {
  return (
    <div
      id={id}
      role="status"
      className={cn(
        "pointer-events-none absolute top-0 w-44 -translate-x-1/2 rounded-md bg-stone-900 px-3 py-2 text-xs text-white shadow-lg",
        hidden && "sr-only",
      )}
      style={{ left }}
    >
      {!hidden && (
        <>
          <p className="font-semibold">{title}</p>
          <p className="text-stone-300">{previous}</p>
        </>
      )}
    </div>
  );
}

function Legend() {
  const { t } = useI18n();
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700">
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-teal-600" />
        {t.overview.legendCurrent}
      </li>
      <li className="flex items-center gap-1.5">
        <svg aria-hidden="true" width="18" height="4" className="stroke-stone-500">
          <line x1="0" x2="18" y1="2" y2="2" strokeWidth="2" strokeDasharray="5 4" />
        </svg>
        {t.overview.legendPrevious}
      </li>
    </ul>
  );
}
